import FlyingFox
import Foundation

/// The WebSocket of one tab: starts a session for it, hands it the tab's messages, and
/// streams back what the session sends. When the tab goes away (or its connection
/// breaks) the session is closed.
struct SessionSocket: WSMessageHandler {
    let sessions: SessionRegistry

    /// Messages waiting to be written to a slow page: frames beyond this are dropped
    /// (the newest kept), so a tab that stops reading costs the server a bounded amount.
    static let backlog = 240

    func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
        let (stream, continuation) = AsyncStream<WSMessage>.makeStream(bufferingPolicy: .bufferingNewest(Self.backlog))
        let session = sessions.open { message in continuation.yield(.text(message.text)) }
        session.start()
        Task {
            for await message in client {
                switch message {
                case .text(let text): session.receive(text)
                case .data(let data): session.receiveBinary(count: data.count)
                case .close: break
                }
            }
            sessions.close(session)
            continuation.finish()
        }
        return stream
    }
}
