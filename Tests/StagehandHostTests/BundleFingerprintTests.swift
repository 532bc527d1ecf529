import Foundation
import StagehandTestSupport
@testable import StagehandHost
import Testing

/// A process hashes a bundle once while the file is unchanged; a file rewritten in place,
/// even to the same size with its modification time put back, is hashed again. A later
/// process takes the fingerprint from the scan cache while the file keeps the identity it
/// was made of, and hashes the file again once it changes.
@Suite struct BundleFingerprintTests {
    @Test func aFileRewrittenWithItsOldTimeIsHashedAgainInTheSameProcess() throws {
        let workspace = try Workspace()
        let path = try workspace.write("libSame.so", String(repeating: "a", count: 4096))
        let first = try #require(BundleFingerprint.of(path))
        #expect(BundleFingerprint.of(path) == first)

        // Same size, same modification time (set back by hand): only the status-change
        // time, which no one can set, and the bytes differ.
        var info = stat()
        #expect(stat(path, &info) == 0)
        try String(repeating: "b", count: 4096).write(toFile: path, atomically: false, encoding: .utf8)
        var times = [info.st_atim, info.st_mtim]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        let second = try #require(BundleFingerprint.of(path))
        #expect(second.size == first.size && second.modified == first.modified)
        #expect(second.hash != first.hash)
    }

    /// A fingerprint no hash of the file's bytes gives: taken only through the identity.
    static func forged(like real: BundleFingerprint) -> BundleFingerprint {
        BundleFingerprint(size: real.size, modified: real.modified, hash: "0123456789abcdef")
    }

    static func identity(of path: String) throws -> BundleFingerprint.FileIdentity {
        var info = stat()
        try #require(stat(path, &info) == 0)
        return BundleFingerprint.FileIdentity(info)
    }

    /// The scan cache keeps the identity with the fingerprint, and a process reading the
    /// cache takes the fingerprint for that identity without reading the file: shown with
    /// a forged hash, which the file's bytes would never give. Once the file has another
    /// identity it is read again (here another size; a write of the same size changes
    /// the status-change time, which is why only an identity over a second old is kept).
    @Test func anIdentityKeptInTheScanCacheStandsForTheFileUntilItChanges() throws {
        let workspace = try Workspace()
        let path = try workspace.write("libKept.so", String(repeating: "k", count: 4096))
        let real = try #require(BundleFingerprint.of(path))
        let forged = Self.forged(like: real)
        var cache = ScanCache(directory: workspace.path + "/cache")
        cache.record(.failed("a scan"), for: path, fingerprint: forged, identity: try Self.identity(of: path))
        #expect(cache.save() == nil)

        let later = ScanCache(directory: workspace.path + "/cache")
        #expect(later.knows(path, as: try Self.identity(of: path)))
        later.rememberFingerprints()
        #expect(BundleFingerprint.of(path) == forged)
        #expect(later.entry(for: path, fingerprint: forged) == .failed("a scan"))

        try String(repeating: "k", count: 8192).write(toFile: path, atomically: false, encoding: .utf8)
        let rewritten = try #require(BundleFingerprint.of(path))
        #expect(rewritten.size == 8192 && rewritten.hash != forged.hash && rewritten.hash != real.hash)
    }
}
