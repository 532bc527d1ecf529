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
    /// How long a request for a GIF waits for it to be made, in seconds; past that it is
    /// answered 503 with a message to ask again (the GIF goes on being made, and the
    /// next request gets it). The server's own limit for any request is 15 s longer.
    public var gifWait: Double = 60
    /// Where copies of the plugin directories are made (a fresh directory per server).
    public var temporaryDirectory: String
    /// Whether a page may write an edited declarative effect back to the file it was read
    /// from (`stagehand serve --save`). `PlaygroundServer` refuses it unless `host` is a
    /// loopback address: a page anyone on the network can open must not write files.
    public var allowsSaving = false
    /// Tabs served at once: each runs a stage 60 times a second, and the machine's cores
    /// are shared among them. One more is closed with a reason the page shows.
    public var maximumTabs = 32

    /// Why the server cannot be made or started (a `--host` that is not an address, a
    /// port in use), said in one sentence.
    public struct Problem: Error, CustomStringConvertible {
        public let description: String
    }

    /// Checks `host` as the server will read it: nil when it is an address, or why not
    /// ("not an address; expected …").
    public static func hostProblem(_ host: String) -> String? {
        do {
            _ = try ListenAddress(host)
            return nil
        } catch {
            return error.description
        }
    }

    public init(load: @escaping @Sendable ([String]) -> (EffectLibrary, [Diagnostic]),
                log: @escaping @Sendable (String) -> Void, temporaryDirectory: String) {
        self.load = load
        self.log = log
        self.temporaryDirectory = temporaryDirectory
    }

    /// Whether `host` is reachable from this machine only.
    public var isLoopback: Bool { Self.isLoopback(host) }

    /// Whether `host` is a loopback address (false when it is no address).
    public static func isLoopback(_ host: String) -> Bool {
        (try? ListenAddress(host))?.isLoopback ?? false
    }
}
