import Foundation

/// One line on standard error, in a single write so lines from several threads never
/// interleave: where the bridge's diagnostics go when no stage can take them.
enum StandardErrorLine {
    static func write(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
