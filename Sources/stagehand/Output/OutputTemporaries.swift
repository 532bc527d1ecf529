import Dispatch
import Foundation
import StagehandShared

/// The temporary files and folders being written beside an output path (`OutputFile`,
/// `OutputPath.writeFolder`), removed if the process is interrupted.
///
/// A trace streamed to `.NAME.tmp-PID-N` can reach tens of megabytes; without this, a
/// Ctrl-C (SIGINT) or a `kill` (SIGTERM) during the run would leave it beside the target
/// for good. On the first registration the two signals are taken over (set to ignored,
/// then delivered to a dispatch source, so the clean-up runs on an ordinary thread where
/// removing a folder is safe); the handler removes whatever is registered, puts the
/// signal's default action back and raises it again, so the process still ends *by* the
/// signal and the shell sees the conventional status (130 for SIGINT, 143 for SIGTERM).
enum OutputTemporaries {
    /// Registered paths, and whether each is a folder. Guarded by the mutex: the run's
    /// thread registers, the signal handler's thread removes.
    private static let registered = Locked<[String: Bool]>([:])
    /// The dispatch sources, kept alive for the life of the process once made.
    private static let sources = Locked<[any DispatchSourceSignal]>([])

    /// Remembers `path` (a folder when `isFolder`) to be removed on SIGINT or SIGTERM.
    static func register(_ path: String, isFolder: Bool = false) {
        installHandlersOnce()
        registered.withLock { $0[path] = isFolder }
    }

    /// Forgets `path`: it was renamed into place or removed.
    static func unregister(_ path: String) {
        registered.withLock { _ = $0.removeValue(forKey: path) }
    }

    private static func installHandlersOnce() {
        sources.withLock { sources in
            guard sources.isEmpty else { return }
            for signalNumber in [SIGINT, SIGTERM] {
                signal(signalNumber, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
                source.setEventHandler { removeAllAndRaise(signalNumber) }
                source.resume()
                sources.append(source)
            }
        }
    }

    private static func removeAllAndRaise(_ signalNumber: Int32) {
        let paths = registered.withLock { paths in
            defer { paths.removeAll() }
            return paths
        }
        for (path, isFolder) in paths {
            if isFolder {
                try? FileManager.default.removeItem(atPath: path)
            } else {
                unlink(path)
            }
        }
        // Ended by the signal itself: its default action, unblocked on this thread (a
        // parent may have started the process with it blocked), raised here. Should it
        // still return, the shell's convention for it.
        signal(signalNumber, SIG_DFL)
        var only = sigset_t()
        sigemptyset(&only)
        sigaddset(&only, signalNumber)
        pthread_sigmask(SIG_UNBLOCK, &only, nil)
        raise(signalNumber)
        _exit(128 + signalNumber)
    }
}
