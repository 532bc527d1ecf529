/// Buffered reads from a connection for the one thread that reads it: the request head
/// in chunks, then WebSocket frames byte by byte and payloads in blocks.
final class SocketReader {
    let socket: ConnectionSocket
    private var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    private var start = 0
    private var end = 0

    init(socket: ConnectionSocket) {
        self.socket = socket
    }

    /// The bytes read but not yet taken.
    var pending: ArraySlice<UInt8> { buffer[start..<end] }

    /// Marks the first `count` pending bytes taken.
    func take(_ count: Int) { start += count }

    /// Reads more (replacing what was taken), waiting at most `timeout` seconds: false
    /// when the time passed.
    func fill(timeout: Double) throws(ConnectionSocket.Closed) -> Bool {
        if start == end { start = 0; end = 0 }
        if end == buffer.count {
            buffer.replaceSubrange(0..<end - start, with: buffer[start..<end])
            (start, end) = (0, end - start)
        }
        let (socket, end) = (self.socket, self.end)
        let read = buffer.withUnsafeMutableBytes { raw in
            Result { () throws(ConnectionSocket.Closed) in try socket.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[end...]), timeout: timeout) }
        }
        guard let count = try read.get() else { return false }
        if count == 0 { throw ConnectionSocket.Closed() }
        self.end += count
        return true
    }

    /// The next byte, waiting as long as it takes.
    func byte() throws(ConnectionSocket.Closed) -> UInt8 {
        while start == end { _ = try fill(timeout: 3600) }
        defer { start += 1 }
        return buffer[start]
    }

    /// The next `count` bytes, waiting as long as it takes.
    func bytes(_ count: Int) throws(ConnectionSocket.Closed) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(count)
        while out.count < count {
            while start == end { _ = try fill(timeout: 3600) }
            let n = min(count - out.count, end - start)
            out.append(contentsOf: buffer[start..<start + n])
            start += n
        }
        return out
    }
}
