@testable import StagehandCore

/// Moves one finger across a stage's window frame by frame, on the virtual clock.
struct Finger {
    let stage: Stage
    var id = 1

    /// Touches down at `from`, moves in a straight line to `to` over `duration`, holds
    /// still for `hold` seconds, then lifts unless `release` is false.
    func drag(from: Point, to: Point, duration: Double, hold: Double = 0, release: Bool = true) {
        stage.window.send(Touch(id: id, phase: .began, location: from, timestamp: stage.now))
        let frames = max(1, Int((duration * Double(stage.framesPerSecond)).rounded()))
        for i in 1...frames {
            stage.step()
            let f = Double(i) / Double(frames)
            let p = Point(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f)
            stage.window.send(Touch(id: id, phase: .moved, location: p, timestamp: stage.now))
        }
        stage.advance(by: hold)
        if release {
            stage.window.send(Touch(id: id, phase: .ended, location: to, timestamp: stage.now))
        }
    }
}
