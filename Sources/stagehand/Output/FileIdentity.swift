import Foundation

/// What a path names on disk, so that two arguments naming one file are caught however
/// they spell it: `a.json`, `./a.json`, a symbolic link to it, a hard link to it, or the
/// path through a linked folder.
///
/// An existing file is its device and inode (the same for every link to it); a path
/// where nothing is yet is its folder's canonical path (every link resolved) and its
/// name, which is where a file written there would appear.
struct FileIdentity: Hashable {
    private enum Key: Hashable {
        case inode(device: UInt64, inode: UInt64)
        case location(String)
    }

    private let key: Key

    /// `nil` when the path cannot be examined at all (its folder does not exist): no file
    /// can then be both an input and an output there.
    init?(_ path: String) {
        var info = stat()
        if stat(path, &info) == 0 {
            key = .inode(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
            return
        }
        let trimmed = OutputPath.trimmed(path)
        guard let folder = realpath(OutputPath.parent(of: trimmed), nil) else { return nil }
        defer { free(folder) }
        key = .location(String(cString: folder) + "/" + (trimmed as NSString).lastPathComponent)
    }

    /// Refuses, before anything runs, an output that is the same file as another output
    /// or as an input: writing the trace over the scenario would destroy it, and two
    /// outputs in one file leave only the last one written. Each item is the argument as
    /// the user wrote it (`--trace`, `SCENARIO`) and its path; nil paths are skipped.
    static func checkDistinct(outputs: [(argument: String, path: String?)], inputs: [(argument: String, path: String?)]) throws {
        var seen: [(argument: String, path: String, identity: FileIdentity)] = []
        for (argument, path) in inputs {
            guard let path, let identity = FileIdentity(path) else { continue }
            seen.append((argument, path, identity))
        }
        let inputCount = seen.count
        // A stream (`-`, `/dev/stdout`) is written into, not replaced: it is left out.
        for (argument, path) in outputs {
            guard let path, path != "-", OutputFile.stream(named: path) == nil, let identity = FileIdentity(path) else { continue }
            if let index = seen.firstIndex(where: { $0.identity == identity }) {
                let other = seen[index]
                let role = index < inputCount ? "it would be written over" : "only one of them could be kept"
                throw InputError.fail("\(argument) \(path)", "is the same file as \(other.argument) \(other.path); \(role): give \(argument) a file of its own")
            }
            seen.append((argument, path, identity))
        }
    }
}
