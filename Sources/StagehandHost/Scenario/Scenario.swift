import StagehandCore

/// A scripted run: a screen, a root controller, the effects chosen for navigation, and
/// steps (push, pop, present, dismiss, a finger's drag and its moves, a wait) played on the virtual
/// clock. The JSON form is documented in Documentation/Scenario.md.
public struct Scenario: Hashable, Sendable {
    public var screen: Size = Size(width: 390, height: 844)
    public var framesPerSecond: Int = 60
    public var rootTitle: String = "Root"
    /// Whether the root is wrapped in a navigation controller (it is unless
    /// `"root": {"embedInNavigation": false}`).
    public var rootInNavigation = true
    /// A first child of the root, for container transitions (`switchChild` steps).
    public var rootChild: String?
    public var push: String?
    public var pop: String?
    public var interactivePop: String?
    public var steps: [ScenarioStep] = []
    /// What each screen shows, by controller title (`"screens"`); a title not named here
    /// gets its role's default (see `content(for:role:)`).
    public var screens: [String: ScreenContent] = [:]
    /// Whether the screens `screens` does not name carry one match identifier on their
    /// default content (`"matched": true`): the root list's row 3, a pushed page's
    /// picture, a presented form. A matched effect then flies row 3 into every page it
    /// opens, however many the run makes and whatever their titles (the playground's
    /// stages, whose pages are made one by one, are such runs).
    public var matchesDefaultScreens = false
    /// Seconds the run may go on after the last step to let transitions end.
    public var settleLimit: Double = 10
    /// Factory parameter values per effect name, as text (`"parameters"`): a recording
    /// carries the values it was played with, so it replays alone. A runner's own values
    /// (`--param`) win over these, key by key.
    public var parameters: [String: [String: String]] = [:]
    /// The keys of `parameters`, per effect, written as a JSON number or boolean rather
    /// than a string: a string parameter refuses them (its JSON form is a string).
    public var literalParameters: [String: Set<String>] = [:]

    public init(steps: [ScenarioStep] = []) {
        self.steps = steps
    }

    /// The values a run uses: this scenario's `parameters` with `given` (`--param`) over
    /// them, key by key.
    public func parameters(overriddenBy given: [String: [String: String]]) -> [String: [String: String]] {
        parameters.merging(given) { own, given in own.merging(given) { $1 } }
    }

    /// The keys of `parameters(overriddenBy: given)` for `effect` that still hold this
    /// scenario's number or boolean (`--param`'s values are text).
    public func literalParameters(of effect: String, overriddenBy given: [String: [String: String]]) -> Set<String> {
        (literalParameters[effect] ?? []).subtracting(given[effect].map { Set($0.keys) } ?? [])
    }

    /// The longest a run may last on the virtual clock, in seconds: an hour. Every frame
    /// is computed (and, with `--trace`, written), so a few bytes of JSON asking for days
    /// would otherwise run for hours and fill the disk.
    public static let maximumDuration = 3600.0
    /// The most frames a run may have: an hour at 60 frames per second.
    public static let maximumFrames = 216_000

    /// The longest the run can last on the virtual clock: its waits, its drags (each
    /// rounded to whole frames) and holds, then the settle limit and the final frame.
    public var longestDuration: Double {
        let frame = 1 / Double(framesPerSecond)
        var total = settleLimit + frame
        for step in steps {
            switch step {
            case .wait(let seconds): total += seconds
            case .drag(_, _, let duration, let hold, _), .twoFingerDrag(_, _, let duration, let hold, _),
                 .pinch(_, _, _, _, let duration, let hold, _),
                 .move(_, let duration, let hold, _):
                total += duration + frame + hold
            default: break
            }
        }
        return total
    }

    /// The content of the screen titled `title`: what `screens` says, or the default of
    /// its role — a list for the root, a detail page (with a back chevron naming the
    /// screen below) for a pushed one, a form for a presented one, a card for a child.
    /// With `matchesDefaultScreens`, the defaults carry the standard run's identifier.
    public func content(for title: String, role: ScreenRole) -> ScreenContent {
        if let chosen = screens[title] { return chosen }
        let id = StandardScenario.matchIdentifier
        var content: ScreenContent
        switch role {
        case .root:
            content = .list
            if matchesDefaultScreens { content.matches = [.row(3): id] }
        case .pushed(let below):
            content = .detail(back: below)
            if matchesDefaultScreens { content.matches = [.image: id] }
        case .presented:
            content = .form
            if matchesDefaultScreens { content.matches = [.form: id] }
        case .child:
            content = .card
        }
        return content
    }

    /// The most frames the run can record.
    public var mostFrames: Int {
        Int((longestDuration * Double(framesPerSecond)).rounded(.up)) + 1
    }
}

/// One step of a scenario.
public enum ScenarioStep: Hashable, Sendable {
    /// How far apart, in points, the two fingers of a `twoFingerDrag` are.
    public static let twoFingerSpacing = 40.0

    case push(title: String, embedInNavigation: Bool)
    case pop
    case popToRoot
    case present(title: String, effect: String?, dismissal: String?, interactiveDismissal: String?, embedInNavigation: Bool)
    case dismiss
    /// One finger in a straight line over `duration`, still for `hold`, then ended as
    /// `release` says (lifted, left down, or cancelled by the system).
    case drag(from: Point, to: Point, duration: Double, hold: Double, release: DragRelease)
    /// Two fingers side by side (the second `twoFingerSpacing` points right of the
    /// first), moving together as `drag` moves one: a two-finger pan.
    case twoFingerDrag(from: Point, to: Point, duration: Double, hold: Double, release: DragRelease)
    /// Two fingers about `center`, `from` points apart along `angle` (radians from the
    /// x axis), moving apart or together to `to` points over `duration`, still for
    /// `hold`, then ended as `release` says.
    case pinch(center: Point, from: Double, to: Double, angle: Double, duration: Double, hold: Double, release: DragRelease)
    /// The finger a previous drag (or move) left down goes on, in a straight line to `to`
    /// over `duration`, still for `hold`, then ended as `release` says: the same touch,
    /// with no new touch down (a drag always starts one).
    case move(to: Point, duration: Double, hold: Double, release: DragRelease)
    case wait(Double)
    /// Swaps the root's child for a new one titled `title` with a container effect.
    case switchChild(title: String, effect: String?)
}

/// Where a screen comes in a run, which decides its default content.
public enum ScreenRole: Hashable, Sendable {
    case root
    /// Pushed over the screen titled `below` (nil when unknown).
    case pushed(below: String?)
    case presented
    case child
}
