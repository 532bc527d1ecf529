import Foundation

/// Writes `text` to `path`, making its folder, unless the file already holds exactly
/// that text: a nested package build then sees nothing changed and rebuilds nothing.
package func writeIfChanged(_ text: String, to path: String) throws {
    if (try? String(contentsOfFile: path, encoding: .utf8)) == text { return }
    try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
}
