import ArgumentParser
import Foundation
import StagehandHost
import StagehandServe

/// `stagehand serve`: the live playground. A local web page lists the effects and
/// drives a stage per tab with the mouse or a finger; rebuilt bundles in `--plugins`
/// directories are loaded again without a restart.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the live playground: drive any effect with the mouse or a finger in a browser.",
        discussion: """
            Listens on 127.0.0.1 (this machine only) unless --host says otherwise, prints the \
            page's address, and runs until interrupted. Each tab is a stage of its own. Bundles \
            in --plugins directories are watched: a rebuilt one is scanned and loaded again, \
            and the page's catalog updated. The page and its messages are described in \
            Documentation/Playground.md.
            """
    )

    @OptionGroup var plugins: PluginOptions

    @Option(help: ArgumentHelp("The port to listen on (0: any free port).", valueName: "port"))
    var port: Int = 8017

    @Option(help: ArgumentHelp("The address to listen on: 127.0.0.1 (the default) serves this machine only; 0.0.0.0 every network.",
                               valueName: "address"))
    var host: String = "127.0.0.1"

    @Flag(help: ArgumentHelp("Let the page save an edited declarative effect (NAME.effect.json) back to the file it was read from. Only on a loopback --host."))
    var save = false

    /// For tests, which need quick reloads and an impatient GIF request.
    @Option(help: ArgumentHelp("Seconds between two looks at the --plugins directories.", visibility: .hidden))
    var watchInterval: Double = 0.5

    @Option(help: ArgumentHelp("Seconds a GIF request waits for the GIF before answering 503.", visibility: .hidden))
    var gifWait: Double = 60

    func validate() throws {
        guard watchInterval.isFinite, (0.01...60).contains(watchInterval) else {
            throw ValidationError("--watch-interval \(watchInterval): expected 0.01 to 60 seconds")
        }
        guard gifWait.isFinite, (0...600).contains(gifWait) else {
            throw ValidationError("--gif-wait \(gifWait): expected 0 to 600 seconds")
        }
        guard (0...65535).contains(port) else {
            throw ValidationError("--port \(port): expected a port from 0 to 65535")
        }

    }

    func run() throws {
        // SIGINT and SIGTERM are blocked from here, on this thread and so on every thread
        // the server starts: one that comes stays pending until the signal sources below
        // read it, however early it comes (a client may stop the server as soon as it has
        // read the address). Neither is set to be ignored: that would discard one pending.
        var stopSignals = sigset_t()
        sigemptyset(&stopSignals)
        sigaddset(&stopSignals, SIGINT)
        sigaddset(&stopSignals, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &stopSignals, nil)
        // Checked before anything is loaded or said about the address.
        if let problem = PlaygroundConfiguration.hostProblem(host) {
            throw InputError.fail("--host \(host)", problem)
        }
        if save, PlaygroundConfiguration.hostProblem(host) == nil, !PlaygroundConfiguration.isLoopback(host) {
            throw InputError.fail("--save", "the server would listen on \(host), not a loopback address (127.0.0.1, ::1): saving edited effects to disk is allowed only when the page is reachable from this machine alone")
        }
        let environment = ProcessInfo.processInfo.environment
        let (scanner, scannerDiagnostics) = PluginOptions.scanner(environment: environment)
        for diagnostic in scannerDiagnostics { StandardError.write(diagnostic.description) }
        let catalog = plugins.catalog
        let currentDirectory = FileManager.default.currentDirectoryPath
        let directories = plugins.pluginDirectories.map { $0.hasPrefix("/") ? $0 : currentDirectory + "/" + $0 }
        for directory in directories {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw InputError.fail("--plugins \(directory)", "not a directory")
            }
        }
        let temporary = NSTemporaryDirectory() + "stagehand-serve-\(getpid())"
        var configuration = PlaygroundConfiguration(
            load: { copies in
                EffectLibrary.load(pluginDirectories: copies, catalogPath: catalog, host: HostTable.shared,
                                   environment: environment, scanner: scanner,
                                   userPluginDirectory: UserPluginDirectory.path(environment: environment))
            },
            log: { line in StandardError.write("serve: " + line) },
            temporaryDirectory: temporary)
        configuration.host = host
        configuration.port = UInt16(port)
        configuration.pluginDirectories = directories
        configuration.watchInterval = watchInterval
        configuration.gifWait = gifWait
        configuration.allowsSaving = save
        if !configuration.isLoopback {
            StandardError.write("serve: listening on \(host), not the loopback address: anyone who can reach this machine can open the page and drive bundles loaded here")
        }
        let server: PlaygroundServer
        let listening: UInt16
        do {
            server = try PlaygroundServer(configuration: configuration)
            listening = try server.start()
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw InputError.fail("--port \(port)", error.description)
        }
        let shown = host.contains(":") ? "[\(host)]" : (host == "0.0.0.0" ? "127.0.0.1" : host)
        print("Stagehand playground: http://\(shown):\(listening)/")
        fflush(nil) // every output stream: the line above must reach a pipe now
        let stop = DispatchSemaphore(value: 0)
        var sources: [DispatchSourceSignal] = []
        for number in [SIGINT, SIGTERM] {
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { stop.signal() }
            source.resume()
            sources.append(source)
        }
        stop.wait()
        server.stop()
        try? FileManager.default.removeItem(atPath: temporary)
        _ = sources
    }
}
