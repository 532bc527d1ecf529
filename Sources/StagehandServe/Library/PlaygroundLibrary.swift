import Foundation
import StagehandCore
import StagehandHost

/// The effects the server plays now, and their reloading: each load opens fresh copies
/// of the plugin directories (see `BundleSnapshot`), so a rebuilt bundle's new code runs
/// without a restart. Sessions take `library` when they (re)start a stage; one still
/// running keeps the library it started with.
final class PlaygroundLibrary: @unchecked Sendable {
    private let configuration: PlaygroundConfiguration
    private let lock = NSLock()
    private var currentLibrary: EffectLibrary
    private var currentListing: CatalogListing
    private var generation = 0

    init(configuration: PlaygroundConfiguration) {
        self.configuration = configuration
        (currentLibrary, currentListing) = Self.load(configuration, generation: 0)
    }

    var library: EffectLibrary { lock.withLock { currentLibrary } }
    var listing: CatalogListing { lock.withLock { currentListing } }

    /// Loads everything again (scanning changed bundles out of process) and returns the
    /// new listing. The old copies are removed: what was opened from them stays mapped.
    @discardableResult
    func reload() -> CatalogListing {
        let next = lock.withLock { generation += 1; return generation }
        let (library, listing) = Self.load(configuration, generation: next)
        lock.withLock {
            if next >= generation {
                currentLibrary = library
                currentListing = listing
            }
        }
        try? FileManager.default.removeItem(atPath: "\(configuration.temporaryDirectory)/\(next - 1)")
        return listing
    }

    private static func load(_ configuration: PlaygroundConfiguration, generation: Int) -> (EffectLibrary, CatalogListing) {
        let (snapshot, copyProblems) = BundleSnapshot.make(of: configuration.pluginDirectories, in: configuration.temporaryDirectory,
                                                           generation: generation)
        let (library, diagnostics) = configuration.load(snapshot.directories)
        let problems = copyProblems + diagnostics.map { snapshot.original($0.description) }
        for problem in problems { configuration.log(problem) }
        let listing = CatalogListing(library: library, problems: problems, generation: generation,
                                     bundleNames: { snapshot.original($0) })
        return (library, listing)
    }
}
