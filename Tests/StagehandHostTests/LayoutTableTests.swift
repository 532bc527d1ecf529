import Foundation
import StagehandTestSupport
import Testing

/// The README's layout block and ARCHITECTURE.md's table of layers name every folder
/// under `Sources/` (each module and each folder inside it, but a C target's `include/`)
/// and under `Plugins/` (each bundle, the C ones as C): a folder added without a line
/// of documentation fails here.
@Suite struct LayoutTableTests {
    /// A folder of the repository, by its path from the root.
    struct Folder: CustomStringConvertible {
        var module: String
        var subfolder: String?
        var description: String { "Sources/\(module)/" + (subfolder.map { $0 + "/" } ?? "") }
    }

    static func subdirectories(_ relative: String) throws -> [String] {
        let url = URL(fileURLWithPath: TestEnvironment.repositoryRoot + "/" + relative)
        return try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: [.isDirectoryKey])
            .filter { (try? $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true }
            .map(\.lastPathComponent).filter { !$0.hasPrefix(".") }.sorted()
    }

    /// Every module under Sources/ with the folders inside it; `include/` (where SwiftPM
    /// finds a C target's headers) is a convention, not a part to document.
    static func sourceFolders() throws -> [String: [String]] {
        var folders: [String: [String]] = [:]
        for module in try subdirectories("Sources") {
            folders[module] = try subdirectories("Sources/" + module).filter { $0 != "include" }
        }
        return folders
    }

    /// The bundles under Plugins/, and whether each is written in C (it holds a `.c` file).
    static func plugins() throws -> [(name: String, isC: Bool)] {
        try subdirectories("Plugins").map { name in
            let files = try FileManager.default.contentsOfDirectory(atPath: TestEnvironment.repositoryRoot + "/Plugins/" + name)
            return (name, files.contains { $0.hasSuffix(".c") })
        }
    }

    static func text(_ file: String) throws -> String {
        try String(contentsOfFile: TestEnvironment.repositoryRoot + "/" + file, encoding: .utf8)
    }

    /// The lines of the README's "## Layout" code block.
    static func readmeLayout() throws -> [String] {
        let lines = try text("README.md").components(separatedBy: "\n")
        let heading = try #require(lines.firstIndex(of: "## Layout"), "README.md has no \"## Layout\" section")
        let open = try #require(lines[heading...].firstIndex { $0.hasPrefix("```") }, "README.md's Layout has no code block")
        let close = try #require(lines[(open + 1)...].firstIndex { $0.hasPrefix("```") }, "README.md's Layout block is not closed")
        return Array(lines[(open + 1)..<close])
    }

    /// The README's entry for the path `prefix` (e.g. `Sources/StagehandHost/`): its line
    /// and the indented lines that continue it, or nil when no line starts with it.
    static func readmeEntry(_ prefix: String, in layout: [String]) -> String? {
        guard let first = layout.firstIndex(where: { $0.hasPrefix(prefix) }) else { return nil }
        let rest = layout[(first + 1)...].prefix { $0.hasPrefix(" ") }
        return ([layout[first]] + rest).joined(separator: "\n")
    }

    /// ARCHITECTURE.md's table of layers, as the cells of each row.
    static func architectureRows() throws -> [[String]] {
        let lines = try text("ARCHITECTURE.md").components(separatedBy: "\n")
        let heading = try #require(lines.firstIndex(of: "## Layers"), "ARCHITECTURE.md has no \"## Layers\" section")
        let table = lines[(heading + 1)...].drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }
        return table.dropFirst(2).map { row in
            row.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    /// Whether `word` stands in `text` as a whole name: not inside a longer one
    /// (`Hero` is not found in `HeroScene`, nor `stagehand` in `stagehand-bench`).
    static func names(_ text: String, _ word: String) -> Bool {
        let nameCharacters = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_"))
        var searched = text[...]
        while let range = searched.range(of: word) {
            let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
            let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
            let isPart = { (c: Character?) in c.map { $0.unicodeScalars.allSatisfy(nameCharacters.contains) } ?? false }
            if !isPart(before) && !isPart(after) { return true }
            searched = text[range.upperBound...]
        }
        return false
    }

    @Test func theReadmeLayoutNamesEverySourceFolder() throws {
        let layout = try Self.readmeLayout()
        for (module, subfolders) in try Self.sourceFolders().sorted(by: { $0.key < $1.key }) {
            guard let entry = Self.readmeEntry("Sources/\(module)/", in: layout) else {
                Issue.record("README.md's Layout has no line for Sources/\(module)/")
                continue
            }
            for subfolder in subfolders where !Self.names(entry, subfolder + "/") {
                Issue.record("README.md's Layout line for Sources/\(module)/ does not name its folder \(subfolder)/:\n\(entry)")
            }
        }
    }

    @Test func theReadmeLayoutNamesEveryPluginAndItsLanguage() throws {
        let entry = try #require(Self.readmeEntry("Plugins/", in: Self.readmeLayout()), "README.md's Layout has no line for Plugins/")
        let parts = entry.components(separatedBy: "in C ")
        try #require(parts.count == 2, "README.md's Layout line for Plugins/ says once which bundles are \"in C \":\n\(entry)")
        for plugin in try Self.plugins() {
            #expect(Self.names(parts[plugin.isC ? 1 : 0], plugin.name),
                    "README.md's Layout line for Plugins/ does not name \(plugin.name) among the bundles \(plugin.isC ? "in C" : "in Swift"):\n\(entry)")
        }
    }

    @Test func theArchitectureTableNamesEverySourceFolder() throws {
        let rows = try Self.architectureRows()
        try #require(rows.allSatisfy { $0.count == 3 }, "ARCHITECTURE.md's table of layers has rows of three cells")
        for (module, subfolders) in try Self.sourceFolders().sorted(by: { $0.key < $1.key }) {
            // The rows whose module cell names the module, alone (`StagehandCore`) or with a
            // folder of it (`StagehandCore/Scene/`).
            let cells = rows.map { $0[1] }.filter { Self.names($0, module) || $0.contains("`\(module)/") }
            guard !cells.isEmpty else {
                Issue.record("ARCHITECTURE.md's table of layers has no row for the module \(module)")
                continue
            }
            let text = cells.joined(separator: "\n")
            for subfolder in subfolders where !(Self.names(text, subfolder + "/") || text.contains("`\(module)/\(subfolder)/")) {
                Issue.record("ARCHITECTURE.md's table of layers does not name \(module)'s folder \(subfolder)/ in the module cell of its rows:\n\(text)")
            }
        }
    }

    @Test func theArchitectureTableNamesEveryPluginAndItsLanguage() throws {
        let row = try #require(Self.architectureRows().first { $0.count == 3 && $0[1].contains("`Plugins/") },
                               "ARCHITECTURE.md's table of layers has no row for Plugins/")
        let parts = row[2].components(separatedBy: "in C ")
        try #require(parts.count == 2, "ARCHITECTURE.md's row for Plugins/ says once which bundles are \"in C \":\n\(row[2])")
        for plugin in try Self.plugins() {
            #expect(Self.names(parts[plugin.isC ? 1 : 0], "`\(plugin.name)`"),
                    "ARCHITECTURE.md's row for Plugins/ does not name \(plugin.name) among the bundles \(plugin.isC ? "in C" : "in Swift"):\n\(row[2])")
        }
    }

    /// The check itself: a folder the tables do not name is found.
    @Test func anUndocumentedFolderIsFound() throws {
        let layout = try Self.readmeLayout()
        #expect(Self.readmeEntry("Sources/StagehandNothing/", in: layout) == nil)
        let host = try #require(Self.readmeEntry("Sources/StagehandHost/", in: layout))
        #expect(Self.names(host, "Loader/"))
        #expect(!Self.names(host, "Nothing/"))
        #expect(!Self.names("HeroScene stagehand-bench", "Hero"))
        #expect(!Self.names("stagehand-bench", "stagehand"))
        #expect(Self.names("(`Hero`)", "`Hero`"))
    }
}
