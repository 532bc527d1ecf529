import Foundation
import StagehandCore

/// The host side of the ABI's opaque handles. A handle is the address of a scene object;
/// the table remembers which addresses it handed out and of what kind, so a bundle that
/// passes a stale or forged handle gets a diagnostic and a harmless default instead of
/// crashing the host.
///
/// Objects the scene owns (views in a hierarchy, controllers on a stack) are held weakly:
/// a handle is valid while the object lives. Objects only the bundle knows of (a
/// snapshot not yet added, an interaction controller it created) are held strongly until
/// the bundle releases them or the transition that made them ends (`drainTemporaries`).
final class HandleTable: @unchecked Sendable {
    enum Kind: String {
        case view, controller, context, interaction, gesture, object
    }

    private struct Entry {
        weak var object: AnyObject?
        let kind: Kind
    }

    fileprivate let lock = NSLock()
    private var entries: [UnsafeMutableRawPointer: Entry] = [:]
    private var strong: [UnsafeMutableRawPointer: AnyObject] = [:]
    private var temporaries: [AnyObject] = []
    /// Entries whose object has gone are dropped when the table reaches this size (then
    /// twice what is left), so handing out handles for ever does not grow it for ever.
    private var purgeThreshold = 256
    fileprivate var lastString: UnsafeMutablePointer<CChar>?
    /// Where refusals go (the coordinator's stage, or standard error).
    var report: (String) -> Void = { message in
        FileHandle.standardError.write(Data("warning: bundle: \(message)\n".utf8))
    }

    static let shared = HandleTable()

    /// The handle for `object`, registering it.
    func handle(_ object: AnyObject, _ kind: Kind) -> UnsafeMutableRawPointer {
        let p = Unmanaged.passUnretained(object).toOpaque()
        lock.lock()
        if entries[p]?.object !== object { entries[p] = Entry(object: object, kind: kind) }
        if entries.count >= purgeThreshold {
            entries = entries.filter { $0.value.object != nil }
            purgeThreshold = max(256, 2 * entries.count)
        }
        lock.unlock()
        return p
    }

    func handle(_ object: AnyObject?, _ kind: Kind) -> UnsafeMutableRawPointer? {
        object.map { handle($0, kind) }
    }

    /// Keeps `object` alive until `release` (interaction controllers a bundle made).
    func retain(_ object: AnyObject, _ kind: Kind) -> UnsafeMutableRawPointer {
        let p = handle(object, kind)
        lock.lock()
        strong[p] = object
        lock.unlock()
        return p
    }

    /// Keeps `object` alive until the running transition ends (new views a bundle made).
    func retainTemporarily(_ object: AnyObject, _ kind: Kind) -> UnsafeMutableRawPointer {
        let p = handle(object, kind)
        lock.lock()
        temporaries.append(object)
        lock.unlock()
        return p
    }

    func release(_ p: UnsafeMutableRawPointer?) {
        guard let p else { return }
        lock.lock()
        strong[p] = nil
        lock.unlock()
    }

    func drainTemporaries() {
        lock.lock()
        temporaries.removeAll()
        lock.unlock()
    }

    /// The object behind a handle, or nil (with a diagnostic naming the function) if the
    /// handle is null, unknown, dead, or of another kind.
    func resolve<T: AnyObject>(_ p: OpaquePointer?, as: T.Type, _ kind: Kind, in function: String) -> T? {
        guard let p else { return nil }
        let raw = UnsafeMutableRawPointer(p)
        lock.lock()
        let entry = entries[raw]
        lock.unlock()
        guard let entry, entry.kind == kind, let object = entry.object as? T else {
            report("\(function): \(entry == nil ? "unknown (or long dead)" : "stale or mismatched") \(kind.rawValue) handle \(raw); ignored")
            return nil
        }
        return object
    }
}

extension HandleTable {
    /// A C copy of `string` that stays valid until the next call of this function — the
    /// header's promise for strings the host returns.
    func cString(_ string: String) -> UnsafePointer<CChar> {
        lock.lock()
        defer { lock.unlock() }
        free(lastString)
        lastString = strdup(string)
        return UnsafePointer(lastString!)
    }
}
