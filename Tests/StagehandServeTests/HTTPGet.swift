import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One HTTP/1.1 GET over a plain socket (`Connection: close`), for the export links:
/// the body of a 200 response, or an error with the status line.
enum HTTPGet {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func fetch(port: UInt16, path: String) async throws -> Data {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try fetchBlocking(port: port, path: path) })
            }
        }
    }

    private static func fetchBlocking(port: UInt16, path: String) throws -> Data {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket() failed") }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure(description: "cannot connect") }
        let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var response = Data()
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            response.append(contentsOf: chunk[0..<n])
            if let end = response.range(of: Data("\r\n\r\n".utf8)),
               let length = contentLength(response[..<end.lowerBound]), response.count - end.upperBound >= length {
                break
            }
        }
        guard let end = response.range(of: Data("\r\n\r\n".utf8)) else { throw Failure(description: "no response") }
        let head = String(decoding: response[..<end.lowerBound], as: UTF8.self)
        guard head.hasPrefix("HTTP/1.1 200") else {
            throw Failure(description: "GET \(path): \(head.prefix(60)): \(String(decoding: response[end.upperBound...].prefix(400), as: UTF8.self))")
        }
        return Data(response[end.upperBound...])
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
