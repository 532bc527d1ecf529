/// Something refused or repaired instead of crashing, as data: a completion called
/// twice, a pop on the root, a catalog field of the wrong type, a bundle that is not a
/// shared object. The runtime and the host both report with it; tests read it; the
/// command line prints it as one line:
///
///     error: /tmp/p/libX.so: not a shared object (invalid ELF header)
///     warning: /work/Catalog.json: effects[2].parameters[0].type: expected one of ...
///     warning: slide-pop: completeTransition called twice by slide-pop; the second call is ignored
///
/// Severity is relative to what is named: an `error` refuses the whole thing (a catalog
/// that is not JSON, a bundle that cannot load, an operation that cannot run); a
/// `warning` means one part was skipped or repaired and the rest went on; a `note` says
/// what was done instead of what was asked (a push queued behind a running transition).
public struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Hashable, Sendable { case note, warning, error }

    public var severity: Severity
    /// What kind of problem it is, for a program to switch over (the message is for
    /// people and may change; the code does not).
    public var code: Code
    /// Who says it, when no file is concerned: an effect's name, "navigation", ...
    public var source: String?
    /// The file the problem is in: a catalog, a bundle, a scenario.
    public var file: String?
    /// Where in the file: a JSON path such as `effects[2].parameters[0].type`, or a
    /// field of a C struct such as `sh_bundle.abi_major`.
    public var field: String?
    public var message: String
    /// The stage time at which the runtime said it (0 for the host's load-time ones).
    public var time: Double

    /// A runtime diagnostic.
    public init(_ severity: Severity, _ code: Code, source: String, message: String, time: Double = 0) {
        self.severity = severity
        self.code = code
        self.source = source
        self.message = message
        self.time = time
    }

    /// A diagnostic about a file and a field in it.
    public init(_ severity: Severity, _ code: Code, file: String? = nil, field: String? = nil, _ message: String) {
        self.severity = severity
        self.code = code
        self.file = file
        self.field = field
        self.message = message
        self.time = 0
    }

    /// `field: message` (or just the message): what to say where the severity and the
    /// source are said otherwise, as in a trace's error event. Control characters are
    /// escaped (see `description`).
    public var summary: String {
        if let field, !field.isEmpty { return "\(field): \(message)".escapingControlCharacters }
        return message.escapingControlCharacters
    }

    /// `severity: file-or-source: field: message`, with the absent parts left out: always
    /// one line. Every part may hold text from a file or a bundle (a name, a kind, a key
    /// written with a newline in it), so control characters are escaped here, where
    /// every diagnostic is formatted, and such text can never forge a line of its own.
    public var description: String {
        var parts = [severity.rawValue]
        if let file { parts.append(file) } else if let source { parts.append(source) }
        if let field, !field.isEmpty { parts.append(field) }
        parts.append(message)
        return parts.joined(separator: ": ").escapingControlCharacters
    }
}
