import Foundation
import StagehandTestSupport
import Testing
@testable import StagehandServe

/// The editor pane's conversation: a declarative effect's text sent with its selection,
/// edits (the changed part of the text, in UTF-16 code units) read and the stage restarted
/// and played with each one that reads, a problem located at its line and column while
/// the stage goes on, a page out of step asked for its whole text, every refusal a
/// message, and saving only with `--save`, to the file the effect came from.
@Suite(.serialized, .ownThread) struct EditorPaneTests {
    /// A container effect like crossfade under a name of its own: only the incoming view
    /// fades in, over `duration` (the browser test edits it too).
    static let probe: String = {
        let path = TestServer.repositoryRoot + "/Tests/Playground/edit-probe.effect.json"
        return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }()

    /// A plugin directory holding the probe, and the probe's path.
    static func pluginDirectory() throws -> (directory: String, file: String) {
        let directory = NSTemporaryDirectory() + "stagehand-editor-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let file = directory + "/edit-probe.effect.json"
        try probe.write(toFile: file, atomically: true, encoding: .utf8)
        return (directory, file)
    }

    /// The edit message that turns `text` into `text` with `old` (its first occurrence)
    /// replaced by `new`, offsets in UTF-16 code units as the page counts them.
    static func edit(_ text: String, replacing old: String, with new: String, seq: Int) throws -> (message: [String: Any], text: String) {
        let range = try #require(text.range(of: old))
        let at = text.utf16.distance(from: text.startIndex, to: range.lowerBound)
        let result = text.replacingCharacters(in: range, with: new)
        return (["type": "edit", "at": at, "remove": old.utf16.count, "insert": new, "length": result.utf16.count, "seq": seq], result)
    }

    static func selectProbe(_ page: PageClient) async throws -> [String: Any] {
        _ = try await page.next("selected")
        try await page.send(["type": "select", "effect": "edit-probe"])
        return try await page.next("selected") { $0["effect"] as? String == "edit-probe" }
    }

    @Test func anEditThatReadsRestartsTheStageAndPlaysIt() async throws {
        let (directory, file) = try Self.pluginDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let server = try await TestServer(pluginDirectories: [directory])
        let page = try await PageClient.connect(port: server.port)
        let selected = try await Self.selectProbe(page)
        let source = try #require(selected["source"] as? [String: Any])
        #expect(source["text"] as? String == Self.probe)
        // The user's file, not the server's copy of the directory.
        #expect(source["file"] as? String == file)
        #expect(source["name"] as? String == "edit-probe.effect.json")
        #expect(source["savable"] as? Bool == false)
        #expect(source["maximumBytes"] as? Int == 262_144)

        let (message, _) = try Self.edit(Self.probe, replacing: "\"default\": 0.3", with: "\"default\": 1.5", seq: 7)
        try await page.send(message)
        let edited = try await page.next("edited")
        #expect(edited["seq"] as? Int == 7)
        #expect(edited["ok"] as? Bool == true)
        let restarted = try await page.next("selected")
        #expect(restarted["edit"] as? Int == 7)
        #expect(restarted["source"] == nil, "the page has the text already")
        let parameters = try #require(restarted["parameters"] as? [[String: Any]])
        #expect(parameters.first?["value"] as? String == "1.5")
        #expect(parameters.first?["description"] as? String == "Seconds.")
        // Played at once: the switch of child runs, and at 1.5 s it still runs (0.3 s before the edit).
        let running = try await page.next("frame") { $0["percent"] != nil }
        #expect((running["t"] as? Double ?? 1) < 0.1, "the edit is played at once: \(running["t"] ?? "")")
        let late = try await page.next("frame") { ($0["t"] as? Double ?? 0) >= 1.2 }
        let percent = try #require(late["percent"] as? Double, "the 1.5 s switch still runs at 1.2 s")
        #expect(abs(percent - 0.8) < 0.05, "\(percent)")
        // The file is not touched.
        #expect(try String(contentsOfFile: file, encoding: .utf8) == Self.probe)
        page.close()
        await server.stop()
    }

    @Test func anEditWithAProblemIsLocatedAndTheLastVersionThatReadGoesOn() async throws {
        let (directory, _) = try Self.pluginDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let server = try await TestServer(pluginDirectories: [directory])
        let page = try await PageClient.connect(port: server.port)
        _ = try await Self.selectProbe(page)
        let (first, text) = try Self.edit(Self.probe, replacing: "\"default\": 0.3", with: "\"default\": 2", seq: 1)
        try await page.send(first)
        #expect(try await page.next("edited")["ok"] as? Bool == true)
        _ = try await page.next("selected") { $0["edit"] as? Int == 1 }
        // The replay of the 2 s version ends.
        _ = try await page.next("frame") { ($0["t"] as? Double ?? 0) > 2.5 && $0["percent"] == nil }
        // A misspelt key, on line 12 of the text (the tracks' incoming start).
        let (second, bad) = try Self.edit(text, replacing: "{\"alpha\": 0}", with: "{\"alpah\": 0}", seq: 2)
        try await page.send(second)
        let edited = try await page.next("edited")
        #expect(edited["seq"] as? Int == 2)
        #expect(edited["ok"] as? Bool == false)
        let problem = try #require(edited["problem"] as? [String: Any])
        let lines = bad.split(separator: "\n", omittingEmptySubsequences: false)
        let line = try #require(lines.firstIndex { $0.contains("alpah") }) + 1
        #expect(problem["line"] as? Int == line)
        let column = try #require(lines[line - 1].range(of: "\"alpah\"")).lowerBound
        #expect(problem["column"] as? Int == lines[line - 1].distance(from: lines[line - 1].startIndex, to: column) + 1)
        #expect(problem["pointer"] as? String == "tracks/incoming/start/alpah")
        #expect((problem["message"] as? String)?.contains("did you mean alpha?") == true, "\(problem)")
        // Not JSON at all: located too.
        let (third, _) = try Self.edit(bad, replacing: "\"alpah\": 0}", with: "\"alpha\": 0", seq: 3)
        try await page.send(third)
        let broken = try await page.next("edited")
        #expect(((broken["problem"] as? [String: Any])?["message"] as? String)?.hasPrefix("not JSON") == true, "\(broken)")
        // The stage was not restarted: the 2 s version still plays, and a switch uses it.
        try await page.send(["type": "operation", "name": "switchChild"])
        let began = try await page.next("frame") { $0["percent"] != nil && ($0["t"] as? Double ?? 0) > 2.5 }
        let start = began["t"] as? Double ?? 0
        let later = try await page.next("frame") { ($0["t"] as? Double ?? 0) >= start + 1.5 }
        #expect(later["percent"] is Double, "the 2 s version plays: \(later)")
        page.close()
        await server.stop()
    }

    @Test func anEditInPartsIsReadOnceAndAPageOutOfStepIsAskedForItsWholeText() async throws {
        let (directory, _) = try Self.pluginDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let server = try await TestServer(pluginDirectories: [directory])
        let page = try await PageClient.connect(port: server.port)
        _ = try await Self.selectProbe(page)
        let units = Self.probe.utf16.count
        // A whole new text in three parts (as a paste larger than a message is sent):
        // one answer, after the last.
        let replacement = Self.probe.replacingOccurrences(of: "0.3", with: "0.6")
        let parts = [String(replacement.prefix(100)), String(replacement.dropFirst(100).prefix(100)), String(replacement.dropFirst(200))]
        var at = 0, length = 0
        for (index, part) in parts.enumerated() {
            length = (index == 0 ? 0 : length) + part.utf16.count
            var message: [String: Any] = ["type": "edit", "at": at, "remove": index == 0 ? units : 0, "insert": part,
                                          "length": length, "seq": 4]
            if index < 2 { message["more"] = true }
            try await page.send(message)
            at += part.utf16.count
        }
        let edited = try await page.next("edited")
        #expect(edited["seq"] as? Int == 4 && edited["ok"] as? Bool == true, "\(edited)")
        let restarted = try await page.next("selected") { $0["edit"] as? Int == 4 }
        #expect((restarted["parameters"] as? [[String: Any]])?.first?["value"] as? String == "0.6")
        // A length that does not match the server's text: out of step.
        try await page.send(["type": "edit", "at": 0, "remove": 0, "insert": " ", "length": 5, "seq": 5])
        let resync = try await page.next("edited")
        #expect(resync["seq"] as? Int == 5 && resync["ok"] as? Bool == false)
        #expect((resync["resync"] as? [String: Any])?["length"] as? Int == replacement.utf16.count, "\(resync)")
        // A range outside the text: the same.
        try await page.send(["type": "edit", "at": 100_000, "remove": 1, "insert": "", "length": 0, "seq": 6])
        #expect(try await page.next("edited")["resync"] != nil)
        page.close()
        await server.stop()
    }

    @Test func editsThatCannotBeTakenAreRefusedWithAMessage() async throws {
        let (directory, _) = try Self.pluginDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let server = try await TestServer(pluginDirectories: [directory])
        let page = try await PageClient.connect(port: server.port)
        _ = try await page.next("selected")
        // No effect chosen, then a compiled one: nothing to edit.
        try await page.send(["type": "edit", "at": 0, "remove": 0, "insert": "x", "length": 1, "seq": 1])
        #expect((try await page.next("edited")["message"] as? String)?.contains("no effect is chosen") == true)
        try await page.send(["type": "select", "effect": "slide-pop"])
        let compiled = try await page.next("selected") { $0["effect"] as? String == "slide-pop" }
        #expect(compiled["source"] == nil)
        try await page.send(["type": "edit", "at": 0, "remove": 0, "insert": "x", "length": 1, "seq": 2])
        #expect((try await page.next("edited")["message"] as? String)?.contains("slide-pop is a compiled effect") == true)
        // Malformed edit messages: errors naming the field.
        try await page.send(["type": "select", "effect": "edit-probe"])
        _ = try await page.next("selected") { $0["effect"] as? String == "edit-probe" }
        let malformed: [([String: Any], String)] = [
            (["type": "edit", "at": -1, "remove": 0, "insert": "", "length": 0], "edit.at: expected an integer from 0 to 262144"),
            (["type": "edit", "at": 0, "remove": 0.5, "insert": "", "length": 0], "edit.remove: expected an integer"),
            (["type": "edit", "at": 0, "remove": 0, "insert": 3, "length": 0], "edit.insert: expected a string"),
            (["type": "edit", "at": 0, "remove": 0, "insert": "", "length": 0, "more": "yes"], "edit.more: expected true or false"),
            (["type": "edit", "at": 0, "remove": 0, "insert": "", "length": 0, "text": ""], "edit: unknown key \"text\""),
            (["type": "save", "path": "/etc/passwd"], "save: unknown key \"path\""),
        ]
        for (message, expected) in malformed {
            try await page.send(message)
            let error = try await page.next("error")
            #expect((error["message"] as? String)?.hasPrefix(expected) == true, "\(error)")
        }
        // A text grown past the file limit, part by part (each part under the message limit).
        let chunk = String(repeating: " ", count: 15_000)
        var length = Self.probe.utf16.count, refusal: [String: Any]?
        for _ in 0..<20 {
            length += chunk.utf16.count
            try await page.send(["type": "edit", "at": 0, "remove": 0, "insert": chunk, "length": length, "seq": 9, "more": true])
            if length > 262_144 {
                refusal = try await page.next("edited", limit: 100)
                break
            }
        }
        let message = try #require(refusal?["message"] as? String)
        #expect(message.contains("a declarative effect may have at most 262144 bytes"), "\(message)")
        // Saving is off without --save.
        try await page.send(["type": "save"])
        #expect((try await page.next("error")["message"] as? String)?.contains("start stagehand serve with --save") == true)
        // The server went on throughout.
        _ = try await page.next("frame")
        page.close()
        await server.stop()
    }

    @Test func withSaveTheEditedTextIsWrittenToTheEffectsOwnFile() async throws {
        let (directory, file) = try Self.pluginDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let server = try await TestServer(pluginDirectories: [directory], extra: ["--save"])
        let page = try await PageClient.connect(port: server.port)
        let catalog = try await page.next("catalog")
        let selected = try await Self.selectProbe(page)
        #expect((selected["source"] as? [String: Any])?["savable"] as? Bool == true)
        // Nothing edited: nothing to save.
        try await page.send(["type": "save"])
        #expect((try await page.next("error")["message"] as? String)?.contains("nothing edited") == true)
        let (message, text) = try Self.edit(Self.probe, replacing: "A fade to edit in the page.", with: "A fade, edited.", seq: 1)
        try await page.send(message)
        _ = try await page.next("edited")
        // A problem in the text: not saved.
        let (bad, _) = try Self.edit(text, replacing: "\"kind\"", with: "\"knd\"", seq: 2)
        try await page.send(bad)
        _ = try await page.next("edited")
        try await page.send(["type": "save"])
        let refused = try await page.next("error")
        #expect((refused["message"] as? String)?.contains("the file is left as it was") == true, "\(refused)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == Self.probe)
        // Put right, then saved: to the file it came from.
        let (fixed, _) = try Self.edit(text.replacingOccurrences(of: "\"kind\"", with: "\"knd\""), replacing: "\"knd\"", with: "\"kind\"", seq: 3)
        try await page.send(fixed)
        #expect(try await page.next("edited")["ok"] as? Bool == true)
        try await page.send(["type": "save"])
        let saved = try await page.next("saved")
        #expect(saved["path"] as? String == file)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == text)
        // The watched directory changed: the effects are loaded again, with the saved text.
        let generation = catalog["generation"] as? Int ?? 0
        let reloaded = try await page.next("catalog") { ($0["generation"] as? Int ?? 0) > generation }
        let probe = (reloaded["effects"] as? [[String: Any]])?.first { $0["name"] as? String == "edit-probe" }
        #expect(probe?["description"] as? String == "A fade, edited.")
        page.close()
        await server.stop()
    }

    @Test func saveIsRefusedOffLoopback() throws {
        let (status, message) = try TestServer.refusal(["serve", "--save", "--host", "0.0.0.0", "--port", "0"])
        #expect(status != 0)
        #expect(message.contains("--save") && message.contains("not a loopback address"), "\(message)")
    }
}
