import Foundation
import StagehandTestSupport
@testable import StagehandHost
import Testing

/// A process hashes a bundle once while the file is unchanged; a file rewritten in place,
/// even to the same size with its modification time put back, is hashed again.
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
}
