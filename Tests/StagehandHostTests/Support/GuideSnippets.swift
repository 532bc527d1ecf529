import Foundation
import StagehandTestSupport

/// The code blocks of a Markdown guide that the tests build: a fenced block opened with
/// a language and a name (```` ```swift my-bounce ````, ```` ```c my-bounce-c ````).
/// Blocks of the same language and name are one bundle's source, in the order they
/// appear; any other block (```` ```sh ````) is prose.
struct GuideSnippets {
    struct Unit: Hashable {
        var language: String
        var name: String
        var code: String
        /// `my-bounce` → `MyBounce`: the target and library name of a Swift unit.
        var typeName: String {
            name.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        }
    }

    /// The units, in order of first appearance.
    var units: [Unit] = []
    /// Swift or C blocks without a name: code the tests would not build.
    var unnamed: [Int] = []
    /// Every fenced block, named or not, in order: its language and its lines.
    var blocks: [(language: String, code: String)] = []

    static let compiledLanguages: Set<String> = ["swift", "c"]
    // A named ```json NAME block is a declarative effect (Documentation/DeclarativeEffects.md).

    init(markdown: String) {
        var open: (language: String, name: String?, line: Int)?
        var lines: [String] = []
        for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let block = open {
                guard trimmed == "```" else { lines.append(String(line)); continue }
                blocks.append((block.language, lines.joined(separator: "\n")))
                if let name = block.name {
                    let code = lines.joined(separator: "\n") + "\n"
                    if let i = units.firstIndex(where: { $0.language == block.language && $0.name == name }) {
                        units[i].code += "\n" + code
                    } else {
                        units.append(Unit(language: block.language, name: name, code: code))
                    }
                } else if Self.compiledLanguages.contains(block.language) {
                    unnamed.append(block.line)
                }
                open = nil
                lines = []
            } else if trimmed.hasPrefix("```") {
                let words = trimmed.dropFirst(3).split(separator: " ").map(String.init)
                let language = words.first ?? ""
                open = (language, Self.compiledLanguages.contains(language) || language == "json" ? words.dropFirst().first : nil, index + 1)
            }
        }
    }
}
