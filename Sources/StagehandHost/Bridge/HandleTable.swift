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
/// Each stage has its own table (`StageHandles`, hung on the stage), so stages on
/// different threads never wait for each other; only the counter that numbers handles is
/// shared (an atomic counter). A handle used on a thread that is not running its stage (a thread of the
/// bundle's own, or one driving another stage) is refused: the scene is unsynchronised,
/// owned by the thread driving the stage (see `BridgeCall`).
final class HandleTable: Sendable {
    enum Kind: String {
        case view, controller, context, interaction, gesture, object
    }

    /// Handles are multiples of 16, like addresses of objects; a bundle cannot tell them apart.
    static let step: UInt = 4
    /// The next handle's number; a number below it was handed out once.
    private let next = Atomic<UInt>(1)
    /// Every stage's table (weakly), for telling a stale handle from another stage's, and
    /// for finding whose handle a thread of the bundle's own used.
    private let tables = Locked<[WeakStageHandles]>([])
    /// Handles given out on no stage (during `init`, say).
    private let unstaged = StageHandles(stage: nil)

    static let shared = HandleTable()

    func number() -> UInt {
        next.wrappingAdd(1, ordering: .relaxed).oldValue << Self.step
    }

    /// The table of the stage this thread runs for the bundle (made on first use), or the
    /// one for handles given out on no stage.
    private func ownTable() -> StageHandles {
        table(of: BridgeCall.runningStage)
    }

    /// The table of `stage` (made on first use), or the one for handles given out on no
    /// stage; for callers that already know the stage this thread runs.
    private func table(of stage: Stage?) -> StageHandles {
        guard let stage else { return unstaged }
        let key = ObjectIdentifier(StageHandles.self)
        if let t = stage.attachments[key] as? StageHandles { return t }
        let t = StageHandles(stage: stage)
        stage.attachments[key] = t
        tables.withLock { list in
            list.removeAll { $0.table == nil }
            list.append(WeakStageHandles(table: t))
        }
        return t
    }

    /// The handle for `object`, registering it for the stage this thread runs.
    func handle(_ object: AnyObject, _ kind: Kind) -> UnsafeMutableRawPointer {
        let (table, source) = ownTableAndSource()
        let h = table.handle(object, kind, source: source, numbering: number)
        return UnsafeMutableRawPointer(bitPattern: h)!
    }

    func handle(_ object: AnyObject?, _ kind: Kind) -> UnsafeMutableRawPointer? {
        object.map { handle($0, kind) }
    }

    /// Keeps `object` alive until `release` (interaction controllers a bundle made), or
    /// until its stage goes.
    func retain(_ object: AnyObject, _ kind: Kind) -> UnsafeMutableRawPointer {
        let (table, source) = ownTableAndSource()
        let h = table.handle(object, kind, source: source, numbering: number)
        table.keep(object, for: h)
        return UnsafeMutableRawPointer(bitPattern: h)!
    }

    /// Keeps `object` alive until the running transition of this thread's stage ends
    /// (new views a bundle made).
    func retainTemporarily(_ object: AnyObject, _ kind: Kind) -> UnsafeMutableRawPointer {
        let (table, source) = ownTableAndSource()
        let h = table.handle(object, kind, source: source, numbering: number)
        table.keepTemporarily(object)
        return UnsafeMutableRawPointer(bitPattern: h)!
    }

    /// This thread's table (as `ownTable`) and the name of the bundle call in progress,
    /// from one look at the thread's call: every new handle needs both.
    private func ownTableAndSource() -> (StageHandles, String?) {
        let call = BridgeCall.current
        return (table(of: call?.stage ?? Stage.currentIfAny), call?.source)
    }

    /// Lets go of what `retain` kept. A handle whose stage has gone is let go with it.
    func release(_ p: OpaquePointer?) {
        guard let p else { return }
        ownTable().drop(UInt(bitPattern: UnsafeMutableRawPointer(p)))
    }

    /// Lets go of the objects kept for `stage`'s transition that just ended.
    func drainTemporaries(of stage: Stage?) {
        guard let stage, let t = stage.attachments[ObjectIdentifier(StageHandles.self)] as? StageHandles else { return }
        t.drainTemporaries()
    }

    /// The object behind a handle, or nil (with a diagnostic naming `function`) if the
    /// handle is unknown, stale, of another kind, or used from a thread that is not
    /// running its stage. A NULL handle is nil without a word, as a message to nil is in
    /// Objective-C (bundles chain calls whose results may be NULL).
    func resolve<T: AnyObject>(_ p: OpaquePointer?, as: T.Type, _ kind: Kind, in function: String) -> T? {
        guard let p else { return nil }
        let raw = UInt(bitPattern: UnsafeMutableRawPointer(p))
        let running = BridgeCall.runningStage
        let onStage = running != nil
        if onStage || BridgeCall.current != nil {
            if let entry = table(of: running).entry(raw) ?? (onStage ? nil : unstaged.entry(raw)) {
                return check(entry, as: T.self, kind, in: function)
            }
            if onStage, let entry = unstaged.entry(raw) { return check(entry, as: T.self, kind, in: function) }
        }
        // Not this stage's: another stage's, stale, or forged.
        let owner = owningTable(of: raw)
        if !onStage && BridgeCall.current == nil {
            HostTable.refuseForeignThread(function, owner: owner?.stage, source: owner?.entry(raw)?.source)
        } else if let owner, owner.stage != nil {
            HostTable.report(function, "the \(kind.rawValue) handle belongs to another stage (run by another thread); refused")
        } else if wasIssued(raw) {
            HostTable.report(function, "stale \(kind.rawValue) handle: what it named is gone (kept from a transition that ended?); ignored")
        } else {
            HostTable.report(function, "unknown \(kind.rawValue) handle 0x\(String(raw, radix: 16)) (never given out by this host); ignored")
        }
        return nil
    }

    private func check<T: AnyObject>(_ entry: StageHandles.Entry, as: T.Type, _ kind: Kind, in function: String) -> T? {
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

    /// Whether `raw` is a number this table handed out (the thing it named may be gone).
    func wasIssued(_ raw: UInt) -> Bool {
        let n = raw >> Self.step
        return raw & ((1 << Self.step) - 1) == 0 && n >= 1 && n < next.load(ordering: .relaxed)
    }

    /// Whether `p`, used on the thread running its stage, is a handle of `kind` whose
    /// object is gone (or one handed out and since forgotten by this stage's table): a
    /// transition context kept past its transition's end, say.
    func isStale(_ p: OpaquePointer?, _ kind: Kind) -> Bool {
        guard let p, BridgeCall.runningStage != nil else { return false }
        let raw = UInt(bitPattern: UnsafeMutableRawPointer(p))
        if let entry = ownTable().entry(raw) { return entry.kind == kind && entry.object == nil }
        return wasIssued(raw) && owningTable(of: raw) == nil
    }

    /// Whether `p` was handed out and what its table held has gone with its stage.
    func isGone(_ p: OpaquePointer?) -> Bool {
        guard let p else { return false }
        let raw = UInt(bitPattern: UnsafeMutableRawPointer(p))
        return wasIssued(raw) && owningTable(of: raw) == nil
    }

    /// The table (of any stage) that holds `raw`: the slow path of a refusal.
    private func owningTable(of raw: UInt) -> StageHandles? {
        let all = tables.withLock { $0.compactMap(\.table) } + [unstaged]
        return all.first { $0.entry(raw) != nil }
    }
}

/// One stage's handles: what each names, of what kind, and who received it. Used by the
/// thread driving the stage; the lock is for the rare look from another thread (finding
/// whose handle a refused call used), so it is never contended in a normal run.
// @unchecked Sendable: the table is behind `Locked`; `stage` is a weak reference set once, in init.
final class StageHandles: @unchecked Sendable {
    struct Entry {
        weak var object: AnyObject?
        let kind: HandleTable.Kind
        /// The effect (or bundle) that received the handle first, for diagnostics.
        let source: String?
    }

    private struct State {
        var entries: [UInt: Entry] = [:]
        var byObject: [ObjectIdentifier: UInt] = [:]
        var strong: [UInt: AnyObject] = [:]
        var temporaries: [AnyObject] = []
        /// Entries whose object has gone are dropped when the table reaches this size
        /// (then twice what is left), so handing out handles for ever does not grow it for
        /// ever. A dropped handle is still known as stale by its number.
        var purgeThreshold = 256
    }

    private(set) weak var stage: Stage?
    private let state = Locked(State())

    init(stage: Stage?) {
        self.stage = stage
    }

    func handle(_ object: AnyObject, _ kind: HandleTable.Kind, source: String?, numbering: () -> UInt) -> UInt {
        let id = ObjectIdentifier(object)
        return state.withLock { s in
            if let h = s.byObject[id], let e = s.entries[h], e.object === object { return h }
            let h = numbering()
            s.entries[h] = Entry(object: object, kind: kind, source: source)
            s.byObject[id] = h
            if s.entries.count >= s.purgeThreshold {
                s.entries = s.entries.filter { $0.value.object != nil }
                s.byObject = s.byObject.filter { s.entries[$0.value] != nil }
                s.purgeThreshold = max(256, 2 * s.entries.count)
            }
            return h
        }
    }

    func entry(_ raw: UInt) -> Entry? {
        state.withLock { $0.entries[raw] }
    }

    func keep(_ object: AnyObject, for h: UInt) {
        state.withLock { $0.strong[h] = object }
    }

    func keepTemporarily(_ object: AnyObject) {
        state.withLock { $0.temporaries.append(object) }
    }

    /// Lets go of what `keep` kept; released outside the lock, since the object's deinit
    /// may come back to the table.
    func drop(_ h: UInt) {
        let dropped = state.withLock { $0.strong.removeValue(forKey: h) }
        withExtendedLifetime(dropped) {}
    }

    func drainTemporaries() {
        let dropped = state.withLock { s -> [AnyObject] in
            defer { s.temporaries.removeAll() }
            return s.temporaries
        }
        withExtendedLifetime(dropped) {}
    }
}

/// A weak reference to a stage's table, for the list of every stage's tables.
private struct WeakStageHandles {
    weak var table: StageHandles?
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
