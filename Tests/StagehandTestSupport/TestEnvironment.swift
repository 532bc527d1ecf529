import StagehandCore
import Foundation
import StagehandABI
import StagehandHost
import Testing

/// Where things are for the integration tests, and the one host table they share.
package enum TestEnvironment {
    /// The repository, found from this file (Tests/StagehandTestSupport/...).
    package static let repositoryRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    package static var catalog: String { repositoryRoot + "/Catalog.json" }
    package static var headerDirectory: String { repositoryRoot + "/Sources/StagehandABI/include" }

    /// The products directory: `swift test` runs the test bundle from there, beside the
    /// built bundles (libCrossfade.so, libSlidePop.so) and the `stagehand` executable.
    package static let productsDirectory: String = {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
        return (executable as NSString).deletingLastPathComponent
    }()

    /// Where the tests' `stagehand` runs (and playground servers) cache their bundle
    /// scans: not the developer's own cache. One folder for every test run of this
    /// checkout (the cache is shared safely between processes, and entries of files that
    /// are gone are dropped), so runs leave no trail of folders behind. Not one for every
    /// checkout: each `stagehand` reads the whole file, and one shared by every checkout
    /// and build on the machine held hundreds of entries (a megabyte of JSON read by
    /// each of the hundreds of runs), none of them for this build's bundles.
    package static let scanCache: String = {
        let directory = scratch("scan-cache")
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }()

    /// An `XDG_DATA_HOME` with nothing installed, for the `stagehand` runs of tests that
    /// do not install anything themselves.
    package static let emptyDataHome: String = {
        let directory = NSTemporaryDirectory() + "stagehand-test-empty-data"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }()

    /// What the tests' `stagehand` runs add to the environment: the tests' scan cache and
    /// empty data home.
    package static var stagehandEnvironment: [String: String] {
        ["STAGEHAND_CACHE_DIR": scanCache, "XDG_DATA_HOME": emptyDataHome]
    }

    /// A temporary directory named `name` for this checkout (two checkouts never share
    /// one), kept between runs so that a nested build there only relinks the second time.
    /// A sanitized build keeps its own: switching sanitizers rebuilds everything.
    package static func scratch(_ name: String) -> String {
        let checkout = repositoryRoot.utf8.reduce(UInt64(5381)) { ($0 &* 33) &+ UInt64($1) }
        let sanitizer = Sanitizer.current.map { "-" + $0.rawValue } ?? ""
        return FileManager.default.temporaryDirectory.path + "/stagehand-\(String(checkout, radix: 36))-\(name)\(sanitizer)"
    }

    package static var crossfadeBundle: String { productsDirectory + "/libCrossfade.so" }

    /// The real host table. A bundle is initialised once per process with the table of
    /// the first load that opens it, so every test must load with the same one the
    /// effects later run against.
    package static var host: UnsafePointer<sh_host> { HostTable.shared }

    /// Loads with an empty environment, so a developer's STAGEHAND_* variables do not
    /// change what the tests see. The products directory is always searched last.
    package static func load(plugins: [String] = [], catalog: String? = TestEnvironment.catalog) -> (EffectLibrary, [String]) {
        let (library, diagnostics) = EffectLibrary.load(pluginDirectories: plugins, catalogPath: catalog, host: host, environment: [:])
        return (library, diagnostics.map(\.description))
    }
}

/// Expects `line` among the diagnostics, exactly; on failure, shows them all.
package func expectDiagnostic(_ diagnostics: [String], _ line: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(diagnostics.contains(line), "missing diagnostic:\n  \(line)\namong:\n  \(diagnostics.joined(separator: "\n  "))",
            sourceLocation: sourceLocation)
}

/// Expects `crossfade` to have loaded (from `source`) and to be callable.
package func expectCrossfadeLoads(_ library: EffectLibrary, source: EffectInfo.Source = .catalog,
                          sourceLocation: SourceLocation = #_sourceLocation) {
    let info = try? library.effect(named: "crossfade")
    #expect(info?.source == source, "crossfade did not load from \(source)", sourceLocation: sourceLocation)
    if let effect = try? library.makeEffect("crossfade") {
        #expect(effect.pointee.transition_duration(effect.pointee.`self`, nil) == 0.3, sourceLocation: sourceLocation)
        effect.pointee.destroy(effect.pointee.`self`)
    } else {
        Issue.record("crossfade could not be made", sourceLocation: sourceLocation)
    }
}
