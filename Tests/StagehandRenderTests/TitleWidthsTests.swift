import Foundation
import StagehandCore
import StagehandTrace
@testable import StagehandRender
import Testing

/// The title widths a worker keeps from one frame to the next answer exactly what
/// `FontMetrics` answers, whatever changed at a view's place.
@Suite struct TitleWidthsTests {
    @Test func aSlotKeepsItsAdvanceOnlyWhileItsTextAndFaceStayTheSame() throws {
        let metrics = try FontMetrics.shared()
        var widths = TitleWidths(metrics: metrics)
        #expect(widths.advance("Inbox", bold: true, slot: 3) == metrics.advance("Inbox"))
        #expect(widths.advance("Inbox", bold: true, slot: 3) == metrics.advance("Inbox"))
        let longer = widths.advance("Quarterly report", bold: true, slot: 3)
        #expect(longer == metrics.advance("Quarterly report"))
        #expect(longer > metrics.advance("Inbox"), "a new text at the same place is measured, not the old one reused")
        #expect(widths.advance("Quarterly report", bold: false, slot: 3) == metrics.advance("Quarterly report", bold: false))
        #expect(metrics.advance("Quarterly report", bold: false) != longer, "the regular face is measured on its own")
        #expect(widths.advance("", bold: true, slot: 0) == metrics.advance(""))
        // Equal text in other bytes (decomposed é) is measured again and gets FontMetrics's answer.
        #expect(widths.advance("Caf\u{E9}", bold: true, slot: 7) == metrics.advance("Caf\u{E9}"))
        #expect(widths.advance("Cafe\u{301}", bold: true, slot: 7) == metrics.advance("Cafe\u{301}"))
    }

    @Test func framesWhoseTitlesMoveGetTheLabelsOfFreshDisplayLists() throws {
        let screen = Size(width: 390, height: 844)
        func frame(_ titles: [String]) throws -> Trace.Frame {
            let views = titles.enumerated().map { i, title in
                DisplayListTests.view(title, depth: i == 0 ? 0 : 1, frame: [0, Double(i) * 100, 390, 100])
            }
            let json = "{\"t\": 0, \"stack\": [], \"presented\": [], \"views\": [\(views.joined(separator: ", "))]}"
            return try JSONDecoder().decode(Trace.Frame.self, from: Data(json.utf8))
        }
        let frames = [try frame(["Root", "Inbox", "Quarterly report"]), try frame(["Root", "Quarterly report", "Inbox"]),
                      try frame(["Root", "Quarterly report", "Lunch on Friday?", "Inbox"])]
        var widths = TitleWidths(metrics: try FontMetrics.shared())
        for frame in frames {
            let kept = DisplayList(frame: frame, screen: screen, widths: &widths)
            let fresh = DisplayList(frame: frame, screen: screen, metrics: try FontMetrics.shared())
            #expect(kept.items.compactMap { $0.label?.text } == fresh.items.compactMap { $0.label?.text })
            #expect(kept.items.compactMap { $0.label?.fontSize } == fresh.items.compactMap { $0.label?.fontSize })
            #expect(kept.items.compactMap { $0.label?.fontSize }.count == frame.views.count)
        }
    }
}
