/// Where the catalog is, and why there: the first that applies of
///
/// 1. `--catalog FILE` (the `option`),
/// 2. the `STAGEHAND_CATALOG` environment variable,
/// 3. `Catalog.json` in the current directory,
/// 4. `Catalog.json` in the executable's directory or the nearest directory above it
///    (the built `stagehand` sits in `.build/<triple>/<config>/`, so from a checkout this
///    finds the repository's own catalog wherever the command is run from).
///
/// An explicit file (1, 2) is used even if it does not exist, so that the user hears
/// about it; the implicit places (3, 4) are used only when the file is there.
enum CatalogLocation {
    static let environmentVariable = "STAGEHAND_CATALOG"
    static let fileName = "Catalog.json"

    /// The catalog's path, or `nil` when there is none to read.
    static func locate(option: String?, environment: [String: String], currentDirectory: String,
                       executableDirectory: String?) -> String? {
        if let option, !option.isEmpty {
            return FileSystem.absolute(option, in: currentDirectory)
        }
        if let variable = environment[environmentVariable], !variable.isEmpty {
            return FileSystem.absolute(variable, in: currentDirectory)
        }
        let local = FileSystem.join(currentDirectory, fileName)
        if FileSystem.isRegularFile(local) {
            return local
        }
        var directory = executableDirectory
        while let current = directory {
            let candidate = FileSystem.join(current, fileName)
            if FileSystem.isRegularFile(candidate) {
                return candidate
            }
            directory = FileSystem.parent(of: current)
        }
        return nil
    }
}
