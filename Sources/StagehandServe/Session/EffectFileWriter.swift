import Foundation
import StagehandHost

/// Writes an edited declarative effect back to the file it was read from: only a plain
/// file that is still there and still a `.effect.json` (never a link, a folder or a new
/// path), all at once (a temporary file beside it, renamed over it), so a reader never
/// sees half a file and a failed write leaves the old one.
enum EffectFileWriter {
    /// Nil once written, or why not, in one sentence.
    static func write(_ bytes: [UInt8], to path: String) -> String? {
        guard path.hasSuffix(".effect.json") else {
            return "save: \(path) is not a declarative effect file (NAME.effect.json)"
        }
        var info = stat()
        guard lstat(path, &info) == 0 else {
            return "save: \(path) is gone (\(String(cString: strerror(errno)))): the effect is saved only to the file it came from"
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            return "save: \(path) is not a plain file (a link or something else): it is left as it is"
        }
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            return "save: \(path) cannot be written: \(error.localizedDescription)"
        }
        return nil
    }
}
