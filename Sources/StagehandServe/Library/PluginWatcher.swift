import Foundation

/// Notices when a bundle in a plugin directory is added, removed or rebuilt, by looking
/// at the directories' files (names, sizes, modification times) every few tenths of a
/// second: no platform file-watching API, and nothing missed on any file system.
///
/// A change is reported once the directory has stayed the same for one more look, so a
/// bundle still being written by the linker is not loaded half-written.
// @unchecked Sendable: `loaded` and `pending` are touched only on `queue` (serial), `timer` only by
// `start` and `stop`, which the server calls from its one starting and stopping task.
final class PluginWatcher: @unchecked Sendable {
    private let directories: [String]
    private let interval: Double
    private let changed: @Sendable () -> Void
    private let queue = DispatchQueue(label: "stagehand.serve.watcher")
    private var timer: DispatchSourceTimer?
    private var loaded: [String]
    private var pending: [String]?

    init(directories: [String], interval: Double, changed: @escaping @Sendable () -> Void) {
        self.directories = directories
        self.interval = interval
        self.changed = changed
        loaded = Self.signature(directories)
    }

    func start() {
        guard !directories.isEmpty else { return }
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + interval, repeating: interval)
        timer.setEventHandler { [weak self] in self?.look() }
        timer.resume()
        self.timer = timer
    }

    func stop() {
        timer?.cancel()
        timer = nil
    }

    private func look() {
        let now = Self.signature(directories)
        if now == loaded {
            pending = nil
        } else if now == pending {
            loaded = now
            pending = nil
            changed()
        } else {
            pending = now
        }
    }

    /// One line per file: directory, name, size, modification time in nanoseconds.
    static func signature(_ directories: [String]) -> [String] {
        var lines: [String] = []
        for directory in directories {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            for name in names.sorted() {
                var info = stat()
                guard stat(directory + "/" + name, &info) == 0 else { continue }
                let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
                lines.append("\(directory)/\(name) \(info.st_size) \(modified)")
            }
        }
        return lines
    }
}
