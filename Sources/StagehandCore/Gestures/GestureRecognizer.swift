/// Turns a sequence of touches into a gesture with UIKit's state machine
/// (UIGestureRecognizer), so that code written for iOS — an interactive pop driven by a
/// pan, a dismissal that waits for another gesture to fail — runs here unchanged.
///
/// A recognizer is attached to a view (`View.addGestureRecognizer`). When a finger goes
/// down on that view or one of its descendants, the window's arena hands the recognizer
/// the finger's touches until it lifts. Subclasses interpret them in the `touches…`
/// methods and move the state; the base class arbitrates between recognizers
/// (`require(toFail:)`, simultaneity, the delegate) and sends the actions.
///
/// States:
///
///     possible ─▶ began ─▶ changed … ─▶ ended | cancelled     (continuous gestures)
///     possible ─▶ ended                                        (discrete: "recognized")
///     possible ─▶ failed
///
/// A finished recognizer (ended, cancelled, failed) returns to `possible` when every
/// finger of its touch sequence is up and the stage steps one frame, or at the next
/// touch-down, whichever comes first — UIKit resets it on the next turn of the run
/// loop, which keeps the final state readable right after the last touch.
///
/// Not thread-safe; like UIKit, use it from the thread that runs its stage.
open class GestureRecognizer {
    /// UIGestureRecognizer.State (the type is shared with the SDK, which reads it back
    /// through the header).
    public typealias State = GestureRecognizerState

    /// Where the state machine stands. Subclasses move it with `setState(_:)`.
    public internal(set) var state: State = .possible
    /// The view the recognizer is attached to (set by `View.addGestureRecognizer`).
    public internal(set) weak var view: View?
    /// A name for diagnostics and tests.
    public var name: String?
    /// What to call the recognizer in messages: its name, or its type.
    var displayName: String { name ?? String(describing: type(of: self)) }
    public weak var delegate: GestureRecognizerDelegate?
    /// Objects a layer above hangs on this recognizer, by key (the bundle bridge keeps a
    /// bundle's action and delegate functions here), so they live exactly as long as it.
    public var attachments: [ObjectIdentifier: AnyObject] = [:]

    /// A disabled recognizer receives no touches. Disabling one while it recognizes
    /// cancels it (actions are sent with `.cancelled`), as UIKit; disabling one that is
    /// still watching a touch sequence makes it fail, so recognizers waiting for it to
    /// fail go on.
    public var isEnabled = true {
        didSet {
            if oldValue, !isEnabled { withdraw() }
        }
    }

    public init() {}

    /// UIKit's `init(target:action:)`. When `target` does not respond to `action`, the
    /// recognizer is made without it (see `addTarget`).
    public convenience init(target: ActionTarget, action: String) {
        self.init()
        addTarget(target, action: action)
    }

    // MARK: - Touches

    /// The touches being tracked now, in the order they went down.
    public private(set) var touches: [Touch] = []
    /// Touches this recognizer chose to ignore (`ignore(_:)`) for the rest of their life.
    private var ignoredTouchIDs: Set<Int> = []
    /// The centroid of the last touches seen, kept after they lift (UIKit answers
    /// `location(in:)` with the last location after the gesture ends).
    private var lastLocation: Point?

    public var numberOfTouches: Int { touches.count }

    /// The centroid of the touches in `view`'s coordinate space; `nil` means the window.
    public func location(in view: View?) -> Point {
        let point = touches.isEmpty ? (lastLocation ?? .zero) : Self.centroid(of: touches)
        return view?.convert(point, from: nil) ?? point
    }

    /// One touch's location (locationOfTouch:inView:); an index out of range answers the
    /// centroid, where UIKit would raise.
    public func location(ofTouch index: Int, in view: View?) -> Point {
        guard touches.indices.contains(index) else { return location(in: view) }
        return touches[index].location(in: view)
    }

    /// Stops tracking `touch` for the rest of its life (ignoreTouch:forEvent:), e.g. a
    /// pan's fingers beyond its maximum.
    public final func ignore(_ touch: Touch) {
        ignoredTouchIDs.insert(touch.id)
        touches.removeAll { $0.id == touch.id }
    }

    static func centroid(of touches: [Touch]) -> Point {
        guard !touches.isEmpty else { return .zero }
        var sum = Point.zero
        for touch in touches { sum = sum + touch.location }
        let n = Double(touches.count)
        return Point(x: sum.x / n, y: sum.y / n)
    }

    // MARK: - Subclass hooks (UIGestureRecognizerSubclass)

    /// A finger went down. `touches` already includes it.
    open func touchesBegan(_ touches: [Touch]) {}
    /// Fingers moved. `touches` holds their new locations.
    open func touchesMoved(_ touches: [Touch]) {}
    /// Fingers lifted. `touches` no longer includes them; `location(in:)` still counts
    /// them when no other finger is down.
    open func touchesEnded(_ touches: [Touch]) {}
    /// The system took the fingers away.
    open func touchesCancelled(_ touches: [Touch]) {}
    /// Clears per-gesture state before the next touch sequence.
    open func reset() {}

    /// A finger reported it is resting (a timestamp without movement). Internal: UIKit
    /// has no such callback, but a pan needs it to let its velocity decay.
    func touchesStationary(_ touches: [Touch]) {}

    /// Called by the arena with each event of a touch this recognizer tracks.
    func receive(_ touch: Touch) {
        guard !ignoredTouchIDs.contains(touch.id) else { return }
        let index = touches.firstIndex { $0.id == touch.id }
        switch touch.phase {
        case .began:
            guard index == nil else { return }
            touches.append(touch)
            lastLocation = Self.centroid(of: touches)
            touchesBegan([touch])
        case .moved, .stationary:
            guard let index else { return }
            touches[index] = touch
            lastLocation = Self.centroid(of: touches)
            if touch.phase == .moved { touchesMoved([touch]) } else { touchesStationary([touch]) }
        case .ended, .cancelled:
            guard let index else { return }
            touches[index] = touch
            lastLocation = Self.centroid(of: touches)
            touches.remove(at: index)
            if touch.phase == .ended { touchesEnded([touch]) } else { touchesCancelled([touch]) }
        }
    }

    // MARK: - State machine

    /// The arena of the touch sequence this recognizer takes part in, if any.
    weak var arena: GestureArena?
    /// Touch ids seen in the current sequence: recognizers that share none do not
    /// exclude each other.
    var seenTouchIDs: Set<Int> = []
    /// A recognition (`.began`, or `.ended` for a discrete gesture) asked for while a
    /// recognizer this one requires to fail was still possible: applied when it fails.
    var deferredRecognition: State?
    /// The fingers lifted while the recognition was deferred: end right after beginning.
    var deferredEnd = false

    /// Moves the state machine, as a UIKit subclass assigns `self.state`. Leaving
    /// `.possible` asks the delegate's `gestureRecognizerShouldBegin` first (false →
    /// `.failed`), then waits for required recognizers to fail and makes the recognizers
    /// it excludes fail. Transitions UIKit does not allow are ignored, except that a
    /// running gesture asked to fail is cancelled and a possible one asked to cancel
    /// fails.
    public final func setState(_ requested: State) {
        switch (state, requested) {
        case (.possible, .began), (.possible, .ended):
            if let deferred = deferredRecognition {
                if deferred == .began, requested == .ended { deferredEnd = true }
                return
            }
            guard delegate?.gestureRecognizerShouldBegin(self) ?? true else { return fail() }
            if let arena { arena.recognize(self, as: requested) } else { enter(requested) }
        case (.possible, .failed), (.possible, .cancelled):
            fail()
        case (.began, .changed), (.changed, .changed), (.began, .ended), (.changed, .ended),
             (.began, .cancelled), (.changed, .cancelled):
            enter(requested)
        case (.began, .failed), (.changed, .failed):
            enter(.cancelled)
        default:
            return
        }
    }

    /// Sets the state and sends the actions of every state but `possible` and `failed`.
    func enter(_ newState: State) {
        state = newState
        if newState != .failed, newState != .possible { sendActions() }
    }

    func fail() {
        guard state == .possible else { return }
        deferredRecognition = nil
        deferredEnd = false
        state = .failed
        arena?.didFail(self)
    }

    /// Leaves the current gesture: cancelled if it was running, failed if it was only
    /// watching.
    func withdraw() {
        if state.isActive {
            enter(.cancelled)
        } else if state == .possible, arena != nil {
            fail()
        }
    }

    /// Back to `possible` for the next touch sequence, without sending actions.
    func resetForNextSequence() {
        state = .possible
        touches = []
        ignoredTouchIDs = []
        seenTouchIDs = []
        deferredRecognition = nil
        deferredEnd = false
        arena = nil
        reset()
    }

    // MARK: - Failure requirements and simultaneity

    private struct WeakRecognizer {
        weak var recognizer: GestureRecognizer?
    }

    private var failureRequirements: [WeakRecognizer] = []

    /// This recognizer may recognize only after `other` has failed: while `other` is
    /// still possible, a recognition waits (the state stays `possible`); when `other`
    /// fails it goes ahead with the state it would have had; when `other` recognizes,
    /// this one fails. Held weakly. A required recognizer that takes no part in the
    /// touch sequence does not hold anything up.
    public func require(toFail other: GestureRecognizer) {
        guard other !== self, !failureRequirements.contains(where: { $0.recognizer === other }) else { return }
        failureRequirements.removeAll { $0.recognizer == nil }
        failureRequirements.append(WeakRecognizer(recognizer: other))
    }

    /// Whether this recognizer must wait for `other` to fail: explicitly, or because
    /// either delegate says so.
    func requiresFailure(of other: GestureRecognizer) -> Bool {
        failureRequirements.contains { $0.recognizer === other }
            || delegate?.gestureRecognizer(self, shouldRequireFailureOf: other) == true
            || other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: self) == true
    }

    /// Whether the two may recognize at the same time: either delegate allowing it is
    /// enough, as UIKit.
    func canRecognizeSimultaneously(with other: GestureRecognizer) -> Bool {
        delegate?.gestureRecognizer(self, shouldRecognizeSimultaneouslyWith: other) == true
            || other.delegate?.gestureRecognizer(other, shouldRecognizeSimultaneouslyWith: self) == true
    }

    // MARK: - Target–action

    /// A target and an action name (held weakly, as UIKit), or a closure.
    private struct Action {
        weak var target: ActionTarget?
        var name: String?
        var body: ((GestureRecognizer) -> Void)?
    }

    private var actions: [Action] = []

    /// Sends `action` to `target` at every state change but to `possible` and `failed`.
    /// Returns `false` and records nothing when `target` does not respond to `action`
    /// (where Objective-C would crash later with "unrecognized selector"); adding the
    /// same pair twice records it once. The target is held weakly.
    @discardableResult
    public func addTarget(_ target: ActionTarget, action: String) -> Bool {
        guard target.responds(to: action) else { return false }
        if actions.contains(where: { $0.target === target && $0.name == action }) { return true }
        actions.append(Action(target: target, name: action, body: nil))
        return true
    }

    /// Removes target–action pairs: `nil` target means every target, `nil` action every
    /// action (UIKit's removeTarget(_:action:)). Closures added with `addAction` stay.
    public func removeTarget(_ target: ActionTarget?, action: String?) {
        actions.removeAll { entry in
            entry.body == nil
                && (target == nil || entry.target === target)
                && (action == nil || entry.name == action)
        }
    }

    /// Calls `body` at every state change that sends actions — the Swift-closure form of
    /// target–action. Held strongly: capture the recognizer's owners weakly.
    public func addAction(_ body: @escaping (GestureRecognizer) -> Void) {
        actions.append(Action(target: nil, name: nil, body: body))
    }

    /// Sends the actions, in the order they were added, synchronously.
    private func sendActions() {
        for entry in actions {
            if let body = entry.body {
                body(self)
            } else if let target = entry.target, let name = entry.name {
                target.perform(action: name, sender: self)
            }
        }
        actions.removeAll { $0.body == nil && $0.target == nil }
    }
}

extension GestureRecognizerState {
    /// Recognizing now: began or changed.
    var isActive: Bool { self == .began || self == .changed }
    /// Nothing more happens until the recognizer is reset.
    var isFinished: Bool { self == .ended || self == .cancelled || self == .failed }
}
