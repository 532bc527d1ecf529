/// Where an effect comes from: what `stagehand catalog` shows for each, so a user sees
/// which effects came with Stagehand and which were added, and by what.
public enum EffectProvenance: Hashable, Sendable {
    /// Beside the running executable: the bundles built with Stagehand.
    case builtIn
    /// A pack installed in the user plugin directory (`stagehand install`).
    case installedPack(name: String, version: String)
    /// Any other plugin directory: `--plugins`, `STAGEHAND_PLUGIN_PATH`, or a file put
    /// straight into the user plugin directory.
    case pluginDirectory(String)

    /// One line for a table: "built in", "pack NAME VERSION", "directory PATH".
    public var summary: String {
        switch self {
        case .builtIn: return "built in"
        case .installedPack(let name, let version): return "pack \(name) \(version)"
        case .pluginDirectory(let path): return "directory \(path)"
        }
    }
}
