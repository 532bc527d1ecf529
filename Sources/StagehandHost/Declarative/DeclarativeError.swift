import StagehandCore

/// A problem in a declarative effect file, located: the file, the JSON pointer of the
/// value (or member name) at fault, its line and column, what was expected and, for a
/// misspelt name, the nearest known one.
///
///     error: zoom.effect.json: tracks/incoming/start/sacle: line 12, column 9: unknown key; did you mean scale?
///
/// Reading stops at the first problem: one located message is worth more than a cascade
/// of consequences of the same typo. Public because an editor (the playground's) marks
/// the problem at its line and column.
public struct DeclarativeError: Error, Equatable, Sendable, CustomStringConvertible {
    public var file: String
    /// The JSON pointer without its leading slash (`tracks/incoming/start/x`); empty for
    /// the whole document.
    public var pointer: String
    /// 1-based, counted in lines of the file.
    public var line: Int
    /// 1-based, counted in Unicode scalars of the line.
    public var column: Int
    /// What is wrong and what was expected, without the location.
    public var message: String

    init(file: String, pointer: String, line: Int, column: Int, message: String) {
        (self.file, self.pointer, self.line, self.column, self.message) = (file, pointer, line, column, message)
    }

    var diagnostic: Diagnostic {
        Diagnostic(.error, .declarativeInvalid, file: file, field: pointer.isEmpty ? nil : pointer, "line \(line), column \(column): \(message)")
    }

    public var description: String { diagnostic.description }
}
