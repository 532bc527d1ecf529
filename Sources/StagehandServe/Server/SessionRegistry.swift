import Foundation
import Synchronization

/// The open sessions (one per tab, at most `limit`), for telling each one the catalog
/// changed, and for giving memory back when tabs close.
final class SessionRegistry: Sendable {
    private let library: PlaygroundLibrary
    private let exports: ExportStore
    private let log: @Sendable (String) -> Void
    let limit: Int
    private let sessions = Mutex<[String: PlaygroundSession]>([:])
    private let memory = MemoryReturn()

    init(library: PlaygroundLibrary, exports: ExportStore, limit: Int, log: @escaping @Sendable (String) -> Void) {
        self.library = library
        self.exports = exports
        self.limit = limit
        self.log = log
    }

    var count: Int { sessions.withLock { $0.count } }

    /// A new session, or nil when `limit` tabs are open. `isBacklogged` tells whether the
    /// page has yet to read the last frame sent.
    func open(send: @escaping @Sendable (ServerMessage) -> Void, isBacklogged: @escaping @Sendable () -> Bool) -> PlaygroundSession? {
        let id = String(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16))
        let session = PlaygroundSession(id: id, library: library, exports: exports, send: send, isBacklogged: isBacklogged, log: log)
        let admitted = sessions.withLock { sessions -> Bool in
            guard sessions.count < limit else { return false }
            sessions[id] = session
            return true
        }
        return admitted ? session : nil
    }

    /// Closes the session; its export is no longer offered, and once its stage is gone
    /// the memory it used is given back to the system.
    func close(_ session: PlaygroundSession, droppedFrames: Int) {
        let memory = self.memory
        session.close(droppedFrames: droppedFrames) { memory.giveBack() }
        sessions.withLock { $0[session.id] = nil }
        exports.forget(session: session.id)
    }

    func broadcast(_ listing: CatalogListing) {
        for session in sessions.withLock({ Array($0.values) }) {
            session.catalogChanged(listing)
        }
    }
}
