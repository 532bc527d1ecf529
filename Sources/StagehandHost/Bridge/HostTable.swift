import Foundation
import StagehandABI
import StagehandCore

/// The host function table every bundle receives in `init`: the ABI's `sh_host`, filled
/// with functions that act on the scene of the stage the host is running on the calling
/// thread (`BridgeCall`).
///
/// One table serves the whole process (built once, never freed: bundles keep the
/// pointer), and so every stage, on whatever thread drives it. Each function checks its
/// handles, indexes and thread, so a bundle's mistake becomes a diagnostic naming the
/// effect and the call, and a neutral result (NULL, zero, false, nothing done), never a
/// crash.
package enum HostTable {
    /// The table, built on first use.
    // nonisolated(unsafe): written once by the lazy initialiser (which Swift runs exactly
    // once), never mutated nor freed after; only its address crosses threads.
    nonisolated(unsafe) package static let shared: UnsafePointer<sh_host> = {
        let table = UnsafeMutablePointer<sh_host>.allocate(capacity: 1)
        table.initialize(to: make())
        return UnsafePointer(table)
    }()

    /// A warning about the bundle's call `function`, said on the stage this thread runs
    /// for the bundle and named after the bundle and the effect being called
    /// (`libX.so (effect)`); on standard error when the thread runs no stage.
    static func report(_ function: String, _ message: String) {
        say(.hostCallRefused, "\(function): \(message)")
    }

    static func say(_ code: Diagnostic.Code, _ line: String) {
        if let stage = BridgeCall.runningStage {
            stage.report(.warning, code, BridgeCall.current?.source ?? "bundle", line)
        } else {
            let source = BridgeCall.current?.source ?? CallingBundle.name ?? "bundle"
            StandardErrorLine.write("warning: \(source): \(line)")
        }
    }

    /// Refuses `function`, called from a thread that is not running the stage it acts on
    /// (a thread of the bundle's own). The stage's own state must not be touched from
    /// here, so the diagnostic is posted to the stage (it appears at its next frame), or
    /// written to standard error when no stage is known.
    static func refuseForeignThread(_ function: String, owner: Stage?, source: String?) {
        let bundle = CallingBundle.name
        let thread = bundle.map { "a thread of \($0)'s own" } ?? "a thread"
        let message = "\(function): refused: called from \(thread), which is not running this stage (a bundle may call the host only on the thread the host called it on); nothing done"
        if let owner {
            owner.post(.warning, .hostCallRefused, source ?? bundle ?? "bundle", message)
        } else {
            StandardErrorLine.write("warning: \(source ?? bundle ?? "bundle"): \(message)")
        }
    }

    /// Whether this thread is running a stage for the bundle; if not, `function` (a call
    /// that takes no handle to check) is refused and `false` returned.
    static func onStageThread(_ function: String) -> Bool {
        if BridgeCall.runningStage != nil { return true }
        refuseForeignThread(function, owner: nil, source: BridgeCall.current?.source)
        return false
    }

    private static func make() -> sh_host {
        var t = sh_host()
        t.abi_major = UInt32(STAGEHAND_ABI_MAJOR)
        t.abi_minor = UInt32(STAGEHAND_ABI_MINOR)
        t.size = UInt32(MemoryLayout<sh_host>.size)
        installLog(&t)
        installViews(&t)
        installHierarchy(&t)
        installAnimation(&t)
        installContext(&t)
        installControllers(&t)
        installInteraction(&t)
        installGestures(&t)
        installTouches(&t)
        installLayers(&t)
        installMatching(&t)
        return t
    }
}

/// Shorthand for the functions below: they cannot capture, so they reach the table
/// through this global.
let handles = HandleTable.shared
