import Foundation
import Testing
@testable import StagehandServe
#if canImport(Glibc)
import Glibc
#endif

/// A tab that reads nothing must stop costing the server soon: the kernel takes only a
/// couple of frames for it before the tab's writer blocks and its stage pauses. (Left to
/// grow, the send buffer took in a second of explode's frames, and 31 such tabs kept a
/// reading tab under 40 frames a second; `Tests/Playground/hostile_bench.py` measures it.)
@Suite struct TabSendBufferTests {
    /// Over a real loopback connection whose reader reads nothing, the kernel takes at
    /// most about twice the tab's buffer (Linux doubles the figure for its bookkeeping)
    /// and the peer's small receive buffer, then refuses more.
    @Test func aTabsSocketTakesOnlyItsSendBufferFromAWriterWhosePeerReadsNothing() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #expect(listener >= 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address -> Bool in
                bind(listener, address, length) == 0 && listen(listener, 1) == 0 && getsockname(listener, address, &length) == 0
            }
        }
        try #require(bound, "cannot listen on loopback: \(String(cString: strerror(errno)))")
        // The page's side: a small receive buffer (set before connecting, so the window
        // it announces is small too), and it never reads.
        let page = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(page) }
        var small: Int32 = 16 << 10
        setsockopt(page, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(page, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        try #require(connected == 0, "cannot connect: \(String(cString: strerror(errno)))")
        let accepted = accept(listener, nil, nil)
        try #require(accepted >= 0)
        let tab = ConnectionSocket(descriptor: accepted)
        defer { tab.release() }
        tab.setSendBuffer(bytes: WebSocketTab.sendBufferBytes)

        var size: Int32 = 0
        var sizeLength = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(accepted, SOL_SOCKET, SO_SNDBUF, &size, &sizeLength)
        #expect(size >= WebSocketTab.sendBufferBytes && size <= 2 * WebSocketTab.sendBufferBytes, "SO_SNDBUF is \(size)")

        // Write without blocking until the kernel refuses: what it took is bounded.
        _ = fcntl(accepted, F_SETFL, fcntl(accepted, F_GETFL) | O_NONBLOCK)
        let chunk = [UInt8](repeating: 7, count: 64 << 10)
        var taken = 0
        while taken < 64 << 20 {
            let n = chunk.withUnsafeBytes { send(accepted, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n > 0 { taken += n; continue }
            if n < 0, errno == EINTR { continue }
            break
        }
        #expect(errno == EAGAIN || errno == EWOULDBLOCK, "the writes stopped on \(String(cString: strerror(errno)))")
        let limit = 2 * Int(WebSocketTab.sendBufferBytes) + (256 << 10)
        #expect(taken > 0 && taken <= limit, "the kernel took \(taken) bytes for a peer that reads nothing (at most \(limit))")
    }
}
