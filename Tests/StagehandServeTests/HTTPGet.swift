import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One HTTP/1.1 GET over a plain socket (`Connection: close`), for the export links:
/// the body of a 200 response (or an error with the status and the body), or any status
/// and its body.
enum HTTPGet {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func fetch(port: UInt16, path: String) async throws -> Data {
        try await fetch(port: port, path: path, askingAgainFor: 0)
    }

    /// The body of a 200 response, asking again every second while the server answers
    /// 503 (a GIF still being made, as the page does), for up to `seconds`: a debug
    /// server on a busy machine can take minutes over a long recording.
    static func fetch(port: UInt16, path: String, askingAgainFor seconds: Double) async throws -> Data {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let (status, body) = try await response(port: port, path: path)
            if status == 503, Date() < deadline {
                try await Task.sleep(for: .seconds(1))
                continue
            }
            guard status == 200 else {
                throw Failure(description: "GET \(path): status \(status): \(String(decoding: body.prefix(400), as: UTF8.self))")
            }
            return body
        }
    }

    /// The status code and the body, whatever the status.
    static func response(port: UInt16, path: String) async throws -> (status: Int, body: Data) {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try fetchBlocking(port: port, path: path) })
            }
        }
    }

    /// The same, on the calling thread.
    static func fetchBlocking(port: UInt16, path: String) throws -> (status: Int, body: Data) {
        let fd = try LoopbackSocket.connect(port: port, readTimeout: 60)
        defer { close(fd) }
        let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)
        if let problem = LoopbackSocket.send(fd, request[...]) { throw Failure(description: "cannot send the request: \(problem)") }
        var response = Data()
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = LoopbackSocket.receive(fd, into: &chunk)
            if n <= 0 { break }
            response.append(contentsOf: chunk[0..<n])
            if let end = response.range(of: Data("\r\n\r\n".utf8)),
               let length = contentLength(response[..<end.lowerBound]), response.count - end.upperBound >= length {
                break
            }
        }
        guard let end = response.range(of: Data("\r\n\r\n".utf8)) else { throw Failure(description: "no response") }
        let head = String(decoding: response[..<end.lowerBound], as: UTF8.self)
        let fields = head.split(separator: " ", maxSplits: 2)
        guard fields.count >= 2, fields[0].hasPrefix("HTTP/1."), let status = Int(fields[1]) else {
            throw Failure(description: "GET \(path): not an HTTP response: \(head.prefix(60))")
        }
        return (status, Data(response[end.upperBound...]))
    }

    private static func contentLength(_ head: Data) -> Int? {
        for line in String(decoding: head, as: UTF8.self).split(separator: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "content-length" {
                return Int(parts[1].trimmingCharacters(in: .whitespaces))
            }
        }
        return nil
    }
}
