import Foundation
import StagehandTestSupport
import StagehandCore
@testable import StagehandHost
import Testing

/// No operation without a record: every operation that changes the scene is an event in
/// the trace (`applied` when it happens without a transition) and a line on standard
/// error; one that changes nothing says so; a run that ends before the scene settles
/// names what was still running and what never ran; and a scene an effect left broken is
/// blamed on that effect at every later check, not on the next transition's.
@Suite struct OperationRecordTests {
    static func events(_ result: ScenarioResult) -> [String] {
        result.trace.events.map { "\($0.kind) \($0.operation) \($0.effect)\($0.message.map { ": " + $0 } ?? "")" }
    }

    static func notes(_ result: ScenarioResult) -> [String] {
        result.stage.diagnostics.map(\.description)
    }

    @Test func aPushAndPopUnderAFullScreenModalAreRecordedAsApplied() throws {
        let result = try BuiltInEffects.play("""
            {"steps": [{"present": {"title": "M1"}}, {"wait": 2}, {"push": {"title": "V1"}}, {"wait": 2},
                       {"push": {"title": "V2"}}, {"pop": {}}, {"wait": 2}, {"dismiss": {}}, {"wait": 2}]}
            """)
        let reason = "applied at once, without a transition: the navigation controller's view is not in the window"
        #expect(Self.events(result) == [
            "began present system-present", "completed present system-present",
            "applied push navigation: push of V1 \(reason)",
            "applied push navigation: push of V2 \(reason)",
            "applied pop navigation: pop of V2 to V1 \(reason)",
            "began dismiss system-dismiss", "completed dismiss system-dismiss",
        ], "\(Self.events(result))")
        #expect(Self.notes(result).contains("note: navigation: push of V1 \(reason)"), "\(Self.notes(result))")
        #expect(result.coordinator.topNavigationController?.viewControllers.map(\.title) == ["Root", "V1"])
    }

    @Test func aPushAfterAnEffectTookTheNavigationViewOutIsRecorded() throws {
        let workspace = try Workspace()
        let plugins = try workspace.directory("plugins")
        try workspace.compile(SettledSceneTests.navigationRemover().source, to: "plugins/libNavRemover.so")
        let scenario = try workspace.write("run.json", """
            {"navigation": {"push": "nav-remover"},
             "steps": [{"push": {"title": "A"}}, {"wait": 1}, {"push": {"title": "B"}}, {"wait": 1}]}
            """)
        let run = try runStagehand(["play", scenario, "--plugins", plugins])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.errors.contains("note: navigation: push of B applied at once, without a transition: the navigation controller's view is not in the window\n"), "\(run.errors)")
        #expect(run.output.contains("applied   push      navigation: push of B applied at once"), "\(run.output)")
    }

    @Test func popToRootWithNoNavigationControllerIsAnErrorAndOnTheRootANote() throws {
        let container = try BuiltInEffects.play("""
            {"root": {"title": "Root", "child": "Child"}, "steps": [{"popToRoot": {}}]}
            """)
        #expect(Self.events(container) == ["error pop navigation: popToRoot: there is no navigation controller"])
        let root = try BuiltInEffects.play(#"{"steps": [{"popToRoot": {}}]}"#)
        #expect(root.trace.events.isEmpty)
        #expect(Self.notes(root) == ["note: navigation: popToRootViewController on the root view controller does nothing"])
    }

    @Test func operationsWithoutAnimationAreRecordedAsApplied() throws {
        let stage = Stage()
        let nav = NavigationController(rootViewController: ViewController(title: "Root"))
        stage.window.rootViewController = nav
        nav.pushViewController(ViewController(title: "A"), animated: false)
        nav.popViewController(animated: false)
        nav.present(ViewController(title: "M"), animated: false)
        nav.dismiss(animated: false)
        stage.settle()
        #expect(stage.transitionEvents.map { "\($0.kind.rawValue) \($0.operation.rawValue) \($0.message ?? "")" } == [
            "applied push push of A applied at once, without a transition: it was asked for without animation",
            "applied pop pop of A to Root applied at once, without a transition: it was asked for without animation",
            "applied present present of M applied at once, without a transition: it was asked for without animation",
            "applied dismiss dismiss of M applied at once, without a transition: it was asked for without animation",
        ])
    }

    @Test func aSwitchOfChildrenWithoutAnEffectIsRecordedAsApplied() throws {
        let result = try BuiltInEffects.play("""
            {"root": {"title": "Root", "child": "Child"}, "steps": [{"switchChild": {"title": "Other"}}]}
            """)
        #expect(Self.events(result) == ["applied container container: switch from Child to Other applied at once, without a transition: no container effect was named"])
    }

    @Test func aRunThatEndsBeforeTheSceneSettlesSaysWhatWasRunningAndWhatNeverRan() throws {
        let result = try BuiltInEffects.play("""
            {"settle": 0, "steps": [{"push": {"title": "A"}}, {"pop": {}}, {"present": {"title": "M"}}]}
            """)
        let warnings = result.stage.diagnostics.filter { $0.severity == .warning }.map(\.description)
        #expect(warnings == [
            "warning: run: the run ended at 0.0 s, 0.0 s after its last step (\"settle\"), before the scene settled; still running: system-push's push (began at 0.0 s, 0 % done); never run: pop, present M",
        ], "\(warnings)")
    }

    /// An effect whose transition lasts an hour (the longest duration allowed) and never
    /// completes, under the command line: the end of the run names it.
    @Test func aTransitionLongerThanTheRunIsNamedAtItsEnd() throws {
        var bundle = TestBundle(effect: "hour")
        bundle.durationBody = "(void)self; (void)context; return 3600;"
        let setup = try HostileBundleTests.Setup(bundle, name: "Hour")
        let scenario = try setup.workspace.write("hour.json", """
            {"navigation": {"push": "hour"}, "settle": 1, "steps": [{"push": {"title": "A"}}, {"pop": {}}]}
            """)
        let play = try setup.run(["play", scenario])
        #expect(play.status == 0, "\(play.errors)")
        #expect(play.errors.contains("warning: run: the run ended at 1.0 s, 1.0 s after its last step (\"settle\"), before the scene settled; still running: hour's push (began at 0.0 s, 0 % done); never run: pop\n"),
                "\(play.errors)")
    }

    /// A push that takes the navigation controller's transition view (the container of
    /// its transitions) out of its view, and so out of the window.
    static func containerRemover() -> TestBundle {
        var bundle = TestBundle(effect: "container-remover", factory: "container_remover_create")
        bundle.animateBody = """
            (void)self;
            sh_view *container = host->context_container_view(context);
            host->view_add_subview(container, host->context_view(context, SH_KEY_TO));
            host->view_remove_from_superview(container);
            host->context_complete_transition(context, true);
            """
        return bundle
    }

    @Test func aSceneLeftBrokenIsBlamedOnTheEffectThatLeftItAtEveryLaterCheck() throws {
        let workspace = try Workspace()
        let plugins = try workspace.directory("plugins")
        try workspace.compile(Self.containerRemover().source, to: "plugins/libContainerRemover.so")
        let scenario = try workspace.write("run.json", """
            {"navigation": {"push": "container-remover"},
             "steps": [{"push": {"title": "A"}}, {"wait": 1}, {"pop": {}}, {"wait": 1}]}
            """)
        let run = try runStagehand(["play", scenario, "--plugins", plugins])
        #expect(run.status == 0, "\(run.errors)")
        let errors = run.errors.split(separator: "\n").filter { $0.hasPrefix("error:") }
        #expect(errors == [
            "error: container-remover: after the push ended, A's view is not in the window",
            "error: container-remover: after the pop ended, Root's view is not in the window (as container-remover's push at 0.0 s left the scene)",
        ], "\(run.errors)")
        #expect(!run.errors.contains("error: system-pop"), "\(run.errors)")
    }
}
