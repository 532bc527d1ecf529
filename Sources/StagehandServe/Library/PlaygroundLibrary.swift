import Foundation
import StagehandCore
import StagehandHost

/// The effects the server plays now, and their reloading: each load opens fresh copies
/// of the plugin directories (see `BundleSnapshot`), so a rebuilt bundle's new code runs
/// without a restart. Sessions take `library` when they (re)start a stage; one still
/// running keeps the library it started with.
final class PlaygroundLibrary: Sendable {
    private let configuration: PlaygroundConfiguration
    /// What is played now, and the number of the last load asked for.
    private struct Current {
        var library: EffectLibrary
        var listing: CatalogListing
        var snapshot: BundleSnapshot
        var generation = 0
    }

    private let current: Locked<Current>

    init(configuration: PlaygroundConfiguration) {
        self.configuration = configuration
        let (library, listing, snapshot) = Self.load(configuration, generation: 0)
        current = Locked(Current(library: library, listing: listing, snapshot: snapshot))
    }

    var library: EffectLibrary { current.withLock { $0.library } }
    /// Whether pages may save edited effects (`stagehand serve --save`).
    var allowsSaving: Bool { configuration.allowsSaving }
    var listing: CatalogListing { current.withLock { $0.listing } }

    /// The file the user knows for a file loaded now (a copy's original, see
    /// `BundleSnapshot`): where an edited declarative effect is saved.
    func originalPath(of path: String) -> String { current.withLock { $0.snapshot.originalPath(of: path) } }

    /// Loads everything again (scanning changed bundles out of process) and returns the
    /// new listing. The old copies are removed: what was opened from them stays mapped.
    @discardableResult
    func reload() -> CatalogListing {
        let next = current.withLock { $0.generation += 1; return $0.generation }
        let (library, listing, snapshot) = Self.load(configuration, generation: next)
        current.withLock {
            if next >= $0.generation {
                $0.library = library
                $0.listing = listing
                $0.snapshot = snapshot
            }
        }
        try? FileManager.default.removeItem(atPath: "\(configuration.temporaryDirectory)/\(next - 1)")
        return listing
    }

    private static func load(_ configuration: PlaygroundConfiguration, generation: Int) -> (EffectLibrary, CatalogListing, BundleSnapshot) {
        let (snapshot, copyProblems) = BundleSnapshot.make(of: configuration.pluginDirectories, in: configuration.temporaryDirectory,
                                                           generation: generation)
        let (library, diagnostics) = configuration.load(snapshot.directories)
        let problems = copyProblems + diagnostics.map { snapshot.original($0.description) }
        for problem in problems { configuration.log(problem) }
        let listing = CatalogListing(library: library, problems: problems, generation: generation,
                                     bundleNames: { snapshot.original($0) })
        return (library, listing, snapshot)
    }
}
