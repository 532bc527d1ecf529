import StagehandCore
import StagehandHost

/// How `stagehand serve` runs: where it listens, where effects come from, where it logs.
public struct PlaygroundConfiguration: Sendable {
    /// The address to listen on: the loopback address unless asked otherwise, since the
    /// page drives code loaded from bundles.
    public var host: String = "127.0.0.1"
    /// 0 picks a free port (`PlaygroundServer.start` returns the one chosen).
    public var port: UInt16 = 8017
    /// The `--plugins` directories: loaded from a copy, and watched for rebuilt bundles.
    public var pluginDirectories: [String] = []
    /// Loads the effects from these plugin directories (the copies) plus the usual
    /// search path and catalog, scanning bundles out of process as every command does.
    public var load: @Sendable (_ pluginDirectories: [String]) -> (EffectLibrary, [Diagnostic])
    /// One line per event worth logging (a dropped message, a disconnect, a reload).
    public var log: @Sendable (String) -> Void
    /// How often the plugin directories are looked at, in seconds.
    public var watchInterval: Double = 0.5
    /// Where copies of the plugin directories are made (a fresh directory per server).
    public var temporaryDirectory: String

    public init(load: @escaping @Sendable ([String]) -> (EffectLibrary, [Diagnostic]),
                log: @escaping @Sendable (String) -> Void, temporaryDirectory: String) {
        self.load = load
        self.log = log
        self.temporaryDirectory = temporaryDirectory
    }

    /// Whether `host` is reachable from this machine only.
    public var isLoopback: Bool {
        host == "127.0.0.1" || host == "::1" || host == "localhost" || host.hasPrefix("127.")
    }
}
