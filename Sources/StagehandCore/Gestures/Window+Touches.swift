/// Touch injection: how a test, a scripted scenario or the command line puts a finger on
/// the screen. Events go through the window's gesture arena (see `GestureArena`), which
/// hit-tests, routes them to recognizers and applies UIKit's rules between them, all
/// synchronously: when `send` returns, every action it caused has run.
extension Window {
    /// Delivers one touch event. A touch's first event must be `.began` and its last
    /// `.ended` or `.cancelled`; events that break this are reported as diagnostics
    /// ("gesture") and ignored. Timestamps should not go backwards for one touch.
    public func send(_ touch: Touch) {
        if touch.phase == .began || touchesDown[touch.id] != nil {
            touchesDown[touch.id] = touch.phase.isFinal ? nil : touch.location
        }
        gestureArena.handle(touch)
    }

    /// Delivers a touch event stamped with the stage's current time (`Stage.now`; 0 for
    /// a window without a stage).
    public func touch(_ phase: TouchPhase, at location: Point, id: Int = 0) {
        send(Touch(id: id, phase: phase, location: location, timestamp: stage?.now ?? 0))
    }

    /// Whether a gesture recognizer is running now (`began` or `changed`). The
    /// transition runtime uses it to tell an interactive transition that a gesture still
    /// drives from one no gesture will ever finish.
    public var hasActiveGesture: Bool {
        gestureArena.hasActiveGesture
    }

    /// A presentation's container was just put in the window above everything before
    /// it: gestures under way in the views it covers are withdrawn (see
    /// `GestureArena.withdrawRecognizers(coveredBy:)`), so a finger that went down
    /// before the presentation cannot pop or scroll what is now hidden under it.
    func presentationDidCover(with container: View) {
        gestureArena.withdrawRecognizers(coveredBy: container)
    }
}
