import Foundation

/// The per-user plugin directory: `$XDG_DATA_HOME/stagehand/plugins`, else
/// `~/.local/share/stagehand/plugins` (the XDG base directory rule).
///
/// The command line searches it with no flag, after the built-in bundles, so an effect
/// dropped or installed there can never stand in for a built-in one of the same name
/// (the built-in wins, and a warning names both files). `EffectLibrary` searches it only
/// when asked (`includingUserDirectory`): an app decides what it loads.
///
/// Layout, which `stagehand install` keeps:
///
///     plugins/                 loose bundles and NAME.effect.json files, searched as any plugin directory
///     plugins/packs/NAME/      one installed pack: its bundles, effect files and pack.json
///     plugins/.staging/        where install and uninstall prepare and discard; never searched
///
/// An installed pack appears or disappears by one `rename` of its directory, so a reader
/// sees either the whole pack or none of it.
public enum UserPluginDirectory {
    /// Where the installed packs are, inside the directory.
    public static let packsFolder = "packs"
    /// Where an install builds a pack before it is renamed into place, and where a
    /// replaced or uninstalled pack is moved before it is deleted.
    public static let stagingFolder = ".staging"
    /// The pack's manifest, kept in its installed directory (its name and version are
    /// what `stagehand catalog` shows).
    public static let manifestFile = "pack.json"

    /// The directory for this environment, or `nil` when neither `XDG_DATA_HOME` (an
    /// absolute path; a relative one is ignored, as the XDG rule says) nor `HOME` is set.
    /// It need not exist.
    public static func path(environment: [String: String]) -> String? {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return FileSystem.join(data, "stagehand/plugins")
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return FileSystem.join(home, ".local/share/stagehand/plugins")
        }
        return nil
    }

    /// The directory of the installed pack `name`.
    public static func packDirectory(_ name: String, in directory: String) -> String {
        FileSystem.join(FileSystem.join(directory, packsFolder), name)
    }

    /// The installed packs, by name: each directory under `packs/` with its version, read
    /// from its `pack.json` (`"?"` when that cannot be read: the pack is still searched, and
    /// `stagehand install --replace` or `uninstall` repairs it).
    public static func installedPacks(in directory: String) -> [(name: String, version: String, path: String)] {
        let packs = FileSystem.join(directory, packsFolder)
        guard case .success(let names) = FileSystem.contents(ofDirectory: packs) else { return [] }
        return names.compactMap { name in
            let path = FileSystem.join(packs, name)
            guard !name.hasPrefix("."), FileSystem.isDirectory(path) else { return nil }
            return (name, version(ofPackAt: path) ?? "?", path)
        }
    }

    private static func version(ofPackAt path: String) -> String? {
        guard case .success(let bytes) = FileSystem.readFile(FileSystem.join(path, manifestFile), atMost: 1 << 20),
              let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else { return nil }
        return object["version"] as? String
    }
}
