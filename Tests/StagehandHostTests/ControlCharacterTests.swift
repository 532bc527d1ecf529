import Foundation
import StagehandTestSupport
import StagehandCore
import Testing

/// Text from a file (a name, a kind, a key) echoed in a message can hold a newline: it
/// must never forge a line of its own on standard error or standard output.
@Suite struct ControlCharacterTests {
    /// A line a forged message would start.
    static let forged = "error: forged"

    /// Every line of standard error is one diagnostic: it starts with a severity, and
    /// none of them is the forged one.
    func expectNoForgedLines(_ run: ProcessRun, diagnostics: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let lines = run.errors.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == diagnostics, "\(run.errors)", sourceLocation: sourceLocation)
        for line in lines {
            #expect(line.hasPrefix("warning: ") || line.hasPrefix("error: "), "\(line)", sourceLocation: sourceLocation)
            #expect(!line.hasPrefix(Self.forged), "\(line)", sourceLocation: sourceLocation)
        }
        #expect(!run.output.split(separator: "\n").contains { $0.hasPrefix(Self.forged) }, "\(run.output)",
                sourceLocation: sourceLocation)
    }

    @Test func theEscapesAreReadableAndLeaveOtherTextAlone() {
        #expect("a\nb\r\tc\u{1B}[2Jd\u{7F}\u{2028}".escapingControlCharacters == "a\\nb\\r\\tc\\u{1B}[2Jd\\u{7F}\\u{2028}")
        #expect("slide-pop «Inbox» ✓ \\n".escapingControlCharacters == "slide-pop «Inbox» ✓ \\n")
        let diagnostic = Diagnostic(.warning, .catalogInvalid, file: "Catalog.json", field: "effects[0][\"a\nb\"]", "unknown field \"x\ny\"")
        #expect(diagnostic.description == "warning: Catalog.json: effects[0][\"a\\nb\"]: unknown field \"x\\ny\"")
        #expect(diagnostic.summary == "effects[0][\"a\\nb\"]: unknown field \"x\\ny\"")
    }

    @Test func aCatalogsNamesKindsAndKeysCannotForgeLines() throws {
        let workspace = try Workspace()
        let entry = CatalogText.crossfade
            .replacingOccurrences(of: "\"kind\": \"container\"", with: "\"kind\": \"fade\\n\(Self.forged)\"")
            .replacingOccurrences(of: "\"name\": \"crossfade\"", with: "\"name\": \"x\\n\(Self.forged)\", \"k\\n\(Self.forged)\": 1")
        let file = try workspace.write("Catalog.json", CatalogText.catalog(entry, CatalogText.crossfade))
        let run = try runStagehand(["catalog", "--catalog", file])
        #expect(run.status == 0, "\(run.errors)")
        let warnings = run.errors.split(separator: "\n").count
        #expect(warnings >= 2, "the bad kind, name and key are reported: \(run.errors)")
        #expect(run.errors.contains("\\n\(Self.forged)"), "the newline is shown escaped: \(run.errors)")
        expectNoForgedLines(run, diagnostics: warnings)
    }

    @Test func aScenariosKeysAndNamesCannotForgeLines() throws {
        let workspace = try Workspace()
        let key = try workspace.write("key.json", #"{"steps": [{"push": {"title": "A", "a\n\#(Self.forged)": 1}}]}"#)
        let badKey = try runStagehand(["play", key])
        #expect(badKey.status == 1)
        expectNoForgedLines(badKey, diagnostics: 1)
        #expect(badKey.errors.contains("\\n\(Self.forged)"), "\(badKey.errors)")

        let name = try workspace.write("name.json", #"{"navigation": {"push": "no-such\n\#(Self.forged)"}, "steps": [{"push": {"title": "A"}}]}"#)
        let badName = try runStagehand(["play", name])
        #expect(badName.errors.contains("\\n\(Self.forged)"), "\(badName.errors)")
        expectNoForgedLines(badName, diagnostics: badName.errors.split(separator: "\n").count)
    }
}
