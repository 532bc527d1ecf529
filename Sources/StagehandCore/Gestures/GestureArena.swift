import Foundation

/// One window's touch routing and the rules between its gesture recognizers — the part
/// of UIKit's event system (UIGestureEnvironment) that decides which recognizers see a
/// touch and which of them may recognize.
///
/// A touch sequence runs from the first finger down to the last finger up. When a
/// finger goes down, the window is hit-tested and the enabled recognizers of the hit
/// view and of all its ancestors (deepest first, each view's in the order added) join
/// the sequence; they receive that finger's events until it lifts. (A window that hit
/// tests to nothing — hidden — gives the touch to its own recognizers only.)
///
/// Between the recognizers of one sequence:
/// - when one begins (or a discrete one recognizes), every other still possible one
///   that shares a touch with it fails, unless either delegate allows simultaneous
///   recognition; one that wants to begin while another is running fails likewise;
/// - one that requires another to fail waits while the other is possible, goes ahead
///   when it fails, and fails when it recognizes;
/// - when the last finger lifts, recognizers still possible fail (those not waiting
///   first, so waiting ones get their answer), one still running is cancelled (with a
///   diagnostic: a pan always ends itself), and all are reset for the next sequence
///   (see `GestureRecognizer`).
///
/// A recognizer that is disabled, removed from its view, or whose view left the window
/// is withdrawn at its next touch event: cancelled if it was running, failed otherwise;
/// one whose view a presentation covers is withdrawn as the presentation starts.
/// Everything happens synchronously inside `Window.send(_:)`.
final class GestureArena {
    private(set) weak var window: Window?
    /// Recognizers of the current sequence, in the order they joined.
    private var participants: [GestureRecognizer] = []
    /// The fingers down now, each with the recognizers that track it in delivery order.
    private var tracked: [Int: [GestureRecognizer]] = [:]
    /// Recognizers of the last finished sequence, not yet reset.
    private var finished: [GestureRecognizer] = []

    init(window: Window) {
        self.window = window
    }

    /// Whether a recognizer of the current sequence is in `began` or `changed`.
    var hasActiveGesture: Bool {
        participants.contains { $0.state.isActive }
    }

    // MARK: - Touches

    func handle(_ touch: Touch) {
        if touch.phase == .began {
            if let recognizers = tracked[touch.id] {
                report("touch \(touch.id) went down again before lifting: treated as a move")
                return deliver(Touch(id: touch.id, phase: .moved, location: touch.location,
                                     timestamp: touch.timestamp), to: recognizers)
            }
            if tracked.isEmpty { resetFinished() }
            return begin(touch)
        }
        guard let recognizers = tracked[touch.id] else {
            report("touch \(touch.id) \(touch.phase.rawValue) without going down first: ignored")
            return
        }
        deliver(touch, to: recognizers)
        if touch.phase.isFinal {
            tracked[touch.id] = nil
            if tracked.isEmpty { endSequence() }
        }
    }

    private func begin(_ touch: Touch) {
        guard let window else { return }
        var chain: [View] = []
        var node = window.hitTest(windowPoint: touch.location)
        while let view = node {
            chain.append(view)
            node = view.superview
        }
        if chain.isEmpty { chain = [window] }

        var receivers: [GestureRecognizer] = []
        for view in chain {
            for recognizer in view.gestureRecognizers where recognizer.isEnabled {
                if recognizer.arena !== self {
                    // Left over from outside any sequence (a state set by hand).
                    if recognizer.state != .possible { recognizer.resetForNextSequence() }
                } else if recognizer.state.isFinished {
                    continue
                }
                guard recognizer.delegate?.gestureRecognizer(recognizer, shouldReceive: touch) ?? true else { continue }
                if recognizer.arena !== self {
                    recognizer.arena = self
                    participants.append(recognizer)
                }
                recognizer.seenTouchIDs.insert(touch.id)
                receivers.append(recognizer)
            }
        }
        tracked[touch.id] = receivers
        deliver(touch, to: receivers)
    }

    private func deliver(_ touch: Touch, to recognizers: [GestureRecognizer]) {
        for recognizer in recognizers where !recognizer.state.isFinished {
            guard recognizer.isEnabled, let view = recognizer.view, view.window === window else {
                recognizer.withdraw()
                continue
            }
            recognizer.receive(touch)
        }
    }

    /// A presentation now covers everything under `cover` in the window: the gestures of
    /// the current sequence whose views it covers are withdrawn (cancelled if running,
    /// failed if only watching), as UIKit's window takes touches away from views a
    /// presentation hides. The fingers stay down; they drive nothing more until they lift.
    func withdrawRecognizers(coveredBy cover: View) {
        for recognizer in participants where !recognizer.state.isFinished {
            // The cover's own views, and the views that hold it (the window), stay.
            guard let view = recognizer.view, !view.isDescendant(of: cover), !cover.isDescendant(of: view) else { continue }
            recognizer.withdraw()
        }
    }

    private func endSequence() {
        for recognizer in participants where recognizer.state == .possible && recognizer.deferredRecognition == nil {
            recognizer.fail()
        }
        for recognizer in participants where recognizer.state == .possible {
            recognizer.fail()  // waiting for each other: nobody can go ahead
        }
        for recognizer in participants where recognizer.state.isActive {
            // No finger is left to end it: a running gesture would drive its target forever.
            report("\(recognizer.displayName) still running after the last finger lifted: cancelled")
            recognizer.enter(.cancelled)
        }
        finished = participants
        participants = []
        for recognizer in finished { recognizer.arena = nil }
        window?.stage?.schedule(after: 0) { [weak self] in self?.resetFinished() }
    }

    /// Resets the recognizers of the last sequence. Only ever non-empty between
    /// sequences, so a late call cannot reset a running one.
    private func resetFinished() {
        let done = finished
        finished = []
        for recognizer in done { recognizer.resetForNextSequence() }
    }

    // MARK: - Arbitration

    /// `recognizer` asks to leave `possible` for `state` (`.began`, or `.ended` for a
    /// discrete gesture); its delegate already agreed.
    func recognize(_ recognizer: GestureRecognizer, as state: GestureRecognizer.State) {
        guard recognizer.state == .possible else { return }
        let others = participants.filter { $0 !== recognizer }

        if others.contains(where: { $0.state.isActive && excludes($0, recognizer) }) {
            return recognizer.fail()
        }
        var waiting = false
        for other in others where recognizer.requiresFailure(of: other) {
            switch other.state {
            case .possible: waiting = true
            case .began, .changed, .ended: return recognizer.fail()
            case .failed, .cancelled: continue
            }
        }
        if waiting {
            recognizer.deferredRecognition = state
            return
        }

        let endsAtOnce = recognizer.deferredEnd && state == .began
        recognizer.deferredRecognition = nil
        recognizer.deferredEnd = false
        recognizer.enter(state)
        for other in others where other.state == .possible {
            if excludes(recognizer, other) || other.requiresFailure(of: recognizer) { other.fail() }
        }
        if endsAtOnce, recognizer.state.isActive { recognizer.enter(.ended) }
    }

    /// `failed` gave up: recognizers waiting for it may go ahead.
    func didFail(_ failed: GestureRecognizer) {
        for recognizer in participants where recognizer.state == .possible && recognizer.requiresFailure(of: failed) {
            guard let state = recognizer.deferredRecognition else { continue }
            recognizer.deferredRecognition = nil
            recognize(recognizer, as: state)
        }
    }

    /// Whether `a` recognizing keeps `b` from recognizing: they share a touch and
    /// neither delegate lets them recognize together.
    private func excludes(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        !a.seenTouchIDs.isDisjoint(with: b.seenTouchIDs) && !a.canRecognizeSimultaneously(with: b)
    }

    private func report(_ message: String) {
        window?.stage?.report(.warning, .inconsistentTouches, "gesture", message)
    }
}
