import Foundation
import StagehandTestSupport
import Testing
import StagehandCore
@testable import StagehandHost

/// Match identifiers written in a scenario's screens: on the views they name, in the
/// trace, and errors that name the field.
@Suite struct ScenarioMatchTests {
    /// Documentation/Scenario.md's example: row 3 of Inbox becomes the picture of Mail.
    static let inboxToMail = """
        {"root": {"title": "Inbox"},
         "screens": {"Inbox": {"rows": ["Anna", "Ben", "Chloe", "Dan"], "matches": {"row 3": "mail-3", "row 3 text": "subject"}},
                     "Mail": {"back": "Inbox", "image": true, "text": ["Chloe wrote:", "See you at the lake."],
                              "matches": {"image": "mail-3", "line 1": "subject"}}},
         "steps": [{"push": {"title": "Mail"}}, {"wait": 1}]}
        """

    @Test func identifiersLandOnTheNamedViewsAndInTheTrace() throws {
        let result = try BuiltInEffects.play(Self.inboxToMail)
        let first = try #require(result.trace.frames.first)
        let tagged = first.views.filter { $0.match != nil }.map { "\($0.kind) \($0.title) \($0.match!)" }
        // Row 3's icon (a panel named by its row's colour, untitled) and its text.
        #expect(tagged == ["panel panel mail-3", "text Chloe subject"])
        let last = try #require(result.trace.frames.last)
        #expect(last.views.filter { $0.match != nil }.map { "\($0.kind) \($0.match!)" } == ["image mail-3", "text subject"])
        // UIKit's own push ran, with pairs to offer but no matched effect to fly them.
        #expect(result.trace.events.map(\.kind) == ["began", "completed"])
    }

    /// `"matched": true` gives the screens the scenario does not name one identifier:
    /// row 3 of the root's list, every pushed page's picture (whatever its title, as the
    /// playground makes them), a presented form; a screen it names keeps its own.
    @Test func matchedGivesTheDefaultScreensTheStandardIdentifier() throws {
        let json = """
            {"root": {"title": "Inbox"}, "matched": true,
             "screens": {"Named": {"image": true}},
             "steps": [{"push": {"title": "Page 1"}}, {"wait": 1}, {"push": {"title": "Named"}}, {"wait": 1},
                       {"present": {"title": "Sheet 1"}}, {"wait": 1}]}
            """
        let s = try ScenarioParser.parse(Data(json.utf8), file: "s.json")
        #expect(s.matchesDefaultScreens)
        let result = try BuiltInEffects.play(json)
        func tagged(_ frame: Trace.Frame?) -> [String] {
            (frame?.views ?? []).filter { $0.match != nil }.map { "\($0.kind) \($0.match!)" }
        }
        #expect(tagged(result.trace.frames.first) == ["panel standard-row-3"])
        #expect(tagged(result.trace.frames.first { $0.stack.last == "Page 1" && $0.t > 0.9 }) == ["image standard-row-3"])
        // The named screen's picture has no identifier; the presented form has one.
        #expect(tagged(result.trace.frames.first { $0.stack.last == "Named" && $0.t > 1.9 && $0.presented.isEmpty }) == [])
        #expect(tagged(result.trace.frames.last).count == 1, "\(tagged(result.trace.frames.last))")
        // Without the key, nothing is tagged; a wrong type names it.
        let plain = try BuiltInEffects.play(json.replacingOccurrences(of: #""matched": true,"#, with: ""))
        #expect(plain.trace.frames.allSatisfy { tagged($0).isEmpty })
        #expect(failure(#"{"matched": "yes"}"#) == "error: s.json: matched: expected true or false")
    }

    @Test func aRowsIconIsTheRowsElementCountingFromOne() throws {
        let s = try ScenarioParser.parse(Data(Self.inboxToMail.utf8), file: "s.json")
        #expect(s.screens["Inbox"]?.matches == [.row(3): "mail-3", .rowText(3): "subject"])
        #expect(s.screens["Mail"]?.matches == [.image: "mail-3", .line(1): "subject"])
    }

    @Test func badMatchesNameTheField() {
        #expect(failure(#"{"screens": {"Inbox": {"rows": ["a"], "matches": ["row 1"]}}}"#)
                == "error: s.json: screens.Inbox.matches: expected an object: element (\(MatchElement.vocabulary)) → identifier")
        #expect(failure(#"{"screens": {"Inbox": {"rows": ["a"], "matches": {"row one": "x"}}}}"#)
                == "error: s.json: screens.Inbox.matches[\"row one\"]: unknown element; expected one of \(MatchElement.vocabulary) (N counts from 1)")
        #expect(failure(#"{"screens": {"Inbox": {"rows": ["a"], "matches": {"row 0": "x"}}}}"#).contains("unknown element"))
        #expect(failure(#"{"screens": {"Inbox": {"rows": ["a", "b"], "matches": {"row 3": "x"}}}}"#)
                == "error: s.json: screens.Inbox.matches[\"row 3\"]: the screen lists 2 rows; there is no row 3")
        #expect(failure(#"{"screens": {"Inbox": {"rows": ["a"], "matches": {"image": "x"}}}}"#)
                == "error: s.json: screens.Inbox.matches.image: the screen has no image (\"image\": true shows one)")
        #expect(failure(#"{"screens": {"Inbox": {"rows": ["a"], "matches": {"row 1": ""}}}}"#)
                == "error: s.json: screens.Inbox.matches[\"row 1\"]: expected a non-empty string (the match identifier)")
        #expect(failure(#"{"screens": {"Inbox": {"header": false, "rows": ["a"], "matches": {"title": "t"}}}}"#)
                == "error: s.json: screens.Inbox.matches.title: the screen has no header (\"header\": false)")
    }

    /// Two rows given one identifier (a reused cell's stale identifier) play, and the
    /// run says so once.
    @Test func aDuplicateInAScenarioIsSaidOnceAndThePushStillRuns() throws {
        let result = try BuiltInEffects.play("""
            {"root": {"title": "Inbox"},
             "screens": {"Inbox": {"rows": ["Anna", "Ben", "Chloe"], "matches": {"row 1": "m", "row 3": "m"}},
                         "Mail": {"image": true, "matches": {"image": "m"}}},
             "steps": [{"push": {"title": "Mail"}}, {"wait": 1}]}
            """)
        let said = result.stage.diagnostics.filter { $0.message.hasPrefix("match identifier 'm'") }
        #expect(said.count == 1)
        #expect(result.stage.diagnostics.contains { $0.message.contains("in the outgoing screen (Inbox); neither is matched") })
        #expect(result.trace.frames.last?.stack == ["Inbox", "Mail"])
    }
}
