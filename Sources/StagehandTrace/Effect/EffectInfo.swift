/// Everything the host knows about one loaded effect: what to list in the catalog, what
/// `stagehand info` prints, what the coordinator needs to pick it.
public struct EffectInfo: Hashable, Sendable {
    /// Whether `Catalog.json` named the effect (its declaration there is used, after it
    /// was checked against the bundle's manifest) or it was found in a bundle's manifest
    /// alone (a third-party bundle dropped into a plugin directory).
    public enum Source: String, Hashable, Sendable {
        case catalog
        case discovered
    }

    public var name: String
    public var kind: EffectKind
    public var interactive: Bool
    public var source: Source
    /// The bundle file, as found on the plugin search path.
    public var bundlePath: String
    /// The bundle file with every symlink resolved: the file that is actually loaded.
    public var resolvedBundlePath: String
    public var bundleName: String
    public var bundleVersion: String
    /// The C symbol of the factory.
    public var factory: String
    public var parameters: [ParameterDeclaration]
    public var description: String
    public var author: String?
    public var license: String?
    /// The group the effect belongs to in listings (the manifest's `family`), e.g.
    /// "iOS 7 recipes" or "Hero"; `nil` when the declaration gives none.
    public var family: String?
    /// The library or recipe the effect re-creates (the manifest's `source`), e.g.
    /// "WWDC 2013 session 218" or "BubbleTransition"; `nil` when the declaration gives
    /// none. Named `origin` here because `source` already says where the host read the
    /// declaration (catalog or manifest).
    public var origin: String?

    package init(name: String, kind: EffectKind, interactive: Bool, source: Source, bundlePath: String,
                 resolvedBundlePath: String, bundleName: String, bundleVersion: String, factory: String, parameters: [ParameterDeclaration],
                 description: String, author: String?, license: String?, family: String? = nil, origin: String? = nil) {
        self.name = name; self.kind = kind; self.interactive = interactive; self.source = source
        self.bundlePath = bundlePath; self.resolvedBundlePath = resolvedBundlePath
        self.bundleName = bundleName; self.bundleVersion = bundleVersion
        self.factory = factory; self.parameters = parameters; self.description = description
        self.author = author; self.license = license
        self.family = family; self.origin = origin
    }
}
