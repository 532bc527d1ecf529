import StagehandABI

/// A pan (UIPanGestureRecognizer), installed on a view by this bundle.
///
/// The action runs on every state change from `began` on, as a UIKit target's action:
///
///     pan = PanGestureRecognizer(on: navigationController.view) { [weak self] pan in
///         self?.handlePan(pan)
///     }
public class PanGestureRecognizer: GestureRecognizer {
    /// Installs a pan on `view`; `nil` if the host refused (a view it does not know).
    public convenience init?(on view: View, action: @escaping (PanGestureRecognizer) -> Void) {
        self.init(installing: SH_GESTURE_PAN, edges: [], on: view) {
            action(unsafeDowncast($0, to: PanGestureRecognizer.self))
        }
    }

    init?(installing kind: sh_gesture_kind, edges: RectEdge, on view: View,
          action: @escaping (GestureRecognizer) -> Void) {
        guard let handle = GestureRecognizer.install(kind, edges: edges, on: view) else { return nil }
        super.init(handle: handle)
        adopt(action: action)
    }

    /// The delegate's gestureRecognizerShouldBegin: return `false` to make the pan fail
    /// before it begins (on the root controller, during a transition, ...). `nil` (the
    /// default) always begins.
    public var shouldBegin: ((PanGestureRecognizer) -> Bool)? {
        didSet {
            setShouldBegin(shouldBegin.map { shouldBegin in
                { shouldBegin(unsafeDowncast($0, to: PanGestureRecognizer.self)) }
            })
        }
    }

    /// The fewest fingers that can begin the pan (UIKit's default: 1). Needs a host of
    /// ABI 1.2 or later; an older one keeps its default.
    public var minimumNumberOfTouches: Int = 1 {
        didSet { setTouchLimit(\.gesture_set_minimum_touches, minimumNumberOfTouches) }
    }

    /// The most fingers the pan tracks (UIKit's default: unlimited, `Int.max`). With 1,
    /// as the iOS 7 pop recipes set, a second finger is ignored: it does not move the
    /// point the pan follows, its translation or its velocity. Needs a host of ABI 1.2
    /// or later; an older one keeps its default.
    public var maximumNumberOfTouches: Int = .max {
        didSet { setTouchLimit(\.gesture_set_maximum_touches, maximumNumberOfTouches) }
    }

    private func setTouchLimit(_ field: KeyPath<sh_host, (@convention(c) (OpaquePointer?, UInt32) -> Void)?>, _ count: Int) {
        guard let handle, let set = Host.optionalFunction(field) else { return }
        set(handle, count >= Int(UInt32.max) ? UInt32.max : UInt32(max(count, 0)))
    }

    /// How far the touch moved since the pan began, in `view`'s coordinates (`nil`: the window's).
    public func translation(in view: View?) -> Point {
        guard let handle else { return .zero }
        return Point(Host.function(\.gesture_translation)(handle, view?.handle))
    }

    /// The touch's velocity in points per second, in `view`'s coordinates (`nil`: the window's).
    public func velocity(in view: View?) -> Point {
        guard let handle else { return .zero }
        return Point(Host.function(\.gesture_velocity)(handle, view?.handle))
    }
}
