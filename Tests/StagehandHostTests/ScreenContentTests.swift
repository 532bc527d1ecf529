import Foundation
import StagehandTestSupport
import Testing
import StagehandCore
@testable import StagehandHost

/// A scenario's screens: what `screens` says each shows, the defaults by role, the
/// content as real subviews (so snapshots and the trace carry it), and errors that name
/// the field.
@Suite struct ScreenContentTests {
    @Test func screensAreReadByTitle() throws {
        let s = try ScenarioParser.parse(Data("""
            {"screens": {"Inbox": {"rows": ["Anna", "Ben"]},
                         "Article": {"back": "Inbox", "image": true, "text": ["One"], "button": "Reply", "header": true},
                         "New Message": {"fields": ["To:"], "header": false},
                         "Flat": false}}
            """.utf8), file: "s.json")
        #expect(s.screens["Inbox"] == ScreenContent(rows: ["Anna", "Ben"]))
        #expect(s.screens["Article"] == ScreenContent(back: "Inbox", image: true, text: ["One"], button: "Reply"))
        #expect(s.screens["New Message"] == ScreenContent(header: false, fields: ["To:"]))
        #expect(s.screens["Flat"] == .empty)
        // Titles not named get their role's default.
        #expect(s.content(for: "Other", role: .root) == .list)
        #expect(s.content(for: "Other", role: .pushed(below: "Inbox")).back == "Inbox")
        #expect(s.content(for: "Other", role: .presented) == .form)
        #expect(s.content(for: "Other", role: .child) == .card)
        #expect(s.content(for: "Flat", role: .root).isEmpty)
    }

    @Test func badContentNamesTheField() {
        #expect(failure(#"{"screens": []}"#) == "error: s.json: screens: expected an object: screen title → content")
        #expect(failure(#"{"screens": {"Inbox": true}}"#)
                == "error: s.json: screens.Inbox: expected false (a flat screen) or an object of content")
        #expect(failure(#"{"screens": {"Inbox": {"rows": ["a", 2]}}}"#) == "error: s.json: screens.Inbox.rows[1]: expected a string")
        #expect(failure(#"{"screens": {"New Message": {"image": "yes"}}}"#)
                == #"error: s.json: screens["New Message"].image: expected true or false"#)
        #expect(failure(#"{"screens": {"Inbox": {"colour": 1}}}"#)
                == "error: s.json: screens.Inbox.colour: unknown key; expected one of back, button, fields, header, image, matches, rows, text")
        #expect(failure(#"{"screens": {"Inbox": {"text": "one line"}}}"#) == "error: s.json: screens.Inbox.text: expected an array of strings")
        #expect(failure(#"{"screens": {"Inbox": {}, "Inbox": false}}"#).hasPrefix("error: s.json: screens.Inbox: "))
        let many = "[" + Array(repeating: "\"r\"", count: 101).joined(separator: ",") + "]"
        #expect(failure(#"{"screens": {"Inbox": {"rows": \#(many)}}}"#)
                == "error: s.json: screens.Inbox.rows: 101 lines; at most 100 (a screen shows far fewer)")
    }

    /// The content is subviews of the controller's view, laid out by hand-computable rules,
    /// and recorded in the trace with kind, text and colour.
    @Test func contentIsSubviewsRecordedInTheTrace() throws {
        let result = try BuiltInEffects.play("""
            {"root": {"title": "Inbox", "embedInNavigation": false},
             "screens": {"Inbox": {"rows": ["Anna", "Ben"], "button": "Compose"}}, "steps": [{"wait": 0.1}]}
            """)
        let root = try #require(result.stage.window.rootViewController?.view)
        // Header (its separator and title inside), the rows' group, the button.
        #expect(root.subviews.map(\.kind) == [.panel, .panel, .button])
        #expect(root.subviews[0].subviews.map(\.kind) == [.separator, .title])
        let group = root.subviews[1]
        #expect(group.frame == Rect(x: 16, y: 60, width: 358, height: 104))
        // Per row an icon, the text and a disclosure chevron; a separator between rows.
        #expect(group.subviews.map(\.kind) == [.panel, .text, .chevron, .separator, .panel, .text, .chevron])
        #expect(root.subviews[2].frame == Rect(x: 16, y: 180, width: 358, height: 50))

        let frame = try #require(result.trace.frames.last)
        let ben = try #require(frame.views.first { $0.kind == "text" && $0.title == "Ben" })
        let corner: [Double] = [16 + 52, 60 + 52 + 16]
        #expect(ben.corners.first == corner, "Ben's line, in window coordinates")
        let ink: [Double] = [28.0 / 255, 28.0 / 255, 30.0 / 255, 1].map { TraceRecorder.round6($0) }
        #expect(ben.color == ink)
        let screen = try #require(frame.views.firstIndex { $0.title == "Inbox" && $0.kind == "view" })
        #expect(frame.views[screen + 1].kind == "panel" && frame.views[screen + 1].depth == frame.views[screen].depth + 1)
        #expect(frame.views.contains { $0.kind == "chevron" && $0.title == "disclosure" })
    }

    /// A snapshot copies the content; the copies keep their kinds, so the snapshot is
    /// the one view that counts as a snapshot.
    @Test func aSnapshotCarriesTheContentAsItsOwnKinds() throws {
        let stage = Stage()
        let vc = ViewController(title: "Inbox")
        ScreenContent.list.install(in: vc.view, title: "Inbox")
        let snapshot = vc.view.snapshotView()
        #expect(snapshot.kind == .snapshot && snapshot.sourceKind == .view)
        #expect(snapshot.subviews.map(\.kind) == vc.view.subviews.map(\.kind))
        #expect(snapshot.allViewsBackToFront.filter { $0.kind == .snapshot }.count == 1)
        #expect(snapshot.allViewsBackToFront.compactMap(\.label) == vc.view.allViewsBackToFront.compactMap(\.label))
        _ = stage
    }

    /// A screen too small for a block leaves it out; a list keeps the rows that fit.
    @Test func whatDoesNotFitIsLeftOut() {
        let stage = Stage(screen: Size(width: 320, height: 200))
        let view = View(frame: Rect(x: 0, y: 0, width: 320, height: 200))
        ScreenContent(rows: ["a", "b", "c", "d"], button: "Go").install(in: view, title: "Small")
        // 200 − 16 (bottom margin) − 60 (header and margin) = 124: two rows of 52.
        #expect(view.subviews.map(\.kind) == [.panel, .panel])
        #expect(view.subviews[1].subviews.filter { $0.kind == .text }.count == 2)
        _ = stage
    }
}
