import Foundation

/// One tab's WebSocket after the handshake: a session for it (or, past the tab limit, a
/// close frame saying so), its messages read on the connection's thread and handed to
/// the session, and what the session sends written by a thread of its own from the
/// tab's `TabOutbox`. A frame the tab may not send closes the connection with the code
/// RFC 6455 gives and a reason; the session ends when the connection does.
enum WebSocketTab {
    /// The kernel's send buffer for a tab: a couple of the largest frames. Left to grow
    /// on its own (up to megabytes), it takes in a second of frames from a tab that
    /// reads nothing, so its stage runs that long before it pauses (see
    /// `PlaygroundSession.pauseAfterUnreadTicks`) and the tabs that read wait for the cores.
    static let sendBufferBytes: Int32 = 256 << 10

    static func serve(socket: ConnectionSocket, reader: SocketReader, sessions: SessionRegistry, limits: ServerLimits,
                      log: @escaping @Sendable (String) -> Void) {
        socket.setSendBuffer(bytes: sendBufferBytes)
        let outbox = TabOutbox()
        let written = DispatchSemaphore(value: 0)
        socket.retain()
        let writer = Thread {
            while let item = outbox.next() {
                let bytes: [UInt8]
                switch item {
                case .bytes(let message): bytes = message
                case .close(let frame): bytes = frame
                }
                defer { outbox.wrote() }
                do { try socket.write(bytes) } catch {
                    // The page is gone or has read nothing for `sendSeconds`.
                    socket.shutDown()
                    break
                }
                if case .close = item {
                    // The reader ends when the page answers the close; one that does
                    // not is cut off a second later.
                    socket.retain()
                    DispatchQueue.global().asyncAfter(deadline: .now() + 1) {
                        socket.shutDown()
                        socket.release()
                    }
                    break
                }
            }
            outbox.finish()
            written.signal()
            socket.release()
        }
        writer.name = "stagehand.serve.tab-writer"
        writer.start()

        guard let session = sessions.open(send: { outbox.post($0) }, isBacklogged: { outbox.holdsFrame }) else {
            let reason = "the playground serves at most \(limits.tabs) tabs at once: close one, then reload"
            log("refused a tab: \(reason)")
            outbox.close(code: 1013, reason: reason)
            written.wait()
            return HTTPListener.linger(socket, reader)
        }
        outbox.onFrameWritten { [weak session] in session?.pageReadAFrame() }
        session.start()
        var frames = WebSocketFrameReader(reader: reader, limit: limits.message)
        var failed = false
        reading: while true {
            do {
                switch try frames.next() {
                case .text(let text): session.receive(text)
                case .binary(let count): session.receiveBinary(count: count)
                case .ping(let payload): outbox.postControl(WebSocketFrame.pong(payload))
                case .close(let code, _):
                    outbox.close(code: code.map { $0 == 1005 || $0 == 1006 ? 1000 : $0 } ?? 1000, reason: "")
                    break reading
                }
            } catch .failed(let failure) {
                log("session \(session.id): closed the connection (\(failure.code)): \(failure.reason)")
                outbox.close(code: failure.code, reason: failure.reason)
                failed = true
                break reading
            } catch {
                outbox.finish()
                break reading
            }
        }
        sessions.close(session, droppedFrames: outbox.droppedFrames)
        written.wait()
        if failed {
            HTTPListener.linger(socket, reader)
        } else {
            socket.shutDown()
        }
    }
}
