import Foundation

/// The open sessions (one per tab), for telling each one the catalog changed.
final class SessionRegistry: @unchecked Sendable {
    private let library: PlaygroundLibrary
    private let exports: ExportStore
    private let log: @Sendable (String) -> Void
    private let lock = NSLock()
    private var sessions: [String: PlaygroundSession] = [:]

    init(library: PlaygroundLibrary, exports: ExportStore, log: @escaping @Sendable (String) -> Void) {
        self.library = library
        self.exports = exports
        self.log = log
    }

    var count: Int { lock.withLock { sessions.count } }

    func open(send: @escaping @Sendable (ServerMessage) -> Void) -> PlaygroundSession {
        let id = String(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16))
        let session = PlaygroundSession(id: id, library: library, exports: exports, send: send, log: log)
        lock.withLock { sessions[id] = session }
        return session
    }

    /// Closes the session; its export is no longer offered.
    func close(_ session: PlaygroundSession) {
        session.close()
        lock.withLock { sessions[session.id] = nil }
        exports.forget(session: session.id)
    }

    func broadcast(_ listing: CatalogListing) {
        for session in lock.withLock({ Array(sessions.values) }) {
            session.catalogChanged(listing)
        }
    }
}
