/// An operation UIKit would refuse (often with an exception): Stagehand returns it as a
/// value. The messages follow UIKit's wording where UIKit has one.
public struct StageError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Code: String, Sendable {
        case pushingNavigationController
        case pushingDuplicate
        case poppingRoot
        case notInStack
        case alreadyPresenting
        case nothingToDismiss
        case notAChild
        case invalidArgument
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
