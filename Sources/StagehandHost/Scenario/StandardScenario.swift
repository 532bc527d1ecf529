import StagehandCore

/// The run `stagehand preview` shows for one effect, made from its kind:
///
/// - push: a push with it, then a pause;
/// - pop: a push (with the push effect of the same bundle if it has one, as
///   parallax-push goes with parallax-pop; UIKit's otherwise), then a pop with it;
/// - present: a presentation with it, then a dismissal with UIKit's;
/// - dismiss: a presentation with UIKit's, then a dismissal with it;
/// - navigation: a push with it, then a pop with it;
/// - modal: a presentation with it, then a dismissal with it;
/// - any: a push and a pop with it, then a presentation and a dismissal with it;
/// - container: a switch to a second child with it, and back;
/// - an interactive pop, dismiss, navigation, modal or any effect (an `any` one drives
///   its pops), and an interaction effect (a gesture that
///   drives another transition, tried as an interactive pop and then as an interactive
///   dismissal), additionally: a finger's drag that finishes, then one that cancels.
///
/// The list's third row and the article's picture (or the new message's form) share a
/// match identifier (`matchedScreens`).
///
/// A drag starts at the left edge and moves right, or (for a dismissal, when the
/// horizontal one drives nothing) starts high, or else low (on a sheet over the lower
/// half), and moves down: the scenario is run once
/// per candidate and the first whose drags begin, finish and cancel an interactive
/// transition is kept. That first run, with long waits, also measures each transition,
/// so the final scenario pauses the same short while after each one whatever the
/// effect's duration. (`play` gives a caller that runs the scenario anyway the same
/// scenario without that first run: StandardScenario+Play.swift.)
package enum StandardScenario {
    /// Titles whose colours (see `Palette`) are far apart, so each screen is easy to
    /// tell from the others.
    package static let rootTitle = "Inbox"
    package static let pushedTitle = "Article"
    package static let presentedTitle = "New Message"
    package static let firstChild = "First"
    package static let secondChild = "Second"

    /// Every screen of the standard scenario flat (a card with its title): for checks that
    /// compare whole traces, where content would only multiply the views per frame.
    package static var flatScreens: [String: ScreenContent] {
        Dictionary(uniqueKeysWithValues: [rootTitle, pushedTitle, presentedTitle, firstChild, secondChild].map { ($0, .empty) })
    }

    /// The identifier the standard run's screens share, so that a matched effect
    /// (magic-move, container-transform, view-transition) shows its pairs: row 3's icon
    /// of the list becomes the article's picture and, presented, the new message's form
    /// (a small thing growing into a page). Effects that ignore pairs play as before.
    static let matchIdentifier = "standard-row-3"

    /// The default content of the root, pushed and presented screens, with their match
    /// identifiers.
    package static var matchedScreens: [String: ScreenContent] {
        var inbox = ScreenContent.list
        inbox.matches = [.row(3): matchIdentifier]
        var article = ScreenContent.detail(back: rootTitle)
        article.matches = [.image: matchIdentifier]
        var message = ScreenContent.form
        message.matches = [.form: matchIdentifier]
        return [rootTitle: inbox, pushedTitle: article, presentedTitle: message]
    }

    /// Screens of a few views each that still carry the standard identifiers (three
    /// rows; a picture; one field): for checks that compare traces of a matched effect,
    /// whose motion needs its pairs (a parameter probe).
    package static var fewViewsMatchedScreens: [String: ScreenContent] {
        var screens = flatScreens
        screens[rootTitle] = ScreenContent(header: false, rows: ["One", "Two", "Three"], matches: [.row(3): matchIdentifier])
        screens[pushedTitle] = ScreenContent(header: false, image: true, matches: [.image: matchIdentifier])
        screens[presentedTitle] = ScreenContent(header: false, fields: ["To:"], matches: [.form: matchIdentifier])
        return screens
    }

    /// Still time before the first step, so the picture starts at rest.
    static let lead = 0.3
    /// Still time after each transition.
    static let pause = 0.5
    /// How far a drag goes, as a fraction of the screen along its direction: past every
    /// built-in threshold (0.25 ... 0.5) to finish, well before them to cancel.
    static let finishing = 0.7
    static let cancelling = 0.12
    static let dragDuration = 0.45
    /// The finger rests before lifting, so the release has no velocity to fling it.
    static let dragHold = 0.1

    /// The scenario for `effect` on a `screen` at `framesPerSecond`, with `parameters`
    /// (the effect's own: key → value) given to its factory.
    package static func make(for effect: EffectInfo, library: EffectLibrary, screen: Size, framesPerSecond: Int,
                            parameters: [String: String] = [:]) -> Scenario {
        let (runner, gap, candidates) = probing(effect, library: library, parameters: parameters)
        var chosen: (Plan, Trace)?
        for plan in candidates {
            let trace = runner.run(plan.scenario(screen: screen, fps: framesPerSecond, waits: nil, gap: gap)).trace
            if chosen == nil { chosen = (plan, trace) }
            if plan.expectsDrags, dragsWorked(trace) {
                chosen = (plan, trace)
                break
            }
        }
        guard let (plan, probe) = chosen else { return Scenario() }
        let waits = plan.waits(from: probe, gap: gap)
        return plan.scenario(screen: screen, fps: framesPerSecond, waits: waits, gap: gap)
    }

    /// The runner of the probes (events only), the probes' wait after each beat, and the
    /// candidate plans.
    static func probing(_ effect: EffectInfo, library: EffectLibrary,
                        parameters: [String: String]) -> (runner: ScenarioRunner, gap: Double, candidates: [Plan]) {
        var runner = ScenarioRunner(library: library, parameters: [effect.name: parameters])
        // The probes are read for their events only.
        runner.recordsFrames = false
        // A pop made to follow its own bundle's push (parallax-pop shows the push's snapshot).
        let companionPush = effect.kind == .pop
            ? library.effects.first { $0.kind == .push && $0.bundlePath == effect.bundlePath }?.name : nil
        return (runner, probeGap(effect, parameters: parameters), plans(for: effect, pushedWith: companionPush))
    }

    /// Long enough for any transition of this effect to end: its duration parameter
    /// (if it has one) twice over, plus the watchdog's 2 s, at least 3 s.
    static func probeGap(_ effect: EffectInfo, parameters: [String: String]) -> Double {
        let declared = effect.parameters.first { $0.name == "duration" }
        let duration = parameters["duration"].flatMap(Double.init) ?? declared.flatMap { Double($0.defaultValue.description) } ?? 1
        return max(3, 2 * min(max(duration, 0), 600) + 2)
    }

    /// Whether an interactive transition began and completed, and another began and
    /// was cancelled.
    static func dragsWorked(_ trace: Trace) -> Bool {
        var finished = false, cancelled = false, interactive = false
        for event in trace.events.sorted(by: { $0.t < $1.t }) {
            switch event.kind {
            case "began": interactive = event.interactive
            case "completed": finished = finished || interactive
            case "cancelled": cancelled = cancelled || interactive
            default: break
            }
        }
        return finished && cancelled
    }

    // MARK: - Plans

    /// One step of the standard run, and how long it takes by itself.
    enum Beat {
        case step(ScenarioStep)
        case drag(from: Point, to: Point)

        /// The scenario's step for it.
        var step: ScenarioStep {
            switch self {
            case .step(let step): return step
            case .drag(let from, let to):
                return .drag(from: from, to: to, duration: StandardScenario.dragDuration, hold: StandardScenario.dragHold, release: .lift)
            }
        }

        var ownDuration: Double {
            if case .drag = self { return StandardScenario.dragDuration + StandardScenario.dragHold }
            return 0
        }
    }

    /// Where the effect goes in the scenario and which steps show it.
    struct Plan {
        var push: String?
        var pop: String?
        var interactivePop: String?
        var rootInNavigation = true
        var rootChild: String?
        var beats: [(Size) -> Beat]
        var expectsDrags = false

        /// The run of this plan on `screens` (the full standard content unless a probe asks
        /// for lighter), with `waits` after the beats (nil: `gap` after each).
        func scenario(screen: Size, fps: Int, waits: [Double]?, gap: Double,
                      screens: [String: ScreenContent] = StandardScenario.matchedScreens) -> Scenario {
            var s = Scenario()
            s.screen = screen
            s.framesPerSecond = fps
            s.rootTitle = StandardScenario.rootTitle
            s.rootInNavigation = rootInNavigation
            s.rootChild = rootChild
            s.push = push
            s.pop = pop
            s.interactivePop = interactivePop
            s.settleLimit = gap
            s.screens = screens
            var steps: [ScenarioStep] = [.wait(StandardScenario.lead)]
            for (k, make) in beats.enumerated() {
                steps.append(make(screen).step)
                steps.append(.wait(waits?[k] ?? gap))
            }
            s.steps = steps
            return s
        }

        /// The wait after each beat: until its transition ended in the probe, plus the pause.
        func waits(from probe: Trace, gap: Double) -> [Double] {
            let screen = Size(width: probe.screen.first ?? 390, height: probe.screen.last ?? 844)
            let ends = probe.events.filter { $0.kind == "completed" || $0.kind == "cancelled" }.map(\.t)
            var start = StandardScenario.lead
            return beats.map { make in
                let own = make(screen).ownDuration
                let next = start + own + gap
                let end = ends.filter { $0 >= start - 1e-9 && $0 < next - 1e-9 }.max() ?? (start + own)
                defer { start = next }
                return max(0, end - start - own) + StandardScenario.pause
            }
        }
    }

    static func push() -> (Size) -> Beat { { _ in .step(.push(title: pushedTitle, embedInNavigation: false)) } }
    static let pop: @Sendable (Size) -> Beat = { _ in .step(.pop) }
    static let dismiss: @Sendable (Size) -> Beat = { _ in .step(.dismiss) }

    static func present(effect: String? = nil, dismissal: String? = nil, interactive: String? = nil) -> (Size) -> Beat {
        { _ in .step(.present(title: presentedTitle, effect: effect, dismissal: dismissal, interactiveDismissal: interactive,
                              embedInNavigation: true)) }
    }

    /// A drag from the left edge to the right.
    static func edgeDrag(_ fraction: Double) -> (Size) -> Beat {
        { screen in
            let y = screen.height / 2
            return .drag(from: Point(x: 4, y: y), to: Point(x: min(4 + fraction * screen.width, screen.width - 1), y: y))
        }
    }

    /// A drag from high on the screen downward.
    static func downwardDrag(_ fraction: Double) -> (Size) -> Beat {
        { screen in
            let x = screen.width / 2, y = screen.height * 0.25
            return .drag(from: Point(x: x, y: y), to: Point(x: x, y: min(y + fraction * screen.height * 0.7, screen.height - 1)))
        }
    }

    /// A drag from low on the screen downward, for a sheet that covers only the lower
    /// half (a drag from high would start above it, on nothing that moves).
    static func lowDownwardDrag(_ fraction: Double) -> (Size) -> Beat {
        { screen in
            let x = screen.width / 2, y = screen.height * 0.6
            return .drag(from: Point(x: x, y: y), to: Point(x: x, y: min(y + fraction * screen.height * 0.7, screen.height - 1)))
        }
    }

    /// `plan` (which pops with `effect`), and when `effect` has a gesture, a drag from
    /// the edge that finishes a pop and one that cancels.
    static func poppingPlan(_ plan: Plan, _ effect: EffectInfo) -> Plan {
        guard effect.interactive else { return plan }
        var plan = plan
        plan.interactivePop = effect.name
        plan.beats += [push(), edgeDrag(finishing), push(), edgeDrag(cancelling)]
        plan.expectsDrags = true
        return plan
    }

    /// `plan` (which dismisses with `effect`), and when `effect` has a gesture, one plan
    /// per drag direction that also finishes and cancels a dismissal with a finger; the
    /// presentations use `presentedWith` (nil: UIKit's).
    static func dismissingPlans(_ plan: Plan, _ effect: EffectInfo, presentedWith presenting: String?) -> [Plan] {
        guard effect.interactive else { return [plan] }
        let shown = present(effect: presenting, dismissal: effect.name, interactive: effect.name)
        return [edgeDrag, downwardDrag, lowDownwardDrag].map { drag in
            Plan(beats: [shown, dismiss, shown, drag(finishing), shown, drag(cancelling)], expectsDrags: true)
        }
    }

    /// The candidate plans for `effect`, the preferred first; a pop's pushes use
    /// `companionPush` (nil: UIKit's).
    static func plans(for effect: EffectInfo, pushedWith companionPush: String? = nil) -> [Plan] {
        let name = effect.name
        switch effect.kind {
        case .push:
            return [Plan(push: name, beats: [push()])]
        case .pop:
            return [poppingPlan(Plan(push: companionPush, pop: name, beats: [push(), pop]), effect)]
        case .navigation:
            return [poppingPlan(Plan(push: name, pop: name, beats: [push(), pop]), effect)]
        case .present:
            return [Plan(beats: [present(effect: name), dismiss])]
        case .dismiss:
            return dismissingPlans(Plan(beats: [present(dismissal: name), dismiss]), effect, presentedWith: nil)
        case .modal:
            return dismissingPlans(Plan(beats: [present(effect: name, dismissal: name), dismiss]), effect, presentedWith: name)
        case .any:
            return [poppingPlan(Plan(push: name, pop: name, beats: [push(), pop, present(effect: name, dismissal: name), dismiss]), effect)]
        case .container:
            return [Plan(rootInNavigation: false, rootChild: firstChild, beats: [
                { _ in .step(.switchChild(title: secondChild, effect: name)) },
                { _ in .step(.switchChild(title: firstChild, effect: name)) },
            ])]
        case .interaction:
            let asPop = Plan(interactivePop: name, beats: [push(), edgeDrag(finishing), push(), edgeDrag(cancelling)],
                             expectsDrags: true)
            let shown = present(interactive: name)
            let asDismissal = [edgeDrag, downwardDrag].map { drag in
                Plan(beats: [shown, drag(finishing), shown, drag(cancelling)], expectsDrags: true)
            }
            return [asPop] + asDismissal
        }
    }
}
