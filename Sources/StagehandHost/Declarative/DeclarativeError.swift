import StagehandCore

/// A problem in a declarative effect file, located: the file, the JSON pointer of the
/// value (or member name) at fault, its line and column, what was expected and, for a
/// misspelt name, the nearest known one.
///
///     error: zoom.effect.json: tracks/incoming/start/sacle: line 12, column 9: unknown key; did you mean scale?
///
/// Reading stops at the first problem: one located message is worth more than a cascade
/// of consequences of the same typo.
struct DeclarativeError: Error, Equatable, Sendable, CustomStringConvertible {
    var file: String
    /// The JSON pointer without its leading slash (`tracks/incoming/start/x`); empty for
    /// the whole document.
    var pointer: String
    var line: Int
    var column: Int
    var message: String

    var diagnostic: Diagnostic {
        Diagnostic(.error, file: file, field: pointer.isEmpty ? nil : pointer, "line \(line), column \(column): \(message)")
    }

    var description: String { diagnostic.description }
}
