/// Why a picture could not be made or written, as one line for standard error.
public struct RenderError: Error, CustomStringConvertible, Sendable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
