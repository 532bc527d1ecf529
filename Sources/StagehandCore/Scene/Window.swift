/// The root of the scene: a view the size of the screen that holds the root view
/// controller's view and, above it, one container per presentation. Touches enter here.
public final class Window: View {
    /// The stage this window belongs to.
    public internal(set) weak var stage: Stage?

    public var rootViewController: ViewController? {
        didSet {
            oldValue?.view.removeFromSuperview()
            if let root = rootViewController {
                root.view.frame = bounds
                insertSubview(root.view, at: 0)
            }
        }
    }

    /// Routes touches to recognizers (UIKit's gesture environment).
    private(set) lazy var gestureArena = GestureArena(window: self)

    /// The fingers on the screen now, by touch id, each where its last event put it: a
    /// touch is down from its `began` until its `ended` or `cancelled`, whatever the
    /// recognizers made of it. What a trace records, so pictures can show each finger
    /// (as the iOS simulator's "show touches" does).
    package internal(set) var touchesDown: [Int: Point] = [:]

    public init(frame: Rect) {
        super.init(frame: frame, kind: .window, label: nil)
        name = "window"
    }

    /// The controller at the top: the last presented one (or the root).
    public var topViewController: ViewController? {
        var vc = rootViewController
        while let presented = vc?.presentedViewController { vc = presented }
        return vc
    }
}
