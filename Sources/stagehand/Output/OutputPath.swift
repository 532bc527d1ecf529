import ArgumentParser
import Foundation

/// Checking and writing output paths so that nothing half-written is ever left at the
/// path asked for and nothing but a regular file is replaced: each file is written with
/// `OutputFile` (a temporary file beside it, renamed into place), and a folder is made
/// new: filled under a temporary name and renamed when complete (an existing folder is
/// refused). Problems name the argument.
enum OutputPath {
    /// `--out DIR/`, or an existing folder.
    static func namesDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return path.hasSuffix("/") || (FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue)
    }

    /// Refuses, before any work, a file path whose folder is missing or not writable, or
    /// where something other than a regular file is (see `OutputFile`).
    static func checkFile(_ path: String, argument: String) throws {
        if OutputFile.stream(named: path) != nil { return }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw InputError.fail("\(argument) \(path)", "is a folder; expected a file name")
        }
        if let refusal = OutputFile.refusal(path) { throw InputError.fail("\(argument) \(path)", refusal) }
        try checkFolder(parent(of: path), for: path, argument: argument)
    }

    /// Refuses, before any work, a folder that already exists (frames or GIFs written
    /// into it would replace its files of the same names and leave the others beside
    /// them, mixing two runs) or that cannot be made.
    static func checkDirectory(_ path: String, argument: String) throws {
        var info = stat()
        if lstat(trimmed(path), &info) == 0 {
            let what = (info.st_mode & S_IFMT) == S_IFDIR ? "is a folder that already exists" : "exists and is not a folder"
            throw InputError.fail("\(argument) \(path)", "\(what); the pictures go into a new folder, filled under a temporary name and renamed when complete: remove it or name a new one")
        }
        try checkFolder(parent(of: path), for: path, argument: argument)
    }

    private static func checkFolder(_ folder: String, for path: String, argument: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw InputError.fail("\(argument) \(path)", "cannot write: the folder \(folder) does not exist")
        }
        guard access(folder, W_OK) == 0 else {
            throw InputError.fail("\(argument) \(path)", "cannot write in \(folder): \(String(cString: strerror(errno)))")
        }
    }

    static func parent(of path: String) -> String {
        var trimmed = path
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        let parent = (trimmed as NSString).deletingLastPathComponent
        return parent.isEmpty ? "." : parent
    }

    /// A name beside `path` that nothing else uses.
    static func temporary(beside path: String) -> String {
        var trimmed = path
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        let name = (trimmed as NSString).lastPathComponent
        let folder = parent(of: path)
        return "\(folder)/.\(name).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    /// Writes `data` at `path` atomically (see `OutputFile`).
    static func write(_ data: Data, to path: String, argument: String) throws {
        let file = try OutputFile(path, argument: argument)
        try file.write(data)
        try file.commit()
    }

    /// Makes the folder `path` holding `files` (name → bytes): they are written into a
    /// temporary folder beside it, which is renamed to `path` when complete, and only if
    /// nothing has appeared there meanwhile (a folder is never merged into another).
    static func writeFolder(_ files: [(String, Data)], to path: String, argument: String) throws {
        let temporary = temporary(beside: path)
        OutputTemporaries.register(temporary, isFolder: true)
        defer { OutputTemporaries.unregister(temporary) }
        do {
            try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: false)
            for (name, data) in files { try data.write(to: URL(fileURLWithPath: temporary + "/" + name)) }
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw InputError.fail("\(argument) \(path)", "cannot write: \(reason(error))")
        }
        // Claimed first with mkdir, which fails if anything is there now; rename then
        // replaces only that empty folder of ours (rename never merges two folders).
        let target = trimmed(path)
        guard mkdir(target, 0o777) == 0 else {
            let code = errno
            try? FileManager.default.removeItem(atPath: temporary)
            let message = code == EEXIST
                ? "appeared while the pictures were made; it is left as it is and nothing was written"
                : "cannot write: \(String(cString: strerror(code)))"
            throw InputError.fail("\(argument) \(path)", message)
        }
        guard rename(temporary, target) == 0 else {
            let message = String(cString: strerror(errno))
            rmdir(target)
            try? FileManager.default.removeItem(atPath: temporary)
            throw InputError.fail("\(argument) \(path)", "cannot write: \(message)")
        }
    }

    /// `path` without trailing slashes (`/` stays `/`).
    static func trimmed(_ path: String) -> String {
        var trimmed = path
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        return trimmed
    }

    /// The system's reason, without Foundation's long wrapping.
    private static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return nsError.localizedDescription
    }
}
