import Foundation
import StagehandTestSupport
import StagehandCore
@testable import StagehandHost
import Testing

/// Effects that play several operations: kind `navigation` (push and pop), `modal`
/// (present and dismiss) and `any` (all four) are read from a manifest, chosen for each
/// role of the operations they play and refused for the others, shown in both
/// directions by their standard scenario, and checked so by `stagehand validate`.
@Suite struct MultiOperationKindTests {
    /// One bundle with an effect of each of the three kinds; every one adds the incoming
    /// view (if the context has one) and completes at once.
    static func bundle() -> TestBundle {
        var bundle = TestBundle(effect: "both-ways", factory: "both_ways_create")
        bundle.manifest = """
            {"abi": {"major": 1, "minor": 0}, "bundle": {"name": "BothWays", "version": "1.0.0"}, "effects": [
             \(["navigation", "modal", "any"].map { kind in
                """
                {"name": "\(kind)-effect", "kind": "\(kind)", "interactive": false, "factory": "both_ways_create",
                 "parameters": [{"name": "duration", "type": "double", "default": 0.25, "min": 0, "max": 5}],
                 "description": "Plays every operation of its kind."}
                """ }.joined(separator: ", "))]}
            """
        bundle.animateBody = """
            (void)self;
            sh_view *to = host->context_view(context, SH_KEY_TO);
            if (to) host->view_add_subview(host->context_container_view(context), to);
            host->context_complete_transition(context, !host->context_transition_was_cancelled(context));
            """
        return bundle
    }

    static func load() throws -> (EffectLibrary, String) {
        let workspace = try Workspace()
        let plugins = try workspace.directory("plugins")
        let path = try workspace.compile(bundle().source, to: "plugins/libBothWays.so")
        let (library, diagnostics) = TestEnvironment.load(plugins: [plugins])
        #expect(diagnostics.filter { $0.contains(path) }.isEmpty, "\(diagnostics)")
        return (library, path)
    }

    @Test func theManifestsKindsAreRead() throws {
        let (library, _) = try Self.load()
        #expect(try library.effect(named: "navigation-effect").kind == .navigation)
        #expect(try library.effect(named: "modal-effect").kind == .modal)
        #expect(try library.effect(named: "any-effect").kind == .any)
        #expect(EffectKind.navigation.plays == [.push, .pop])
        #expect(EffectKind.modal.plays == [.present, .dismiss])
        #expect(EffectKind.any.plays == [.push, .pop, .present, .dismiss])
        #expect(EffectKind.pop.plays == [.pop])
    }

    @Test func eachKindFitsTheRolesOfItsOperationsOnly() throws {
        let (library, _) = try Self.load()
        let fits: [String: Set<CoordinatorRole>] = [
            "navigation-effect": [.push, .pop, .interactivePop],
            "modal-effect": [.present, .dismiss, .interactiveDismiss],
            "any-effect": Set(CoordinatorRole.allCases),
        ]
        for (name, roles) in fits {
            for role in CoordinatorRole.allCases {
                let coordinator = Coordinator(library: library)
                do {
                    try coordinator.use(name, for: role)
                    #expect(roles.contains(role), "\(name) was accepted for \(role)")
                    #expect(coordinator.effectName(for: role) == name)
                } catch {
                    #expect(!roles.contains(role), "\(name) refused for \(role): \(error.message)")
                }
            }
        }
        let coordinator = Coordinator(library: library)
        #expect(throws: Diagnostic.self) { try coordinator.use("navigation-effect", for: .present) }
        do {
            try coordinator.use("modal-effect", for: .push)
        } catch {
            #expect(error.message.contains("modal-effect is a modal effect; push takes push or navigation or any"), "\(error.message)")
        }
    }

    /// The same effect animates the push and the pop, the presentation and the
    /// dismissal, chosen once per role in a scenario.
    @Test func oneEffectPlaysBothDirections() throws {
        let (library, _) = try Self.load()
        let scenario = try ScenarioParser.parse(Data("""
            {"screen": {"width": 100, "height": 200, "fps": 20},
             "root": {"title": "Inbox"},
             "navigation": {"push": "any-effect", "pop": "navigation-effect"},
             "steps": [{"push": {"title": "Detail"}}, {"wait": 1}, {"pop": {}}, {"wait": 1},
                       {"present": {"title": "Compose", "effect": "modal-effect", "dismissal": "any-effect"}}, {"wait": 1},
                       {"dismiss": {}}, {"wait": 1}]}
            """.utf8), file: "both.json")
        let trace = ScenarioRunner(library: library).run(scenario).trace
        #expect(trace.events.map { "\($0.kind) \($0.operation) \($0.effect)" } == [
            "began push any-effect", "completed push any-effect",
            "began pop navigation-effect", "completed pop navigation-effect",
            "began present modal-effect", "completed present modal-effect",
            "began dismiss any-effect", "completed dismiss any-effect",
        ])
    }

    /// The standard scenario plays each operation of the kind with the effect itself.
    @Test func theStandardScenarioPlaysEveryOperationOfTheKind() throws {
        let (library, _) = try Self.load()
        for name in ["navigation-effect", "modal-effect", "any-effect"] {
            let effect = try library.effect(named: name)
            let scenario = StandardScenario.make(for: effect, library: library, screen: Size(width: 390, height: 844), framesPerSecond: 30)
            let result = ScenarioRunner(library: library).run(scenario)
            let played = result.trace.events.filter { $0.kind == "began" && $0.effect == name }.map(\.operation)
            #expect(played == effect.kind.plays.map(\.rawValue), "\(name): \(played)")
            #expect(!result.trace.events.contains { $0.kind == "error" }, "\(name): \(result.trace.events)")
            expectSettled(result)
        }
    }

    @Test func validateAndInfoKnowTheKinds() throws {
        let workspace = try Workspace()
        let plugins = try workspace.directory("plugins")
        let path = try workspace.compile(Self.bundle().source, to: "plugins/libBothWays.so")
        let run = try runStagehand(["validate", path])
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        #expect(run.output.contains("ok  navigation-effect (navigation)"), "\(run.output)")
        #expect(run.output.contains("ok  modal-effect (modal)"), "\(run.output)")
        #expect(run.output.contains("ok  any-effect (any)"), "\(run.output)")
        let info = try runStagehand(["info", "modal-effect", "--plugins", plugins])
        #expect(info.status == 0, "\(info.errors)")
        #expect(info.output.contains("modal (plays present, dismiss)"), "\(info.output)")
    }
}
