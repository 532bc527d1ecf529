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
        let fd = try LoopbackSocket.connect(port: port, readTimeout: 60)
        let start = Date()
        let sent = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            // The server may answer and close before all is sent: a failure here is expected.
            _ = LoopbackSocket.send(fd, bytes[...], piece: 65536)
            sent.signal()
        }
        var response: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        var first: Date?
        while true {
            let n = LoopbackSocket.receive(fd, into: &chunk)
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
