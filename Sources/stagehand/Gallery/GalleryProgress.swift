import Foundation
import StagehandCore

/// `preview --all`'s progress on standard error: a bar redrawn in place on a terminal
/// (isatty), one plain line per effect otherwise, so logs keep every line. Effects are
/// rendered on several threads at once: every call is serialised, and the count is of
/// the effects finished so far.
final class GalleryProgress: Sendable {
    let total: Int
    let isTerminal = isatty(STDERR_FILENO) == 1
    static let width = 24
    /// The effects finished so far; its lock also keeps one line from cutting into another.
    private let finishedCount = Locked(0)

    init(total: Int) {
        self.total = total
    }

    func starting(_ name: String) {
        finishedCount.withLock { finishedCount in
            guard isTerminal else { return }
            let filled = total == 0 ? Self.width : Self.width * finishedCount / total
            let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: Self.width - filled)
            FileHandle.standardError.write(Data("\r\u{1B}[2K[\(bar)] \(finishedCount)/\(total) \(name)".utf8))
        }
    }

    func finished(_ name: String, detail: String) {
        finishedCount.withLock { finishedCount in
            finishedCount += 1
            guard !isTerminal else { return }
            StandardError.write("[\(finishedCount)/\(total)] \(name): \(detail)")
        }
    }

    func failed(_ name: String, reason: String) {
        finishedCount.withLock { finishedCount in
            finishedCount += 1
            if isTerminal { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
            StandardError.write("error: \(name): \(reason)")
        }
    }

    func done() {
        finishedCount.withLock { _ in
            guard isTerminal else { return }
            FileHandle.standardError.write(Data("\r\u{1B}[2K[\(String(repeating: "#", count: Self.width))] \(total)/\(total)\n".utf8))
        }
    }
}
