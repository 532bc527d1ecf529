import StagehandCore
import Foundation

/// Diagnostics go to standard error, so standard output stays clean for `--json`.
enum StandardError {
    /// Writes `line` as exactly one line: control characters in it (a name or a path
    /// from a file, echoed in a message) are escaped, so nothing in it can start a line
    /// that passes for another `error:` or `warning:`.
    static func write(_ line: String) {
        FileHandle.standardError.write(Data((line.escapingControlCharacters + "\n").utf8))
    }
}
