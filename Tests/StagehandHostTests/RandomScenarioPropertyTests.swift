import Foundation
import PropertyBased
import StagehandTestSupport
import Testing
import StagehandCore
@testable import StagehandHost

/// Random use never corrupts a scene: random sequences of push, pop, popToRoot, present,
/// dismiss, child swaps and drags (from the edge or anywhere, flicks, holds, fingers left
/// down, system cancels), with random effects and waits (none, short, or past the idle
/// watchdog), played by the scenario runner. Every time the scene settles it must be
/// what UIKit leaves: no transition open, no snapshot showing, the top view shown whole
/// and covering the screen, and the stacks and presentations a model of the same
/// operations predicts (each queued operation acting on the scene the earlier ones
/// leave). No step is silent: one that changes the scene has an event for it in the
/// trace, and an operation that changes nothing says why. At the end no popped or
/// dismissed controller may still be alive.
///
/// 500 cases by default; `STAGEHAND_PROPERTY_CASES=10000 swift test --filter
/// RandomScenarioPropertyTests` for a long run. A failure is shrunk, and the smallest
/// failing scenario is written as a file that `stagehand play FILE` replays (its path is
/// in the failure message).
@Suite(.tags(.longRun), .slow) struct RandomScenarioPropertyTests {
    static var caseCount: Int {
        ProcessInfo.processInfo.environment["STAGEHAND_PROPERTY_CASES"].flatMap(Int.init) ?? 500
    }

    @Test func randomUseLeavesEverySettledSceneAsTheModelSays() async {
        let steps = zip(Gen.int(in: 0...99), Gen.int(in: 0...99), Gen.int(in: 0...99))
            .map { RandomStep(kind: $0.0, a: $0.1, b: $0.2) }
            .array(of: 1...10)
        let setup = zip(Gen.int(in: 0...99), Gen.int(in: 0...99), Gen.int(in: 0...99), Gen.int(in: 0...99))
            .map { RandomSetup(root: $0.0, push: $0.1, pop: $0.2, interactivePop: $0.3) }
        await propertyCheck(count: Self.caseCount, input: setup, steps) { setup, steps in
            let scenario = RandomScenario(setup: setup, steps: steps)
            let problems = check(scenario)
            if !problems.isEmpty {
                let file = FileManager.default.temporaryDirectory
                    .appendingPathComponent("stagehand-property-failure.json")
                try? Data(scenario.json.utf8).write(to: file)
                Issue.record("""
                    \(problems.joined(separator: "\n"))
                    replay with: stagehand play \(file.path)
                    \(scenario.json)
                    """)
            }
        }
    }

    /// Plays `scenario` and says what is wrong, one sentence each.
    private func check(_ scenario: RandomScenario) -> [String] {
        let parsed: Scenario
        do {
            parsed = try ScenarioParser.parse(Data(scenario.json.utf8), file: "random scenario")
        } catch {
            return ["the generated scenario does not parse: \(error.summary)"]
        }
        var problems: [String] = []
        var models: Set<SceneModel> = [SceneModel(rootInNavigation: scenario.setup.rootInNavigation)]
        var tracked: [WeakController] = []
        var records = StepRecords(scene: SceneModel(rootInNavigation: scenario.setup.rootInNavigation))
        let runner = ScenarioRunner(library: BuiltInEffects.library)
        let result = runner.run(parsed, afterStep: { index, stage, _ in
            guard problems.isEmpty else { return }
            problems += records.problems(after: scenario.steps[index], index: index, on: stage)
            models = Set(models.flatMap { $0.applying(scenario.steps[index], index: index) })
            tracked += controllers(in: stage.window).map(WeakController.init)
            guard stage.isSettled else { return }
            problems += settledProblems(stage, models: &models, at: "after step \(index + 1)")
        })
        // A finger left down on a running gesture holds its transition open, as in UIKit:
        // such a run never settles, and only the rules that hold meanwhile are checked.
        let fingerHolds = result.stage.window.hasActiveGesture
        if problems.isEmpty && !fingerHolds {
            problems += settledProblems(result.stage, models: &models, at: "at the end")
        }
        var open = 0
        for event in result.stage.transitionEvents where [.began, .completed, .cancelled].contains(event.kind) {
            open += event.kind == .began ? 1 : -1
            if open != 0 && open != 1 {
                problems.append("transition events overlap or end twice: \(result.stage.transitionEvents.map { "\($0.operation.rawValue) \($0.kind.rawValue)" })")
                break
            }
        }
        if open != 0 && !fingerHolds { problems.append("a transition began and never ended") }
        // Controllers no longer in the scene must be gone, except the ones a navigation
        // controller the coordinator keeps still holds.
        let scene = Set(controllers(in: result.stage.window).map(ObjectIdentifier.init))
        withExtendedLifetime(result) {}
        let leaked = tracked.compactMap(\.controller).filter { vc in
            !scene.contains(ObjectIdentifier(vc)) && !(vc is NavigationController) && !(vc.parent is NavigationController)
        }
        if problems.isEmpty, !fingerHolds, let vc = leaked.first {
            problems.append("\(vc.title ?? "a controller") left the scene but is still alive")
        }
        return problems
    }

    /// The rules a settled scene meets, and the models it matches (those that do not
    /// are dropped).
    private func settledProblems(_ stage: Stage, models: inout Set<SceneModel>, at when: String) -> [String] {
        var problems = SettledScene.problems(in: stage.window).map { "\(when): \($0)" }
        if let top = stage.window.topViewController.map({ ($0 as? NavigationController)?.topViewController ?? $0 }) {
            let view = top.view
            let corners = [view.convertToWindow(.zero, presentation: false),
                           view.convertToWindow(Point(x: view.bounds.width, y: view.bounds.height), presentation: false)]
            let screen = stage.window.bounds
            if corners != [Point(x: screen.minX, y: screen.minY), Point(x: screen.maxX, y: screen.maxY)] {
                problems.append("\(when): \(top.title ?? "the top")'s view does not cover the screen (corners \(corners))")
            }
        }
        let actual = SceneModel(window: stage.window)
        let matching = models.filter { $0 == actual }
        if matching.isEmpty {
            problems.append("\(when): the scene is \(actual), the model expected \(models.map(\.description).sorted().joined(separator: " or "))")
        } else {
            models = matching
        }
        return problems
    }

    private func controllers(in window: Window) -> [ViewController] {
        var found: [ViewController] = []
        func visit(_ vc: ViewController) {
            found.append(vc)
            vc.children.forEach(visit)
            if let presented = vc.presentedViewController { visit(presented) }
        }
        window.rootViewController.map(visit)
        return found
    }
}

/// No step is silent: a step that changes the scene (a stack, a presentation, a
/// container's child) leaves an event in the trace for it, and an operation (push, pop,
/// popToRoot, present, dismiss, switchChild) leaves an event or a message even when it
/// changes nothing (refused, queued, or with nothing to act on). Waits and drags that
/// change nothing need say nothing.
private struct StepRecords {
    var scene: SceneModel
    var events = 0
    var diagnostics = 0

    mutating func problems(after step: RandomStep, index: Int, on stage: Stage) -> [String] {
        let now = SceneModel(window: stage.window)
        let newEvents = stage.transitionEvents.count > events
        let said = newEvents || stage.diagnostics.count > diagnostics
        var problems: [String] = []
        if now != scene && !newEvents {
            problems.append("step \(index + 1) (\(step.what)) changed the scene from \(scene) to \(now) and the trace holds no event for it")
        }
        switch step.what {
        case .wait, .drag: break
        default:
            if !said { problems.append("step \(index + 1) (\(step.what)) left neither an event nor a message") }
        }
        scene = now
        events = stage.transitionEvents.count
        diagnostics = stage.diagnostics.count
        return problems
    }
}

private struct WeakController {
    weak var controller: ViewController?
    init(_ controller: ViewController) { self.controller = controller }
}

private extension Stage {
    var isSettled: Bool { !isTransitioning && !hasPendingOperations && animator.runningCount == 0 && !window.hasActiveGesture }
}

/// The effects a random scenario picks from, for the navigation of the whole run.
struct RandomSetup: Sendable, CustomStringConvertible {
    let root: Int, push: Int, pop: Int, interactivePop: Int

    static let pushEffects: [String?] = [nil, "parallax-push"]
    static let popEffects: [String?] = [nil, "slide-pop", "flip-pop", "cube-pop", "parallax-pop"]
    static let interactivePopEffects: [String?] = [nil, "full-screen-pop"]

    var rootInNavigation: Bool { root % 4 != 0 }
    var pushEffect: String? { Self.pushEffects[push % Self.pushEffects.count] }
    var popEffect: String? { Self.popEffects[pop % Self.popEffects.count] }
    var interactivePopEffect: String? { Self.interactivePopEffects[interactivePop % Self.interactivePopEffects.count] }
    var description: String { "root \(rootInNavigation ? "navigation" : "container"), push \(pushEffect ?? "-"), pop \(popEffect ?? "-"), interactive \(interactivePopEffect ?? "-")" }
}

/// One step, as three small numbers so that failures shrink: what it is, and two
/// parameters whose meaning depends on it.
struct RandomStep: Sendable, CustomStringConvertible {
    let kind: Int, a: Int, b: Int

    enum Kind { case push, pushNavigation, pop, popToRoot, present, dismiss, switchChild, drag, wait }

    var what: Kind {
        switch kind % 20 {
        case 0...3: return .push
        case 4: return .pushNavigation
        case 5...7: return .pop
        case 8: return .popToRoot
        case 9, 10: return .present
        case 11, 12: return .dismiss
        case 13: return .switchChild
        case 14...16: return .drag
        default: return .wait
        }
    }

    static let presentEffects: [String?] = [nil, "push-style-present", "bounce-present"]
    static let dismissEffects: [String?] = [nil, "normal-dismiss"]

    /// A title unique to the step (the model tells controllers apart by title).
    func title(_ index: Int) -> String { "S\(index)" }

    /// Waits: none, a frame, part of a transition, a whole one, past the idle watchdog.
    var waitSeconds: Double { [0, 1.0 / 60, 0.1, 0.2, 0.5, 1, 2.5][a % 7] }

    func json(_ index: Int) -> String {
        switch what {
        case .push: return #"{"push": {"title": "\#(title(index))"}}"#
        case .pushNavigation: return #"{"push": {"title": "\#(title(index))", "embedInNavigation": true}}"#
        case .pop: return #"{"pop": {}}"#
        case .popToRoot: return #"{"popToRoot": {}}"#
        case .present:
            var fields = [#""title": "\#(title(index))""#]
            if let e = Self.presentEffects[a % Self.presentEffects.count] { fields.append(#""effect": "\#(e)""#) }
            if let d = Self.dismissEffects[b % Self.dismissEffects.count] { fields.append(#""dismissal": "\#(d)""#) }
            if a % 3 == 0 { fields.append(#""embedInNavigation": true"#) }
            return #"{"present": {\#(fields.joined(separator: ", "))}}"#
        case .dismiss: return #"{"dismiss": {}}"#
        case .switchChild:
            return b % 2 == 0 ? #"{"switchChild": {"title": "\#(title(index))", "effect": "crossfade"}}"#
                              : #"{"switchChild": {"title": "\#(title(index))"}}"#
        case .drag:
            // From the edge or from anywhere; short or long; quick (a flick) or slow;
            // lifted, held down, or cancelled by the system; sometimes held still first.
            let fromX = a % 2 == 0 ? 4 : Double(20 + a * 3)
            let toX = min(389, fromX + Double(10 + b * 4))
            let duration = [0.05, 0.15, 0.4, 0.8][b % 4]
            let hold = [0, 0, 0.3, 2.5][(a / 2) % 4]
            let release = ["true", "true", "true", "false", "\"cancel\""][(a + b) % 5]
            return #"{"drag": {"from": [\#(fromX), 400], "to": [\#(toX), 420], "duration": \#(duration), "hold": \#(hold), "release": \#(release)}}"#
        case .wait: return #"{"wait": \#(waitSeconds)}"#
        }
    }

    var description: String { "\(what)(\(a), \(b))" }
}

struct RandomScenario: Sendable {
    let setup: RandomSetup
    let steps: [RandomStep]

    var json: String {
        var navigation: [String] = []
        if let e = setup.pushEffect { navigation.append(#""push": "\#(e)""#) }
        if let e = setup.popEffect { navigation.append(#""pop": "\#(e)""#) }
        if let e = setup.interactivePopEffect { navigation.append(#""interactivePop": "\#(e)""#) }
        let root = setup.rootInNavigation ? #"{"title": "Root"}"# : #"{"title": "Root", "child": "Child"}"#
        let list = steps.enumerated().map { "    " + $1.json($0) }.joined(separator: ",\n")
        return """
            {"root": \(root),
             "navigation": {\(navigation.joined(separator: ", "))},
             "settle": 10,
             "steps": [
            \(list)
             ]}

            """
    }
}

/// What the scene holds, by title: the root (a navigation stack, or a container's
/// child) and each presentation above it (a navigation stack, or one controller).
struct SceneModel: Hashable, CustomStringConvertible {
    struct Layer: Hashable {
        /// A navigation controller's stack, or one controller's title.
        var stack: [String]
        var isNavigation: Bool
    }
    var root: Layer
    var presented: [Layer] = []

    init(rootInNavigation: Bool) {
        root = rootInNavigation ? Layer(stack: ["Root"], isNavigation: true) : Layer(stack: ["Child"], isNavigation: false)
    }

    init(window: Window) {
        func layer(_ vc: ViewController, isRoot: Bool) -> Layer {
            if let nav = vc as? NavigationController { return Layer(stack: nav.viewControllers.map { $0.title ?? "?" }, isNavigation: true) }
            if isRoot { return Layer(stack: [vc.children.last?.title ?? "-"], isNavigation: false) }
            return Layer(stack: [vc.title ?? "?"], isNavigation: false)
        }
        let rootVC = window.rootViewController!
        root = layer(rootVC, isRoot: true)
        var vc = rootVC.presentedViewController
        while let p = vc {
            presented.append(layer(p, isRoot: false))
            vc = p.presentedViewController
        }
    }

    var layers: [Layer] { [root] + presented }

    /// The layer `push` and `pop` act on: the top-most navigation controller (the
    /// coordinator's `topNavigationController`).
    private var topNavigation: Int? { layers.lastIndex { $0.isNavigation } }

    private mutating func update(_ index: Int, _ body: (inout Layer) -> Void) {
        if index == 0 { body(&root) } else { body(&presented[index - 1]) }
    }

    /// The scenes `step` may leave (two when a drag may or may not pop).
    func applying(_ step: RandomStep, index: Int) -> [SceneModel] {
        var next = self
        switch step.what {
        case .push:
            if let i = topNavigation { next.update(i) { $0.stack.append(step.title(index)) } }
        case .pushNavigation, .wait:
            break
        case .pop:
            if let i = topNavigation { next.update(i) { if $0.stack.count > 1 { $0.stack.removeLast() } } }
        case .popToRoot:
            if let i = topNavigation { next.update(i) { $0.stack = [$0.stack[0]] } }
        case .present:
            next.presented.append(Layer(stack: [step.title(index)], isNavigation: step.a % 3 == 0))
        case .dismiss:
            if !next.presented.isEmpty { next.presented.removeLast() }
        case .switchChild:
            if !root.isNavigation { next.root.stack = [step.title(index)] }
        case .drag:
            // Only the top-most layer takes a finger; a navigation controller there may pop.
            guard let top = layers.last, top.isNavigation, top.stack.count > 1 else { break }
            var popped = self
            popped.update(layers.count - 1) { $0.stack.removeLast() }
            return [self, popped]
        }
        return [next]
    }

    var description: String {
        layers.map { $0.isNavigation ? "[\($0.stack.joined(separator: ", "))]" : $0.stack[0] }.joined(separator: " / ")
    }
}
