/// Something the runtime refused or repaired instead of crashing: a completion called
/// twice, a push during a push, a pop on the root. Diagnostics are data: the stage keeps
/// them, tests read them, the command line prints them.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable { case note, warning, error }

    public var severity: Severity
    /// Who says it: an effect's name, "navigation", "presentation", "gesture", ...
    public var source: String
    public var message: String
    /// The stage time at which it was said.
    public var time: Double

    public init(_ severity: Severity, source: String, message: String, time: Double = 0) {
        self.severity = severity
        self.source = source
        self.message = message
        self.time = time
    }

    public var description: String { "\(severity.rawValue): \(source): \(message)" }
}
