import StagehandABI

/// A gesture recognizer in the host's scene (UIGestureRecognizer).
///
/// Two kinds of recognizer meet here. One this bundle installed (a
/// `PanGestureRecognizer` or `ScreenEdgePanGestureRecognizer`) calls back into Swift, so
/// the SDK keeps it alive, as a UIKit view keeps its recognizers, until `remove()`:
/// capture `self` weakly in its closures. One the host owns (a navigation controller's
/// `interactivePopGestureRecognizer`) is only borrowed: it can be disabled, made to wait
/// for another, or given a target–action by name.
public class GestureRecognizer: Hashable {
    /// The host's recognizer, for equality and hashing; never used once removed.
    let identity: OpaquePointer
    /// `nil` once removed: later calls do nothing rather than reach a dead handle.
    private(set) var handle: OpaquePointer?

    /// The recognizers this bundle installed and has not removed, by handle. Process-wide
    /// (stages on other threads install theirs at the same time), hence the lock; the
    /// host never reuses a handle, so one cannot stand for two recognizers.
    private static let installed = Locked<[OpaquePointer: GestureRecognizer]>([:])

    /// What `gesture_set_action` calls; set by the subclasses' initialisers.
    var actionHandler: ((GestureRecognizer) -> Void)?

    init(handle: OpaquePointer) {
        identity = handle
        self.handle = handle
    }

    /// The wrapper of a host gesture: the installed one if this bundle made it.
    static func borrowed(_ handle: OpaquePointer) -> GestureRecognizer {
        installed.withLock { $0[handle] } ?? GestureRecognizer(handle: handle)
    }

    /// Installs a recognizer of `kind` on `view` and routes its callbacks to the new
    /// object; `nil` if the host refused.
    static func install(_ kind: sh_gesture_kind, edges: RectEdge, on view: View) -> OpaquePointer? {
        Host.function(\.gesture_install)(view.handle, kind, edges.rawValue)
    }

    /// Registers `self` as installed and connects the action callback.
    func adopt(action: @escaping (GestureRecognizer) -> Void) {
        guard let handle else { return }
        actionHandler = action
        Self.installed.withLock { $0[handle] = self }
        Host.function(\.gesture_set_action)(handle, { user, _ in
            guard let user else { return }
            let recognizer = Unmanaged<GestureRecognizer>.fromOpaque(user).takeUnretainedValue()
            // The action may remove the recognizer, dropping the registry's reference.
            withExtendedLifetime(recognizer) { recognizer.actionHandler?(recognizer) }
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Connects (or, with `nil`, clears) the delegate's gestureRecognizerShouldBegin.
    func setShouldBegin(_ shouldBegin: ((GestureRecognizer) -> Bool)?) {
        guard let handle, isInstalled(handle) else { return }
        shouldBeginHandler = shouldBegin
        if shouldBegin == nil {
            Host.function(\.gesture_set_should_begin)(handle, nil, nil)
            return
        }
        Host.function(\.gesture_set_should_begin)(handle, { user, _ in
            guard let user else { return true }
            let recognizer = Unmanaged<GestureRecognizer>.fromOpaque(user).takeUnretainedValue()
            return withExtendedLifetime(recognizer) { recognizer.shouldBeginHandler?(recognizer) ?? true }
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    private var shouldBeginHandler: ((GestureRecognizer) -> Bool)?

    private func isInstalled(_ handle: OpaquePointer) -> Bool {
        Self.installed.withLock { $0[handle] === self }
    }

    // MARK: State

    /// UIGestureRecognizer.State (the type is shared with the host, which answers with it).
    public typealias State = GestureRecognizerState

    public var state: State {
        guard let handle else { return .possible }
        return State(Host.function(\.gesture_state)(handle))
    }

    /// A disabled recognizer ignores touches; disabling one mid-gesture cancels it.
    public var isEnabled: Bool {
        get { handle.map { Host.function(\.gesture_enabled)($0) } ?? false }
        set { handle.map { Host.function(\.gesture_set_enabled)($0, newValue) } }
    }

    /// How many fingers the recognizer is tracking now (0 on a host older than ABI 1.2).
    public var numberOfTouches: Int {
        guard let handle, let count = Host.optionalFunction(\.gesture_number_of_touches) else { return 0 }
        return Int(count(handle))
    }

    /// The touch's position in `view`'s coordinates (`nil`: the window's).
    public func location(in view: View?) -> Point {
        guard let handle else { return .zero }
        return Point(Host.function(\.gesture_location)(handle, view?.handle))
    }

    /// This recognizer begins only once `other` has failed.
    public func require(toFail other: GestureRecognizer) {
        guard let handle, let otherHandle = other.handle else { return }
        Host.function(\.gesture_require_to_fail)(handle, otherHandle)
    }

    // MARK: Target–action by name

    /// The recognizer's delegate as a host object. For a navigation controller's
    /// interactive pop gesture it is the controller's own pop handler, which a
    /// full-screen pan can re-use with the action "handleNavigationTransition:".
    public var delegateObject: OpaqueTarget? {
        guard let handle, let object = Host.function(\.gesture_delegate)(handle) else { return nil }
        return OpaqueTarget(handle: object)
    }

    /// Sends `action` (a name, as NSSelectorFromString) to `target` on every state change.
    /// `false` if the target has no action of that name.
    @discardableResult
    public func addTarget(_ target: OpaqueTarget, action: String) -> Bool {
        guard let handle else { return false }
        return action.withCString { Host.function(\.gesture_add_target_action)(handle, target.handle, $0) }
    }

    /// Takes the recognizer off its view (removeGestureRecognizer). An installed one
    /// stops calling back and is released; every later call on it does nothing.
    public func remove() {
        guard let handle else { return }
        if isInstalled(handle) {
            Host.function(\.gesture_set_action)(handle, nil, nil)
            Host.function(\.gesture_set_should_begin)(handle, nil, nil)
            // Dropped outside the lock: this may be the last reference to another recognizer.
            let dropped = Self.installed.withLock { $0.removeValue(forKey: handle) }
            withExtendedLifetime(dropped) {}
        }
        Host.function(\.gesture_remove)(handle)
        self.handle = nil
        actionHandler = nil
        shouldBeginHandler = nil
    }

    // MARK: Identity

    /// Equal when they wrap the same host recognizer.
    public static func == (lhs: GestureRecognizer, rhs: GestureRecognizer) -> Bool {
        lhs.identity == rhs.identity
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(identity)
    }
}
