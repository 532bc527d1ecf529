#if canImport(Glibc)
import Glibc
#endif

/// A blocking TCP socket connected to the server's loopback port, with a read timeout:
/// what every client in these tests starts from, and its sends and receives.
///
/// Each call is retried when a signal interrupts it (EINTR). The test process gets
/// signals all the time (SIGCHLD from the many children the suites run), and under
/// ThreadSanitizer, which delivers signals at its own points, a blocking call is
/// interrupted often enough that taking EINTR for a closed connection fails tests.
enum LoopbackSocket {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The connected descriptor (the caller closes it).
    static func connect(port: UInt16, readTimeout seconds: Int) throws(Failure) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket() failed: \(reason())") }
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        if connected != 0 {
            // An interrupted connect goes on in the background: wait for it to finish.
            let problem = errno == EINTR ? finishInterruptedConnect(fd) : reason()
            if let problem {
                close(fd)
                throw Failure(description: "cannot connect to port \(port): \(problem)")
            }
        }
        return fd
    }

    /// Waits for a connect a signal interrupted; nil when it succeeded, else why not.
    private static func finishInterruptedConnect(_ fd: Int32) -> String? {
        var waiting = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        while poll(&waiting, 1, -1) < 0 {
            if errno != EINTR { return reason() }
        }
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
        return error == 0 ? nil : String(cString: strerror(error))
    }

    /// Sends all of `bytes` (in pieces of at most `piece` bytes); nil when all went,
    /// else why not.
    static func send(_ fd: Int32, _ bytes: ArraySlice<UInt8>, piece: Int = Int.max) -> String? {
        var offset = bytes.startIndex
        while offset < bytes.endIndex {
            let n = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, min($0.count, piece), Int32(MSG_NOSIGNAL)) }
            if n > 0 {
                offset += n
            } else if n < 0, errno == EINTR {
                continue
            } else {
                return n == 0 ? "nothing sent" : reason()
            }
        }
        return nil
    }

    /// Receives into `buffer`: the count, 0 when the peer closed, -1 on an error or
    /// when the read timeout passed (errno says which).
    static func receive(_ fd: Int32, into buffer: inout [UInt8]) -> Int {
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0, errno == EINTR { continue }
            return n
        }
    }

    /// The system's words for the last error.
    static func reason() -> String { String(cString: strerror(errno)) }
}
