import Foundation
import StagehandCore

/// Fingers that move together on the virtual clock — a pinch's two, a two-finger pan's:
/// each frame the stage steps, then every finger reports its `moved` touch at the same
/// timestamp, as the fingers of one hand arrive in one touch event.
///
/// Like `Finger`, it remembers whether its fingers are down, so a step that left them
/// down (`"release": false`) is continued by the next one from where they are.
final class ScriptedFingers {
    let stage: Stage
    let ids: [Int]
    /// Where each finger is while they are down; `nil` when lifted.
    private(set) var locations: [Point]?

    init(stage: Stage, ids: [Int]) {
        self.stage = stage
        self.ids = ids
    }

    /// Each finger from `from[i]` to `to[i]` in a straight line over `duration` (one
    /// event per finger per frame), still for `hold`, then ended as `release` says.
    func move(from: [Point], to: [Point], duration: Double, hold: Double, release: DragRelease) {
        if locations == nil {
            send(.began, at: from)
        } else if locations != from {
            send(.moved, at: from)
        }
        locations = from
        let frames = Int((max(0, duration) * Double(stage.framesPerSecond)).rounded())
        if frames > 0 {
            for i in 1...frames {
                stage.step()
                let f = Double(i) / Double(frames)
                send(.moved, at: zip(from, to).map { a, b in Point(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f) })
            }
        } else if from != to {
            send(.moved, at: to)
        }
        locations = to
        if hold > 0 { stage.advance(by: hold) }
        switch release {
        case .lift: send(.ended, at: to); locations = nil
        case .cancel: send(.cancelled, at: to); locations = nil
        case .hold: break
        }
    }

    private func send(_ phase: TouchPhase, at points: [Point]) {
        for (id, point) in zip(ids, points) {
            stage.window.send(Touch(id: id, phase: phase, location: point, timestamp: stage.now))
        }
    }

    /// The two fingers of a pinch about `center`, `distance` apart along `angle` (radians
    /// from the x axis).
    static func pinchPoints(center: Point, distance: Double, angle: Double) -> [Point] {
        let dx = cos(angle) * distance / 2, dy = sin(angle) * distance / 2
        return [Point(x: center.x - dx, y: center.y - dy), Point(x: center.x + dx, y: center.y + dy)]
    }
}
