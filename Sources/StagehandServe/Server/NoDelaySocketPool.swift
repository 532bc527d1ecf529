import FlyingFox
import FlyingSocks
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The HTTP library's socket pool, with Nagle's algorithm turned off on every socket it
/// waits on (the listening one too: on Linux accepted sockets inherit the setting).
///
/// A frame is a WebSocket header and a payload written one after the other; with
/// Nagle's algorithm the second waits for the browser to acknowledge the first, which a
/// browser delays by up to 40 ms: longer than two frames. The library offers no hook
/// on accepted connections, but each socket passes through its pool before its first
/// wait.
struct NoDelaySocketPool: AsyncSocketPool {
    let base: any AsyncSocketPool

    func prepare() async throws { try await base.prepare() }

    func run() async throws { try await base.run() }

    func suspendSocket(_ socket: Socket, untilReadyFor events: Socket.Events) async throws {
        var on: Int32 = 1
        _ = setsockopt(socket.file.rawValue, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        try await base.suspendSocket(socket, untilReadyFor: events)
    }
}
