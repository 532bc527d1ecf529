import StagehandABI
import Synchronization

/// The host's function table, which the bundle receives once, in `sh_bundle.init`.
///
/// A bundle links against nothing of the host's: every call into the scene goes through
/// this table (see stagehand.h). Each bundle carries its own copy of the SDK, so each has
/// its own `Host` (the host opens bundles `RTLD_LOCAL`: one bundle's globals never stand
/// in for another's). The copies' Swift types are another matter: the runtime looks
/// types up by name across the process, so the host loads a Swift bundle only when its
/// copy was built from the host's own sources (`SourceIdentity`).
///
/// The host may call a bundle for different stages on different threads at once (the
/// header's threading contract), so the two values set in `init` are published safely:
/// the table with release/acquire ordering (read on every call, so without a lock that
/// threads would queue on), the path behind a lock. They never change after `init`.
public enum Host {
    /// The table's address (0 until `init`): a pointer is not `Sendable`, its bit pattern is.
    private static let installedTable = Atomic<UInt>(0)
    private static let installedPath = Locked<String?>(nil)
    /// The bundle's context from `init_with_context` (ABI 1.2), as a number: what
    /// `bundle_log` needs to name this bundle from any thread. 0 until then.
    private static let installedContext = Atomic<UInt>(0)

    /// The table handed to `init`; `nil` until the host initialised this bundle.
    static var table: UnsafePointer<sh_host>? {
        UnsafePointer(bitPattern: installedTable.load(ordering: .acquiring))
    }

    /// The path the host loaded this bundle from, for finding resources beside it.
    public static var bundlePath: String? { installedPath.withLock { $0 } }

    /// The smallest table this SDK can work with: ABI 1.0's, which ends with
    /// `gesture_add_target_action`. A later minor version only appends fields.
    static let requiredTableSize: Int = {
        let last = \sh_host.gesture_add_target_action
        return MemoryLayout<sh_host>.offset(of: last)! + MemoryLayout.size(ofValue: sh_host().gesture_add_target_action)
    }()

    /// Writes a line to the host's log, which names this bundle (and, during a call for
    /// one of its effects, the effect): `note: libX.so (effect): message`. A log line is
    /// informational: it never makes `stagehand validate` fail an effect.
    ///
    /// Uses the host's `bundle_log` (ABI 1.2) where it has one, which knows the bundle
    /// even on a thread of the bundle's own; else the 1.0 `log`.
    public static func log(_ message: String, level: LogLevel = .info) {
        let context = installedContext.load(ordering: .acquiring)
        if context != 0, let bundleLog = optionalFunction(\.bundle_log) {
            message.withCString { bundleLog(OpaquePointer(bitPattern: context), level.abi, $0) }
            return
        }
        guard let log = table?.pointee.log else { return }
        (level == .warning ? "warning: " + message : message).withCString { log($0) }
    }

    /// `sh_bundle.init`: accepts a table of the same major version that holds every
    /// function of ABI 1.0, and refuses anything else (the host then skips the bundle),
    /// logging why.
    static func install(_ host: UnsafePointer<sh_host>?, bundlePath path: UnsafePointer<CChar>?) -> Bool {
        if let reason = refusal(of: host) {
            if let host { refuse(host, reason) }
            return false
        }
        accept(host!, bundlePath: path)
        return true
    }

    /// `init_with_context` (ABI 1.2): the same checks, the reason for a refusal returned
    /// (for the host to report) rather than logged; the bundle's context kept for `log`.
    static func install(_ host: UnsafePointer<sh_host>?, context: OpaquePointer?, bundlePath path: UnsafePointer<CChar>?) -> String? {
        if let reason = refusal(of: host) { return reason }
        if let context { installedContext.store(UInt(bitPattern: UnsafeMutableRawPointer(context)), ordering: .releasing) }
        accept(host!, bundlePath: path)
        return nil
    }

    /// Why this SDK cannot work with `host`, or `nil` when it can.
    private static func refusal(of host: UnsafePointer<sh_host>?) -> String? {
        guard let host else { return "the host passed no function table" }
        let major = host.pointee.abi_major
        // Another major version may lay its table out differently: read nothing more.
        guard major == UInt32(STAGEHAND_ABI_MAJOR) else {
            return "the host speaks ABI \(major).x; this bundle was built for \(STAGEHAND_ABI_MAJOR).\(STAGEHAND_ABI_MINOR)"
        }
        guard Int(host.pointee.size) >= requiredTableSize else {
            return "the host's table is \(host.pointee.size) bytes, ABI \(STAGEHAND_ABI_MAJOR).0's is \(requiredTableSize)"
        }
        return nil
    }

    private static func accept(_ host: UnsafePointer<sh_host>, bundlePath path: UnsafePointer<CChar>?) {
        let path = path.map { String(cString: $0) }
        installedPath.withLock { $0 = path }
        installedTable.store(UInt(bitPattern: host), ordering: .releasing)
    }

    /// The host function at `field`. The host must fill every field of its table; a
    /// missing one is a broken host, reported with the SDK call that needed it.
    @inline(__always)
    static func function<F>(_ field: KeyPath<sh_host, F?>, for caller: StaticString = #function) -> F {
        guard let table else {
            fatalError("Stagehand SDK: \(caller) was called before the host initialised the bundle")
        }
        guard let function = table.pointee[keyPath: field] else {
            fatalError("Stagehand SDK: the host's table has no function for \(caller)")
        }
        return function
    }

    /// The host function at `field` if the host's table reaches it and fills it, else
    /// `nil`: for the fields a later minor version appended, which an older host's
    /// table lacks (the header's `SH_HOST_HAS`). Fall back to ABI 1.0's means then.
    static func optionalFunction<F>(_ field: KeyPath<sh_host, F?>) -> F? {
        guard let table, let offset = MemoryLayout<sh_host>.offset(of: field),
              offset + MemoryLayout<F?>.size <= Int(table.pointee.size) else { return nil }
        return table.pointee[keyPath: field]
    }

    /// Logs why the bundle refuses `host`, if the table is at least long enough to log.
    private static func refuse(_ host: UnsafePointer<sh_host>, _ reason: String) {
        let logEnd = MemoryLayout<sh_host>.offset(of: \sh_host.log)! + MemoryLayout<Int>.size
        guard Int(host.pointee.size) >= logEnd, let log = host.pointee.log else { return }
        "bundle refused: \(reason)".withCString { log($0) }
    }
}
