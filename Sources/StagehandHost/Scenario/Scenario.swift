import StagehandCore

/// A scripted run: a screen, a root controller, the effects chosen for navigation, and
/// steps (push, pop, present, dismiss, a finger's drag, a wait) played on the virtual
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
    /// Seconds the run may go on after the last step to let transitions end.
    public var settleLimit: Double = 10

    public init(steps: [ScenarioStep] = []) {
        self.steps = steps
    }
}

/// One step of a scenario.
public enum ScenarioStep: Hashable, Sendable {
    case push(title: String, embedInNavigation: Bool)
    case pop
    case popToRoot
    case present(title: String, effect: String?, dismissal: String?, interactiveDismissal: String?, embedInNavigation: Bool)
    case dismiss
    /// One finger in a straight line over `duration`, still for `hold`, then ended as
    /// `release` says (lifted, left down, or cancelled by the system).
    case drag(from: Point, to: Point, duration: Double, hold: Double, release: DragRelease)
    case wait(Double)
    /// Swaps the root's child for a new one titled `title` with a container effect.
    case switchChild(title: String, effect: String?)
}
