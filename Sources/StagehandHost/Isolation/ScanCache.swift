import Foundation
import StagehandABI

/// The scans of earlier runs, in one JSON file (`plugin-scans.json`) in the cache
/// directory, by bundle path. An entry is used only while the file's fingerprint is
/// unchanged (`BundleFingerprint`) and it was scanned by this same host build: a scan's
/// outcome depends on the host too (its ABI, its table), so a rebuilt or upgraded host
/// scans again rather than trusting, say, a crash seen by a broken build.
///
/// The cache is only ever a shortcut: a file that is missing, unreadable, corrupt or of
/// another version is treated as empty (the bundles are scanned again), and one that
/// cannot be written costs a rescan next time and a warning, nothing more. Writes go to
/// a temporary file renamed into place, merged with what another process may have
/// written meanwhile, and drop the entries of files that no longer exist.
struct ScanCache {
    static let fileName = "plugin-scans.json"
    static let version = 2

    struct Entry: Codable, Equatable {
        var fingerprint: BundleFingerprint
        /// The host build that made the scan (`ScanCache.host`).
        var host: String
        var scan: BundleScan
        /// The file's identity when `fingerprint` was made, if it had settled then (see
        /// `BundleFingerprint.identified`): while the file keeps it, the fingerprint holds
        /// without the file being read again. Absent from files of earlier versions.
        var identity: BundleFingerprint.FileIdentity?
    }

    /// This host build: the ABI it speaks and its executable's size and modification time.
    static let host: String = {
        var info = stat()
        guard stat("/proc/self/exe", &info) == 0 else { return "abi \(STAGEHAND_ABI_MAJOR).\(STAGEHAND_ABI_MINOR)" }
        let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        return "abi \(STAGEHAND_ABI_MAJOR).\(STAGEHAND_ABI_MINOR), executable \(info.st_size) bytes, modified \(modified)"
    }()

    private struct File: Codable {
        var version: Int
        var bundles: [String: Entry]
    }

    let file: String
    private(set) var entries: [String: Entry] = [:]
    private var changed: [String: Entry] = [:]

    init(directory: String) {
        file = FileSystem.join(directory, Self.fileName)
        entries = Self.read(file)
    }

    func entry(for path: String, fingerprint: BundleFingerprint) -> BundleScan? {
        guard let entry = entries[path], entry.fingerprint == fingerprint, entry.host == Self.host else { return nil }
        return entry.scan
    }

    /// Whether the entry of `path` knows the file as `identity`.
    func knows(_ path: String, as identity: BundleFingerprint.FileIdentity) -> Bool {
        entries[path]?.identity == identity
    }

    /// Hands the fingerprints of the entries' files, with the identities they were made
    /// of, to `BundleFingerprint`: an unchanged file's fingerprint is then not made again.
    func rememberFingerprints() {
        for entry in entries.values {
            if let identity = entry.identity { BundleFingerprint.remember(entry.fingerprint, for: identity) }
        }
    }

    mutating func record(_ scan: BundleScan, for path: String, fingerprint: BundleFingerprint,
                         identity: BundleFingerprint.FileIdentity?) {
        let entry = Entry(fingerprint: fingerprint, host: Self.host, scan: scan, identity: identity)
        entries[path] = entry
        changed[path] = entry
    }

    /// Writes the new entries; the reason when that failed.
    func save() -> String? {
        guard !changed.isEmpty else { return nil }
        let directory = FileSystem.parent(of: file) ?? "/"
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            return "cannot make the directory \(directory): \(error.localizedDescription)"
        }
        var merged = Self.read(file)
        for (path, entry) in changed { merged[path] = entry }
        merged = merged.filter { FileSystem.exists($0.key) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(File(version: Self.version, bundles: merged)) else {
            return "cannot encode the scans"
        }
        let temporary = file + ".\(ProcessInfo.processInfo.processIdentifier).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: data) else {
            return "cannot write \(temporary): \(String(cString: strerror(errno)))"
        }
        guard rename(temporary, file) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            return "cannot rename \(temporary) to \(file): \(reason)"
        }
        return nil
    }

    private static func read(_ file: String) -> [String: Entry] {
        guard case .success(let bytes) = FileSystem.readFile(file),
              let decoded = try? JSONDecoder().decode(File.self, from: Data(bytes)), decoded.version == version else { return [:] }
        return decoded.bundles
    }
}
