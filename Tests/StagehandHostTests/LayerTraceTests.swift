import Foundation
import StagehandTestSupport
import Testing
import StagehandCore
@testable import StagehandHost

/// The trace's record of the ABI 1.2 layer properties: present only where a view differs
/// from the defaults (so a trace of an effect that sets none reads as before), in the
/// documented units, and views listed in drawing order.
@Suite struct LayerTraceTests {
    func record(_ build: (Stage) -> Void) throws -> [Trace.ViewRecord] {
        let stage = Stage(screen: Size(width: 390, height: 844), framesPerSecond: 60)
        build(stage)
        let recorder = TraceRecorder(stage: stage) { nil }
        recorder.start()
        return try #require(recorder.trace.frames.first).views
    }

    @Test func defaultsAreLeftOutOfTheFile() throws {
        let views = try record { stage in stage.window.addSubview(View(frame: Rect(x: 0, y: 0, width: 10, height: 10), label: "plain")) }
        let json = String(decoding: try JSONEncoder().encode(views), as: UTF8.self)
        for key in ["doubleSided", "sublayerTransform", "clips", "mask", "size", "shadowRadius", "shadowOffset", "shadowColor", "zPosition"] {
            #expect(!json.contains("\"\(key)\""), "\(key) in \(json)")
        }
    }

    @Test func setPropertiesAreRecordedInTheViewsOwnSpace() throws {
        let views = try record { stage in
            let card = View(frame: Rect(x: 20, y: 100, width: 200, height: 300), label: "card")
            card.bounds = Rect(x: 10, y: 5, width: 200, height: 300)
            card.isDoubleSided = false
            card.clipsToBounds = true
            card.mask = .circle(center: Point(x: 110, y: 55), radius: 50)
            card.sublayerTransform = Transform3D(perspectiveDistance: 500)
            card.shadowRadius = 8
            card.shadowOffset = Size(width: 0, height: 4)
            card.shadowColor = Color(red: 0, green: 0, blue: 1, alpha: 1)
            card.zPosition = 1
            let back = View(frame: Rect(x: 0, y: 0, width: 10, height: 10), label: "back")
            stage.window.addSubview(card)
            stage.window.addSubview(back)
        }
        #expect(views.map(\.title) == ["back", "card"], "the card's zPosition draws it last")
        let card = try #require(views.last)
        #expect(card.doubleSided == false)
        #expect(card.clips == true)
        // The mask's square starts at (60, 5) in bounds coordinates; the bounds start at
        // (10, 5): so 50, 0 from the view's top left corner.
        #expect(card.mask == [50, 0, 100, 100, 50])
        #expect(card.size == [200, 300])
        #expect(card.sublayerTransform?[11] == -0.002 && card.sublayerTransform?.count == 16)
        #expect(card.shadowRadius == 8 && card.shadowOffset == [0, 4] && card.shadowColor == [0, 0, 1, 1])
        #expect(card.zPosition == 1)
        let decoded = try JSONDecoder().decode(Trace.ViewRecord.self, from: JSONEncoder().encode(card))
        #expect(decoded == card)
    }
}
