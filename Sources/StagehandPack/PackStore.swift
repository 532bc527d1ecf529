import Foundation
import StagehandHost

/// The packs installed in a user plugin directory (`UserPluginDirectory`), and the only
/// code that changes them.
///
/// An install is built in `.staging/` (never searched) and appears by one `rename` of
/// its directory to `packs/NAME`; a replacement swaps the two directories in one
/// `renameat2(RENAME_EXCHANGE)`, then deletes the old one from `.staging/`. Killed at
/// any moment, a reader therefore sees the old pack whole or the new one whole: what is
/// left in `.staging/` by a process that died is removed by the next install or
/// uninstall.
package struct PackStore {
    package let directory: String
    private var packs: String { directory + "/" + UserPluginDirectory.packsFolder }
    private var staging: String { directory + "/" + UserPluginDirectory.stagingFolder }

    package init(directory: String) {
        self.directory = directory
    }

    package func packDirectory(_ name: String) -> String {
        UserPluginDirectory.packDirectory(name, in: directory)
    }

    /// The installed version of `name`, when it is installed.
    package func installedVersion(of name: String) -> String? {
        UserPluginDirectory.installedPacks(in: directory).first { $0.name == name }?.version
    }

    package var installed: [(name: String, version: String)] {
        UserPluginDirectory.installedPacks(in: directory).map { ($0.name, $0.version) }
    }

    /// A new empty directory in `.staging/` for this process, after removing what dead
    /// processes left there.
    package func makeStaging() throws(PackError) -> String {
        removeAbandoned()
        do {
            try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: packs, withIntermediateDirectories: true)
        } catch {
            throw PackError(pack: directory, "the user plugin directory cannot be made: \(error.localizedDescription)")
        }
        var template = Array((staging + "/\(getpid())-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw PackError(pack: directory, "cannot make a directory in \(staging): \(String(cString: strerror(errno)))")
        }
        return String(cString: made)
    }

    /// Removes a staging directory and, when it is empty, `.staging/` itself.
    package func discard(_ staged: String) {
        try? FileManager.default.removeItem(atPath: staged)
        rmdir(staging)
    }

    /// Puts the directory `staged` in place as the pack `name`: a rename when none is
    /// installed, an exchange when one is (then the old one is deleted). `swapped` runs
    /// between the exchange and the deletion.
    package func place(_ staged: String, as name: String, swapped: () -> Void = {}) throws(PackError) {
        let target = packDirectory(name)
        if FileSystemEntry.exists(target) {
            guard let exchange = Self.renameat2 else {
                throw PackError(pack: name, "this system has no renameat2, which replacing a pack in one step needs")
            }
            guard exchange(AT_FDCWD, staged, AT_FDCWD, target, Self.exchangeFlag) == 0 else {
                throw PackError(pack: name, "cannot be swapped into \(target): \(String(cString: strerror(errno)))")
            }
            swapped()
            discard(staged)   // now the previous version
        } else {
            guard rename(staged, target) == 0 else {
                throw PackError(pack: name, "cannot be moved into \(target): \(String(cString: strerror(errno)))")
            }
            rmdir(staging)
        }
    }

    /// Removes the pack `name`: one rename out of `packs/`, then the deletion. Returns
    /// the paths that were removed, relative to the pack's directory. `packs/`, the user
    /// directory and its parent (`stagehand/`) go too when that leaves them empty.
    package func remove(_ name: String) throws(PackError) -> [String] {
        let staged = try makeStaging()
        let target = packDirectory(name)
        let files = (FileManager.default.enumerator(atPath: target)?.allObjects as? [String] ?? []).sorted().filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: target + "/" + path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
        rmdir(staged)
        guard rename(target, staged) == 0 else {
            let reason = String(cString: strerror(errno))
            discard(staged)
            throw PackError(pack: name, "cannot be moved out of \(target): \(reason)")
        }
        discard(staged)
        // The folders the first install made, when nothing else is left in them: the
        // user directory is then as it was before anything was installed.
        for folder in [packs, directory, FileSystemEntry.parent(of: directory)] { rmdir(folder) }
        return files
    }

    /// Removes the staging directories of processes that are gone (named after their
    /// process id), and `.staging/` itself when that leaves it empty.
    package func removeAbandoned() {
        defer { rmdir(staging) }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: staging)) ?? [] {
            guard let pid = Int32(name.prefix { $0 != "-" }), pid != getpid() else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH {
                try? FileManager.default.removeItem(atPath: staging + "/" + name)
            }
        }
    }

    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    /// glibc has had renameat2 since 2.28, but its header declares it only for
    /// _GNU_SOURCE, which the Swift overlay does not define: found by name instead.
    private static let renameat2: RenameAt2? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2")
        .map { unsafeBitCast($0, to: RenameAt2.self) }
    private static let exchangeFlag: UInt32 = 1 << 1   // RENAME_EXCHANGE
}

enum FileSystemEntry {
    /// Whether a path names anything (a dangling symlink included).
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    static func parent(of path: String) -> String {
        (path as NSString).deletingLastPathComponent
    }
}
