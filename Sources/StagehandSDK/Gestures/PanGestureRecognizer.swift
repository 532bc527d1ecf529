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
