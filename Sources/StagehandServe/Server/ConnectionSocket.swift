import Foundation
import StagehandCore
#if canImport(Glibc)
import Glibc
#endif

/// One accepted TCP connection, read and written with blocking calls from the threads
/// that serve it (a connection's reader and, for a tab, its writer).
///
/// The descriptor is closed only when every holder has let go (`release`), so a thread
/// still blocked in `recv` or `send` never finds its number reused by another
/// connection; `shutDown` is what wakes such a thread.
final class ConnectionSocket: Sendable {
    struct Closed: Error {}

    let descriptor: Int32
    private let holders: Locked<Int>

    /// Takes ownership of `descriptor`, held by `holders` parties.
    init(descriptor: Int32, holders: Int = 1) {
        self.descriptor = descriptor
        self.holders = Locked(holders)
        var on: Int32 = 1
        // A WebSocket frame is a header and a payload written one after the other; with
        // Nagle's algorithm the second waits for the browser's delayed acknowledgement
        // of the first (up to 40 ms: longer than two frames).
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
    }

    /// One more party holds the socket (a tab's writer thread).
    func retain() { holders.withLock { $0 += 1 } }

    /// A party lets go; the last one closes the descriptor.
    func release() {
        let last = holders.withLock { count -> Bool in
            count -= 1
            return count == 0
        }
        if last { Glibc.close(descriptor) }
    }

    /// Ends both directions: blocked reads and writes return at once.
    func shutDown() { Glibc.shutdown(descriptor, Int32(SHUT_RDWR)) }

    /// Ends the sending direction, after a last answer, so the peer reads it in full.
    func shutDownWriting() { Glibc.shutdown(descriptor, Int32(SHUT_WR)) }

    /// Reads what is there (at most `into.count` bytes), waiting at most `timeout`
    /// seconds for the first byte: the count read, 0 at the end of the stream, nil when
    /// the time passed.
    func read(into buffer: UnsafeMutableRawBufferPointer, timeout: Double) throws(Closed) -> Int? {
        var limit = timeval(tv_sec: Int(max(0, timeout)), tv_usec: Int((max(0, timeout).truncatingRemainder(dividingBy: 1)) * 1_000_000))
        if limit.tv_sec == 0, limit.tv_usec == 0 { limit.tv_usec = 1000 }
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        while true {
            let count = recv(descriptor, buffer.baseAddress, buffer.count, 0)
            if count >= 0 { return count }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return nil
            default: throw Closed()
            }
        }
    }

    /// Writes all of `bytes`; throws when the peer is gone or has not read for
    /// `sendTimeout` seconds.
    func write(_ bytes: some ContiguousBytes) throws(Closed) {
        let failed: Bool = bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let count = send(descriptor, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if count > 0 {
                    offset += count
                } else if count < 0, errno == EINTR {
                    continue
                } else {
                    return true
                }
            }
            return false
        }
        if failed { throw Closed() }
    }

    /// Fixes the kernel's send buffer at `bytes` (the kernel then no longer grows it).
    func setSendBuffer(bytes: Int32) {
        var size = bytes
        setsockopt(descriptor, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }

    /// How long a write may wait for a peer that does not read before the connection is
    /// given up.
    func setSendTimeout(_ seconds: Int) {
        var limit = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }
}
