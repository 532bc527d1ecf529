import Foundation
import Testing
@testable import StagehandServe

/// The page's script is written in two files (the editor pane's part apart) but served
/// as one function scope: the editor's part once, inside it, between the selection
/// handler that opens the editor and the parameter controls.
struct PageScriptTests {
    @Test func theEditorsPartIsServedOnceInsideTheScriptsScope() throws {
        let page = PlaygroundPage.html
        let editor = PlaygroundEditorScript.source
        #expect(editor.contains("var editor = {"))
        #expect(!PlaygroundScript.source.isEmpty)
        #expect(page.components(separatedBy: editor).count == 2, "the editor's part is in the page once")
        let scopeStart = try #require(page.range(of: "(function () {"))
        let scopeEnd = try #require(page.range(of: "})();", options: .backwards))
        let editorRange = try #require(page.range(of: editor))
        #expect(scopeStart.upperBound <= editorRange.lowerBound && editorRange.upperBound <= scopeEnd.lowerBound)
        // Its neighbours: what calls openEditor before it, the parameter controls after it.
        let selected = try #require(page.range(of: "function onSelected(m) {"))
        let controls = try #require(page.range(of: "function parameterControl(p) {"))
        #expect(selected.upperBound <= editorRange.lowerBound && editorRange.upperBound <= controls.lowerBound)
        // Every name the rest of the script calls is declared by the editor's part.
        for name in ["function openEditor(", "function onEdited(", "function setStatus(", "state.editor = editor"] {
            #expect(editor.contains(name), "\(name)")
            #expect(!PlaygroundScript.source.replacingOccurrences(of: editor, with: "").contains(name), "\(name) outside the editor's part")
        }
    }
}
