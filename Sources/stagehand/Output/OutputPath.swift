import ArgumentParser
import Foundation

/// Checking and writing output paths so that nothing half-written is ever left at the
/// path asked for and nothing but a regular file is replaced: each file is written with
/// `OutputFile` (a temporary file beside it, renamed into place), and a folder that does
/// not exist yet is filled under a temporary name and renamed when complete. Problems
/// name the argument.
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

    /// Refuses, before any work, a folder that cannot be made or written into.
    static func checkDirectory(_ path: String, argument: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw InputError.fail("\(argument) \(path)", "exists and is not a folder") }
            guard access(path, W_OK) == 0 else { throw InputError.fail("\(argument) \(path)", "cannot write in this folder: \(String(cString: strerror(errno)))") }
            return
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

    /// Fills the folder `path` with `files` (name → bytes). A new folder appears only
    /// when complete; into an existing one, each file is written atomically.
    static func writeFolder(_ files: [(String, Data)], to path: String, argument: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            for (name, data) in files { try write(data, to: path + "/" + name, argument: argument) }
            return
        }
        let temporary = temporary(beside: path)
        do {
            try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: false)
            for (name, data) in files { try data.write(to: URL(fileURLWithPath: temporary + "/" + name)) }
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw InputError.fail("\(argument) \(path)", "cannot write: \(reason(error))")
        }
        var target = path
        while target.count > 1, target.hasSuffix("/") { target.removeLast() }
        guard rename(temporary, target) == 0 else {
            let message = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temporary)
            throw InputError.fail("\(argument) \(path)", "cannot write: \(message)")
        }
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
