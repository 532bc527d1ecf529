import StagehandABI
import StagehandCore

extension HostTable {
    /// `log` (ABI 1.0) and `bundle_log` (1.2): a bundle's own lines. They are
    /// informational (notes): what a bundle says about itself never makes an effect fail
    /// `stagehand validate`; only what the host detects does.
    ///
    /// The two functions any thread may call: from a thread running no stage the line
    /// goes straight to standard error, so nothing a bundle says is lost.
    static func installLog(_ t: inout sh_host) {
        t.log = { message in
            HostTable.log(message.map { String(cString: $0) } ?? "(null message)", level: SH_LOG_INFO, from: nil)
        }
        t.bundle_log = { context, level, message in
            let text = message.map { String(cString: $0) } ?? "(null message)"
            guard let path = BundleContexts.path(of: context) else {
                HostTable.report("bundle_log", "the bundle context is not one this host gave to init_with_context; the line is: \(text)")
                return
            }
            HostTable.log(text, level: level, from: path)
        }
    }

    /// Says a bundle's log line, named `libX.so (effect)` during a call for an effect of
    /// that bundle, `libX.so` otherwise. `bundlePath` is the bundle the line's context
    /// names; without one (the 1.0 `log`) the caller is the bundle the host is calling on
    /// this thread, or else the one found on the stack.
    static func log(_ message: String, level: sh_log_level, from bundlePath: String?) {
        let current = BridgeCall.current?.caller
        let name: String
        if let bundlePath {
            let effect = current?.bundlePath == bundlePath ? current?.effect : nil
            name = BridgeCaller(effect: effect, bundlePath: bundlePath).name
        } else {
            name = current?.name ?? CallingBundle.name ?? "bundle"
        }
        let line = level == SH_LOG_WARNING ? "warning: \(message)" : message
        if let stage = BridgeCall.runningStage {
            stage.report(.note, .bundleLog, name, line)
        } else {
            StandardErrorLine.write(Diagnostic(.note, .bundleLog, source: name, message: line).description)
        }
    }
}
