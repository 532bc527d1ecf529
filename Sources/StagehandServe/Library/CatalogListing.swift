import StagehandHost
import StagehandTrace

/// What the page's catalog shows: every effect the server can play, and the problems
/// of the last load (a bundle that failed to load is listed there, with its message).
struct CatalogListing: Encodable {
    struct Item: Encodable {
        var name: String
        var kind: String
        var family: String?
        var interactive: Bool
        var description: String
        var bundle: String
        /// "NAME VERSION" of the pack it was installed with (`stagehand install`), when it was.
        var pack: String?
    }

    var effects: [Item]
    var problems: [String]
    /// Counts loads: the page re-selects its effect when this changes, so the next
    /// transition uses the reloaded bundle.
    var generation: Int

    init(library: EffectLibrary, problems: [String], generation: Int, bundleNames: (String) -> String) {
        effects = library.effects.sorted { $0.name < $1.name }.map { info in
            Item(name: info.name, kind: info.kind.rawValue, family: info.family, interactive: info.interactive,
                 description: info.description, bundle: bundleNames(info.bundlePath), pack: Self.pack(library.provenance(of: info.name)))
        }
        self.problems = problems
        self.generation = generation
    }

    private static func pack(_ provenance: EffectProvenance?) -> String? {
        if case .installedPack(let name, let version)? = provenance { return "\(name) \(version)" }
        return nil
    }
}
