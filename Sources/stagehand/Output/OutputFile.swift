import ArgumentParser
import Foundation

/// One output file being written (a picture, a trace), so that nothing half-written is
/// ever left at the path asked for and nothing but a regular file is ever replaced:
///
/// - a new path, or a regular file: the bytes go to a temporary file beside it, renamed
///   into place by `commit()` (rename is atomic within a folder); dropped without
///   `commit()`, the temporary file is removed and the path is as it was;
/// - one of the process's own streams, named the way shells and users name them
///   (`/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`): the bytes are
///   written straight into that stream, which is what asking for it means;
/// - anything else already there (a device such as `/dev/full`, a named pipe, a socket,
///   a symbolic link) is refused with a message saying what it is: replacing it with a
///   regular file would silently break whatever relied on it.
///
/// The temporary file is removed if the process is interrupted (`OutputTemporaries`).
///
/// Writes go out as they come, so a long output (a trace streamed frame by frame) never
/// has to be held in memory whole.
final class OutputFile {
    let path: String
    let argument: String
    private let descriptor: Int32
    /// The temporary file renamed over `path` on commit; nil when writing into a stream.
    private var temporary: String?
    private var finished = false

    /// Opens `path` for writing as the argument `argument` (named in every problem).
    init(_ path: String, argument: String) throws {
        self.path = path
        self.argument = argument
        if let stream = Self.stream(named: path) {
            descriptor = stream
            return
        }
        if let refusal = Self.refusal(path) { throw InputError.fail("\(argument) \(path)", refusal) }
        let temporary = OutputPath.temporary(beside: path)
        let opened = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard opened >= 0 else {
            throw InputError.fail("\(argument) \(path)", "cannot write: \(String(cString: strerror(errno)))")
        }
        descriptor = opened
        self.temporary = temporary
        OutputTemporaries.register(temporary)
    }

    deinit {
        discard()
    }

    /// Appends `data`.
    func write(_ data: Data) throws {
        let failure: Int32? = data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
        if let failure {
            discard()
            throw InputError.fail("\(argument) \(path)", "cannot write: \(String(cString: strerror(failure)))")
        }
    }

    /// Puts the file in place (for a stream: nothing more to do).
    func commit() throws {
        guard !finished else { return }
        guard let temporary else {
            finished = true
            return
        }
        finished = true
        let closed = close(descriptor)
        let reason = closed == 0 ? nil : String(cString: strerror(errno))
        // Checked again at the last moment: something may have appeared at the path
        // while the output was being made.
        if let refusal = reason ?? Self.refusal(path) {
            unlink(temporary)
            OutputTemporaries.unregister(temporary)
            throw InputError.fail("\(argument) \(path)", reason.map { "cannot write: \($0)" } ?? refusal)
        }
        guard rename(temporary, path) == 0 else {
            let message = String(cString: strerror(errno))
            unlink(temporary)
            OutputTemporaries.unregister(temporary)
            throw InputError.fail("\(argument) \(path)", "cannot write: \(message)")
        }
        OutputTemporaries.unregister(temporary)
    }

    /// Gives up: the temporary file is removed, the path left as it was.
    func discard() {
        guard !finished else { return }
        finished = true
        if let temporary {
            close(descriptor)
            unlink(temporary)
            OutputTemporaries.unregister(temporary)
        }
    }

    /// The descriptor `path` names when it is one of the process's open streams.
    static func stream(named path: String) -> Int32? {
        let number: Int32?
        switch path {
        case "/dev/stdout": number = STDOUT_FILENO
        case "/dev/stderr": number = STDERR_FILENO
        default:
            number = ["/dev/fd/", "/proc/self/fd/"].lazy.compactMap { prefix in
                path.hasPrefix(prefix) ? Int32(path.dropFirst(prefix.count)) : nil
            }.first
        }
        guard let number, number >= 0, fcntl(number, F_GETFD) != -1 else { return nil }
        return number
    }

    /// Why `path` cannot be written, when something other than a regular file (or
    /// nothing) is there.
    static func refusal(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        let what: String
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "is a folder; expected a file name"
        case S_IFLNK:
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
            what = "is a symbolic link (to \(target))"
        case S_IFCHR: what = "is a character device"
        case S_IFBLK: what = "is a block device"
        case S_IFIFO: what = "is a named pipe (FIFO)"
        case S_IFSOCK: what = "is a socket"
        default: what = "is not a regular file"
        }
        return "\(what); stagehand writes only a new file or over a regular file (or into /dev/stdout), and never replaces anything else"
    }
}
