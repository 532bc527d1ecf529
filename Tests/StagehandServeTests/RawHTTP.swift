import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A client that sends whatever bytes it is given (an oversized head, a request in
/// pieces) while reading the answer, as a hostile or broken client does: the bytes are
/// written from a thread of their own, and the answer may come before they are all sent.
enum RawHTTP {
    struct Answer {
        var status: Int
        var body: String
        /// Seconds from the first byte sent to the answer's first byte.
        var seconds: Double
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func send(port: UInt16, _ bytes: [UInt8]) async throws -> Answer {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try sendBlocking(port: port, bytes) })
            }
        }
    }

    private static func sendBlocking(port: UInt16, _ bytes: [UInt8]) throws -> Answer {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket() failed") }
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { close(fd); throw Failure(description: "cannot connect") }
        let start = Date()
        let sent = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            var offset = 0
            while offset < bytes.count {
                let n = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, min($0.count, 65536), Int32(MSG_NOSIGNAL)) }
                if n <= 0 { break }
                offset += n
            }
            sent.signal()
        }
        var response: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        var first: Date?
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            if first == nil { first = Date() }
            response += chunk[0..<n]
        }
        shutdown(fd, Int32(SHUT_RDWR))
        sent.wait()
        close(fd)
        let text = String(decoding: response, as: UTF8.self)
        let fields = text.split(separator: " ", maxSplits: 2)
        guard fields.count >= 2, let status = Int(fields[1]) else {
            throw Failure(description: "no HTTP answer: \(text.prefix(80))")
        }
        let body = text.range(of: "\r\n\r\n").map { String(text[$0.upperBound...]) } ?? ""
        return Answer(status: status, body: body, seconds: (first ?? Date()).timeIntervalSince(start))
    }
}
