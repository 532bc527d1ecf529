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

    package init(name: String, kind: EffectKind, interactive: Bool, source: Source, bundlePath: String,
                 resolvedBundlePath: String, bundleName: String, bundleVersion: String, factory: String, parameters: [ParameterDeclaration],
                 description: String, author: String?, license: String?) {
        self.name = name; self.kind = kind; self.interactive = interactive; self.source = source
        self.bundlePath = bundlePath; self.resolvedBundlePath = resolvedBundlePath
        self.bundleName = bundleName; self.bundleVersion = bundleVersion
        self.factory = factory; self.parameters = parameters; self.description = description
        self.author = author; self.license = license
    }
}
