import StagehandCore

/// One finger moving across a stage's window, one touch event per frame.
struct Finger {
    let stage: Stage
    let id = 1

    func drag(from: Point, to: Point, duration: Double, hold: Double, release: DragRelease) {
        stage.window.send(Touch(id: id, phase: .began, location: from, timestamp: stage.now))
        let frames = Int((duration * Double(stage.framesPerSecond)).rounded())
        if frames > 0 {
            for i in 1...frames {
                stage.step()
                let f = Double(i) / Double(frames)
                let p = Point(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f)
                stage.window.send(Touch(id: id, phase: .moved, location: p, timestamp: stage.now))
            }
        } else if from != to {
            stage.window.send(Touch(id: id, phase: .moved, location: to, timestamp: stage.now))
        }
        stage.advance(by: hold)
        switch release {
        case .lift: stage.window.send(Touch(id: id, phase: .ended, location: to, timestamp: stage.now))
        case .cancel: stage.window.send(Touch(id: id, phase: .cancelled, location: to, timestamp: stage.now))
        case .hold: break
        }
    }
}
