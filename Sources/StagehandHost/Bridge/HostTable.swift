import Foundation
import StagehandABI
import StagehandCore

/// The host function table every bundle receives in `init`: the ABI's `sh_host`, filled
/// with functions that act on the scene of the stage current on the calling thread.
///
/// One table serves the whole process (built once, never freed: bundles keep the
/// pointer). Each function checks its handles against the `HandleTable`, so a bundle's
/// mistake becomes a diagnostic, not a crash.
public enum HostTable {
    /// The table, built on first use.
    public static let shared: UnsafePointer<sh_host> = {
        let table = UnsafeMutablePointer<sh_host>.allocate(capacity: 1)
        table.initialize(to: make())
        return UnsafePointer(table)
    }()

    /// Where the table's diagnostics go: by default the current stage's diagnostics.
    static func report(_ message: String) {
        Stage.current.report(.warning, "bundle", message)
    }

    private static func make() -> sh_host {
        var t = sh_host()
        t.abi_major = UInt32(STAGEHAND_ABI_MAJOR)
        t.abi_minor = UInt32(STAGEHAND_ABI_MINOR)
        t.size = UInt32(MemoryLayout<sh_host>.size)
        t.log = { message in
            HostTable.report(message.map { String(cString: $0) } ?? "(null message)")
        }
        HandleTable.shared.report = { HostTable.report($0) }
        installViews(&t)
        installHierarchy(&t)
        installAnimation(&t)
        installContext(&t)
        installControllers(&t)
        installInteraction(&t)
        installGestures(&t)
        return t
    }
}

/// Shorthand for the functions below: they cannot capture, so they reach the table
/// through this global.
let handles = HandleTable.shared
