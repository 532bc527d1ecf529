import StagehandCore
import Foundation

/// Diagnostics go to standard error, so standard output stays clean for `--json`.
enum StandardError {
    static func write(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
