#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The few file-system questions the host asks, answered with POSIX calls so that a
/// failure comes back as the system's own reason (`strerror`), ready for a diagnostic.
enum FileSystem {
    /// The whole file, or the reason it cannot be read ("No such file or directory",
    /// "Is a directory", "Permission denied").
    static func readFile(_ path: String) -> Result<[UInt8], ReadError> {
        readFile(path, atMost: nil)
    }

    /// The whole file, refused (`ReadError.tooLarge`) as soon as it proves longer than
    /// `limit` bytes: a file a user drops in cannot make the host read without end
    /// (a link to /dev/zero, say). Not a regular file is refused before it is opened
    /// (opening a FIFO waits for a writer).
    static func readFile(_ path: String, atMost limit: Int?) -> Result<[UInt8], ReadError> {
        if limit != nil, let kind = nonRegularKind(path) { return .failure(ReadError(description: "not a regular file (\(kind))")) }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | (limit != nil ? O_NONBLOCK : 0))
        guard descriptor >= 0 else { return .failure(ReadError(errno)) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(ReadError(errno))
            }
            if count == 0 { return .success(bytes) }
            bytes.append(contentsOf: chunk[..<count])
            if let limit, bytes.count > limit {
                return .failure(ReadError(description: "longer than \(limit) bytes"))
            }
        }
    }

    /// A `strerror` text as an `Error`, so `readFile` can return a `Result`.
    struct ReadError: Error, CustomStringConvertible {
        var description: String
        init(description: String) {
            self.description = description
        }
        init(_ code: Int32) {
            description = String(cString: strerror(code))
        }
    }

    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// What `path` is when it exists and is not a regular file ("a FIFO", "a directory",
    /// "a character device", ...), following symlinks; `nil` for a regular file or a path
    /// that cannot be examined (the caller's own open reports that).
    static func nonRegularKind(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "a special file"
        }
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// The canonical path with every symlink, `.` and `..` resolved; `nil` if it does
    /// not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether `path` (already canonical) is `directory` (already canonical) or lies
    /// somewhere below it.
    static func isInside(_ path: String, directory: String) -> Bool {
        if directory == "/" { return path.hasPrefix("/") }
        return path == directory || path.hasPrefix(directory + "/")
    }

    /// The names in a directory (no `.` and `..`), sorted so that discovery is the same
    /// on every machine; `nil` with the reason if the directory cannot be read.
    static func contents(ofDirectory path: String) -> Result<[String], ReadError> {
        guard let stream = opendir(path) else { return .failure(ReadError(errno)) }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return .success(names.sorted())
    }

    /// The directory of the running executable (`readlink /proc/self/exe`): where SwiftPM
    /// puts the built-in bundles beside `stagehand`, and beside the test bundle in tests.
    static func executableDirectory() -> String? {
        realPath("/proc/self/exe").flatMap(parent(of:))
    }

    static func currentDirectory() -> String {
        guard let buffer = getcwd(nil, 0) else { return "." }
        defer { free(buffer) }
        return String(cString: buffer)
    }

    static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    static func absolute(_ path: String, in directory: String) -> String {
        path.hasPrefix("/") ? path : join(directory, path)
    }

    /// The name after the last slash.
    static func lastComponent(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// The directory above `path`, or `nil` at the root.
    static func parent(of path: String) -> String? {
        var trimmed = path
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard trimmed != "/", let slash = trimmed.lastIndex(of: "/") else { return nil }
        let parent = String(trimmed[..<slash])
        return parent.isEmpty ? "/" : parent
    }
}
