#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import StagehandShared

/// What identifies one version of a bundle file: its size, its modification time and a
/// hash of its bytes. A cached scan is used only while all three are unchanged, so a
/// bundle rebuilt in place (even within the same second, or copied with its old time
/// kept) is scanned again.
///
/// The hash is a fast 64-bit mix of the file's words, for noticing a change, not for
/// security: whoever can write the file can run code in every process that loads it.
///
/// One process hashes a file once while its identity is unchanged (`FileIdentity`:
/// device, inode, size, modification and status-change times): a process that loads the
/// plugin path several times (`validate` checking a pack's files one after the other)
/// does not read every built-in bundle again each time. Any write to the file changes its
/// status-change time, which no one can set back, so a file rewritten meanwhile is
/// hashed again; a file changed less than a second before it is hashed is not
/// remembered at all, since the kernel's times are coarse enough for two writes in a
/// row to share them. For the same reason a later process may take a fingerprint an
/// earlier one made, with the identity it was made of (the scan cache keeps both, see
/// `remember`): short commands run one after another (a debug build's, a test suite's
/// hundreds) then read no bundle whose file has not changed.
struct BundleFingerprint: Codable, Equatable {
    var size: Int64
    /// Seconds and nanoseconds since the epoch, as one number of nanoseconds.
    var modified: Int64
    var hash: String

    /// The fingerprint of the regular file at `path`; `nil` if it cannot be read.
    static func of(_ path: String) -> BundleFingerprint? { identified(path)?.fingerprint }

    /// The fingerprint of the regular file at `path`, and the file's identity when the
    /// fingerprint holds for as long as that identity does (the file was last changed
    /// over a second before: `nil` otherwise); `nil` if the file cannot be read.
    static func identified(_ path: String) -> (fingerprint: BundleFingerprint, settled: FileIdentity?)? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        let size = Int(info.st_size)
        let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        let identity = FileIdentity(info)
        if let known = hashed.withLock({ $0[identity] }) { return (known, identity) }
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(size)
        if size > 0 {
            guard let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), mapped != MAP_FAILED else { return nil }
            defer { munmap(mapped, size) }
            hash = mix(UnsafeRawBufferPointer(start: mapped, count: size), seed: hash)
        }
        let hex = String(hash, radix: 16)
        let fingerprint = BundleFingerprint(size: Int64(size), modified: modified,
                                            hash: String(repeating: "0", count: 16 - hex.count) + hex)
        // The kernel's file times are coarse (a few milliseconds): a file changed in the
        // last second could be changed again with the same times, so it is not remembered.
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        guard Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec) - identity.changed > 1_000_000_000 else {
            return (fingerprint, nil)
        }
        hashed.withLock { $0[identity] = fingerprint }
        return (fingerprint, identity)
    }

    /// Takes `fingerprint` as the one of any file whose identity is `identity`, as if this
    /// process had made it: for one an earlier process made (`identified`'s settled
    /// identity, kept in the scan cache).
    static func remember(_ fingerprint: BundleFingerprint, for identity: FileIdentity) {
        hashed.withLock { $0[identity] = fingerprint }
    }

    /// The fingerprints this process has made or was given, by the identity of the file
    /// they were made of.
    private static let hashed = Locked<[FileIdentity: BundleFingerprint]>([:])

    /// What changes when a file is replaced or written to: `stat`'s device and inode, size,
    /// and modification and status-change times to the nanosecond.
    struct FileIdentity: Hashable, Codable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var modified: Int64
        var changed: Int64

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
            modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
            changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
        }
    }

    /// Four independent multiply-rotate lanes over 32-byte blocks (so the loop is not
    /// one long dependency chain), then the tail byte by byte, then a final avalanche.
    /// `bytes` is a file's mapping: untyped memory, aligned to a page.
    static func mix(_ bytes: UnsafeRawBufferPointer, seed: UInt64) -> UInt64 {
        let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
        let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (seed &+ prime1, seed &+ prime2, seed, seed &- prime1)
        func round(_ lane: UInt64, _ word: UInt64) -> UInt64 {
            let mixed = lane &+ word &* prime2
            return ((mixed &<< 31) | (mixed &>> 33)) &* prime1
        }
        // A debug build (every `stagehand` the tests run hashes every built-in bundle)
        // calls generic code unspecialised, several times slower: so the words are read
        // through a typed pointer (the mapping is untyped memory, page-aligned, bound to
        // words here) rather than with `loadUnaligned`, and shifts are the non-generic
        // masking ones.
        let count = bytes.count
        let end = count / 32 * 4
        var offset = 0
        if let base = bytes.baseAddress {
            let words = base.bindMemory(to: UInt64.self, capacity: count / 8)
            var index = 0
            while index < end {
                lanes.0 = round(lanes.0, words[index])
                lanes.1 = round(lanes.1, words[index + 1])
                lanes.2 = round(lanes.2, words[index + 2])
                lanes.3 = round(lanes.3, words[index + 3])
                index += 4
            }
            offset = end * 8
        }
        var hash = lanes.0 ^ ((lanes.1 &<< 7) | (lanes.1 &>> 57)) ^ ((lanes.2 &<< 12) | (lanes.2 &>> 52)) ^ ((lanes.3 &<< 18) | (lanes.3 &>> 46))
        while offset < count {
            hash = (hash ^ UInt64(bytes[offset])) &* prime1
            offset += 1
        }
        hash ^= hash &>> 33
        hash = hash &* prime2
        hash ^= hash &>> 29
        hash = hash &* prime1
        hash ^= hash &>> 32
        return hash
    }
}
