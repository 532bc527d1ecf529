import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where the server listens: an IPv4 or IPv6 address in numeric form, or `localhost`
/// (the IPv4 loopback address). Checked before anything is said about it, so a mistyped
/// address is named as such, never bound to.
struct ListenAddress: Sendable, Equatable {
    enum Family: Sendable { case ipv4, ipv6 }

    let text: String
    let family: Family
    /// The address's bytes in network order: 4 for IPv4, 16 for IPv6.
    let bytes: [UInt8]

    /// Why a `--host` value is refused.
    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    static let expected = "expected an IPv4 address (such as 127.0.0.1 or 0.0.0.0), an IPv6 address (such as ::1 or ::) or localhost"

    init(_ text: String) throws(Problem) {
        self.text = text
        let numeric = text == "localhost" ? "127.0.0.1" : text
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, numeric, &v4) == 1 {
            family = .ipv4
            bytes = withUnsafeBytes(of: v4) { Array($0) }
        } else if inet_pton(AF_INET6, numeric, &v6) == 1 {
            family = .ipv6
            bytes = withUnsafeBytes(of: v6) { Array($0) }
        } else {
            throw Problem(description: "not an address; \(Self.expected)")
        }
    }

    /// Whether only this machine can reach it.
    var isLoopback: Bool {
        switch family {
        case .ipv4: return bytes[0] == 127
        case .ipv6: return bytes == Array(repeating: 0, count: 15) + [1]
        }
    }

    /// A listening TCP socket bound to this address and `port` (0: any free port), and
    /// the port bound.
    func listen(port: UInt16) throws(Problem) -> (descriptor: Int32, port: UInt16) {
        let domain = family == .ipv4 ? AF_INET : AF_INET6
        let descriptor = socket(domain, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Problem(description: "cannot make a socket: \(String(cString: strerror(errno)))") }
        var on: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        func fail(_ what: String) -> Problem {
            let reason = String(cString: strerror(errno))
            Glibc.close(descriptor)
            return Problem(description: "cannot \(what) \(family == .ipv6 ? "[\(text)]" : text):\(port): \(reason)")
        }
        func bind<Address>(_ address: Address) -> Int32 {
            withUnsafePointer(to: address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(descriptor, $0, socklen_t(MemoryLayout<Address>.size)) }
            }
        }
        let bound: Int32
        switch family {
        case .ipv4:
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            withUnsafeMutableBytes(of: &address.sin_addr) { $0.copyBytes(from: bytes) }
            bound = bind(address)
        case .ipv6:
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            withUnsafeMutableBytes(of: &address.sin6_addr) { $0.copyBytes(from: bytes) }
            bound = bind(address)
        }
        guard bound == 0 else { throw fail("listen on") }
        guard Glibc.listen(descriptor, 512) == 0 else { throw fail("listen on") }
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        let chosen: UInt16 = withUnsafeBytes(of: storage) { raw in
            // sin_port and sin6_port are both at offset 2, in network order.
            UInt16(raw[2]) << 8 | UInt16(raw[3])
        }
        return (descriptor, chosen)
    }
}
