/// Thrown from a bundle's `initialize` (`StagehandBundle.entry(_:initialize:)`) to
/// refuse loading: the host skips the bundle and reports `message` with its name. Any
/// other error refuses too, described as Swift describes it.
public struct BundleRefusal: Error, CustomStringConvertible, Sendable {
    /// One line saying why, e.g. "the texture beside the bundle is missing".
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
