#if canImport(Glibc)
import Glibc
#endif

/// A blocking TCP socket connected to the server's loopback port, with a read timeout:
/// what every client in these tests starts from.
enum LoopbackSocket {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The connected descriptor (the caller closes it).
    static func connect(port: UInt16, readTimeout seconds: Int) throws(Failure) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket() failed") }
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            throw Failure(description: "cannot connect to port \(port)")
        }
        return fd
    }
}
