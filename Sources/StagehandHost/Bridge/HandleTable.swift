import Foundation
import StagehandCore
import Synchronization

/// The host side of the ABI's opaque handles.
///
/// A handle is a number the table hands out, never an object's address, and never
/// reused for as long as the process lives: a handle kept past the life of what it named
/// (a transition context from a finished transition, a view that is gone) cannot name the
/// next object made at that address; it is recognised as stale and refused with a
/// diagnostic instead of acting on something else. The same living object keeps the same
/// handle, so a bundle may compare handles.
///
/// Each handle remembers the stage it was handed out for and the effect that received it.
/// A call with a handle from a thread that is not running that stage (a thread of the
/// bundle's own) is refused: the scene is unsynchronised, owned by the thread driving the
/// stage (see `BridgeCall`).
///
/// Objects the scene owns (views in a hierarchy, controllers on a stack) are held weakly:
/// a handle is valid while the object lives. Objects only the bundle knows of (a
/// snapshot not yet added) are held by their stage until the transition that made them
/// ends (`drainTemporaries`); interaction controllers a bundle made are held here until it
/// releases them.
///
/// The table itself is shared by every stage, so its state sits behind a mutex.
final class HandleTable: Sendable {
    enum Kind: String {
        case view, controller, context, interaction, gesture, object
    }

    private struct Entry {
        weak var object: AnyObject?
        let kind: Kind
        /// The stage the handle was handed out for; `nil` once that stage is gone.
        weak var stage: Stage?
        /// Whether it was handed out for a stage at all (`stage` may have gone since).
        let hadStage: Bool
        /// The effect (or bundle) that received the handle first, for diagnostics.
        let source: String?
    }

    private struct State {
        var entries: [UInt: Entry] = [:]
        var byObject: [ObjectIdentifier: UInt] = [:]
        var strong: [UInt: AnyObject] = [:]
        /// The next handle's number; handles are `number << step`, so a number below this
        /// was handed out once.
        var next: UInt = 1
        /// Entries whose object has gone are dropped when the table reaches this size
        /// (then twice what is left), so handing out handles for ever does not grow it for
        /// ever. A dropped handle is still known as stale by its number.
        var purgeThreshold = 256
    }

    /// Handles are multiples of 16, like addresses of objects; a bundle cannot tell them apart.
    private static let step: UInt = 4
    private let state = Mutex(State())

    static let shared = HandleTable()

    /// The handle for `object`, registering it for the stage this thread runs.
    func handle(_ object: AnyObject, _ kind: Kind) -> UnsafeMutableRawPointer {
        let stage = BridgeCall.runningStage
        let source = BridgeCall.current?.source
        let id = ObjectIdentifier(object)
        let number = state.withLock { s -> UInt in
            if let h = s.byObject[id], let e = s.entries[h], e.object === object { return h }
            let h = s.next << Self.step
            s.next += 1
            s.entries[h] = Entry(object: object, kind: kind, stage: stage, hadStage: stage != nil, source: source)
            s.byObject[id] = h
            if s.entries.count >= s.purgeThreshold {
                s.entries = s.entries.filter { $0.value.object != nil }
                s.byObject = s.byObject.filter { s.entries[$0.value] != nil }
                s.purgeThreshold = max(256, 2 * s.entries.count)
            }
            return h
        }
        return UnsafeMutableRawPointer(bitPattern: number)!
    }

    func handle(_ object: AnyObject?, _ kind: Kind) -> UnsafeMutableRawPointer? {
        object.map { handle($0, kind) }
    }

    /// Keeps `object` alive until `release` (interaction controllers a bundle made).
    func retain(_ object: AnyObject, _ kind: Kind) -> UnsafeMutableRawPointer {
        let p = handle(object, kind)
        state.withLock { $0.strong[UInt(bitPattern: p)] = object }
        return p
    }

    /// Keeps `object` alive until the running transition of this thread's stage ends
    /// (new views a bundle made).
    func retainTemporarily(_ object: AnyObject, _ kind: Kind) -> UnsafeMutableRawPointer {
        let p = handle(object, kind)
        if let stage = BridgeCall.runningStage { TemporaryObjects.of(stage).objects.append(object) }
        return p
    }

    func release(_ p: UnsafeMutableRawPointer?) {
        guard let p else { return }
        // Dropped outside the lock: the object's deinit may come back to the table.
        let dropped = state.withLock { $0.strong.removeValue(forKey: UInt(bitPattern: p)) }
        withExtendedLifetime(dropped) {}
    }

    /// Lets go of the objects kept for `stage`'s transition that just ended.
    func drainTemporaries(of stage: Stage?) {
        guard let stage else { return }
        stage.attachments[ObjectIdentifier(TemporaryObjects.self)] = nil
    }

    /// The object behind a handle, or nil (with a diagnostic naming `function`) if the
    /// handle is unknown, stale, of another kind, or used from a thread that is not
    /// running its stage. A NULL handle is nil without a word, as a message to nil is in
    /// Objective-C (bundles chain calls whose results may be NULL).
    func resolve<T: AnyObject>(_ p: OpaquePointer?, as: T.Type, _ kind: Kind, in function: String) -> T? {
        guard let p else { return nil }
        let raw = UInt(bitPattern: UnsafeMutableRawPointer(p))
        let (entry, wasIssued) = state.withLock { s in
            (s.entries[raw], raw & ((1 << Self.step) - 1) == 0 && raw >> Self.step >= 1 && raw >> Self.step < s.next)
        }
        guard let entry else {
            if wasIssued {
                HostTable.report(function, "stale \(kind.rawValue) handle: what it named is gone (kept from a transition that ended?); ignored")
            } else {
                HostTable.report(function, "unknown \(kind.rawValue) handle \(String(raw, radix: 16)) (never given out by this host); ignored")
            }
            return nil
        }
        if let owner = entry.stage {
            guard BridgeCall.isRunning(owner) else {
                if BridgeCall.runningStage != nil {
                    HostTable.report(function, "the \(entry.kind.rawValue) handle belongs to another stage (run by another thread); refused")
                } else {
                    HostTable.refuseForeignThread(function, owner: owner, source: entry.source)
                }
                return nil
            }
        } else if BridgeCall.current == nil && BridgeCall.runningStage == nil {
            HostTable.refuseForeignThread(function, owner: nil, source: entry.source)
            return nil
        }
        guard entry.kind == kind else {
            HostTable.report(function, "a \(entry.kind.rawValue) handle where a \(kind.rawValue) handle was expected; ignored")
            return nil
        }
        guard let object = entry.object as? T else {
            HostTable.report(function, "stale \(kind.rawValue) handle: what it named is gone (kept from a transition that ended?); ignored")
            return nil
        }
        return object
    }
}

/// The objects a bundle made during one stage's running transition (a snapshot, a new
/// view) that nothing else holds yet: kept on the stage until the transition ends.
private final class TemporaryObjects {
    var objects: [AnyObject] = []

    static func of(_ stage: Stage) -> TemporaryObjects {
        let key = ObjectIdentifier(TemporaryObjects.self)
        if let t = stage.attachments[key] as? TemporaryObjects { return t }
        let t = TemporaryObjects()
        stage.attachments[key] = t
        return t
    }
}

extension HandleTable {
    /// A C copy of `string` that stays valid until the next call of this function on the
    /// same thread — the header's promise for strings the host returns.
    func cString(_ string: String) -> UnsafePointer<CChar> {
        let box = ReturnedString.slot.value ?? {
            let b = ReturnedString()
            ReturnedString.slot.value = b
            return b
        }()
        free(box.text)
        box.text = strdup(string)
        return UnsafePointer(box.text!)
    }
}

/// The last string the host returned on a thread; freed by the next, or with the thread.
private final class ReturnedString {
    static let slot = ThreadLocal<ReturnedString>()
    var text: UnsafeMutablePointer<CChar>?
    deinit { free(text) }
}
