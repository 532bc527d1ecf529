/// A transition's life, as traces record it: began, then completed or cancelled once;
/// an operation that could not start (error); or one that changed the scene at once,
/// without a transition (applied: asked for without animation, or for a navigation
/// controller whose view is not in the window).
public struct TransitionEvent: Hashable, Sendable {
    public enum Kind: String, Sendable { case began, completed, cancelled, error, applied }
    public enum Operation: String, Sendable { case push, pop, present, dismiss, container }

    public var time: Double
    public var kind: Kind
    public var effect: String
    public var operation: Operation
    public var interactive: Bool
    public var message: String?

    public init(time: Double, kind: Kind, effect: String, operation: Operation, interactive: Bool, message: String? = nil) {
        self.time = time
        self.kind = kind
        self.effect = effect
        self.operation = operation
        self.interactive = interactive
        self.message = message
    }
}
