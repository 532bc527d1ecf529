import Foundation

/// `preview --all`'s progress on standard error: a bar redrawn in place on a terminal
/// (isatty), one plain line per effect otherwise, so logs keep every line.
final class GalleryProgress {
    let total: Int
    let isTerminal = isatty(STDERR_FILENO) == 1
    static let width = 24

    init(total: Int) {
        self.total = total
    }

    func starting(_ i: Int, _ name: String) {
        guard isTerminal else { return }
        let filled = total == 0 ? Self.width : Self.width * i / total
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: Self.width - filled)
        FileHandle.standardError.write(Data("\r\u{1B}[2K[\(bar)] \(i)/\(total) \(name)".utf8))
    }

    func finished(_ i: Int, _ name: String, detail: String) {
        guard !isTerminal else { return }
        StandardError.write("[\(i + 1)/\(total)] \(name): \(detail)")
    }

    func failed(_ i: Int, _ name: String, reason: String) {
        if isTerminal { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
        StandardError.write("error: \(name): \(reason)")
    }

    func done() {
        guard isTerminal else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2K[\(String(repeating: "#", count: Self.width))] \(total)/\(total)\n".utf8))
    }
}
