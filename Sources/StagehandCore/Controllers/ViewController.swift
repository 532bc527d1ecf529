/// How a presented controller covers its presenter.
public enum ModalPresentationStyle: String, Sendable {
    /// The presenter's view leaves the window once the presentation ends.
    case fullScreen
    /// The presenter's view stays below.
    case overFullScreen
    /// The transitioning delegate's animator decides the look; the presenter stays.
    case custom
}

/// UIViewController: owns a lazily made view, takes part in containment (iOS 5), and
/// presents other controllers. A class: a controller is one object the whole time.
open class ViewController {
    public var title: String? {
        didSet { if let v = loadedView, v.label == oldValue { v.label = title } }
    }

    private var loadedView: View?

    public init(title: String? = nil) {
        self.title = title
    }

    // MARK: - View

    /// The root view, made by `loadView` on first use.
    public var view: View {
        if let v = loadedView { return v }
        loadView()
        let v = loadedView ?? View(frame: Rect(origin: .zero, size: Stage.current.window.bounds.size), label: title)
        loadedView = v
        v.viewController = self
        viewDidLoad()
        return v
    }

    public var isViewLoaded: Bool { loadedView != nil }

    /// Makes the root view; override and assign `view` through `setView`. The default
    /// is a screen-sized view labelled with the title.
    open func loadView() {
        setView(View(frame: Rect(origin: .zero, size: Stage.current.window.bounds.size), label: title))
    }

    public func setView(_ view: View) {
        loadedView?.viewController = nil
        loadedView = view
        view.viewController = self
    }

    open func viewDidLoad() {}

    // MARK: - Appearance (UIKit's callbacks, called by navigation and presentation)

    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}

    // MARK: - Containment (iOS 5)

    public private(set) weak var parent: ViewController?
    public private(set) var children: [ViewController] = []

    /// addChild(_:): calls `willMove(toParent: self)` on the child; the caller adds the
    /// view and then calls `didMove(toParent:)`, as in UIKit.
    open func addChild(_ child: ViewController) {
        guard child !== self, child.parent !== self else { return }
        child.removeFromParent()
        child.willMove(toParent: self)
        children.append(child)
        child.parent = self
    }

    /// removeFromParent(): the caller calls `willMove(toParent: nil)` first; this calls
    /// `didMove(toParent: nil)`.
    open func removeFromParent() {
        guard let p = parent else { return }
        p.children.removeAll { $0 === self }
        parent = nil
        didMove(toParent: nil)
    }

    open func willMove(toParent parent: ViewController?) {}
    open func didMove(toParent parent: ViewController?) {}

    /// transition(from:to:duration:options:animations:completion:): swaps two children's
    /// views in the parent's view hierarchy (to's view takes from's place), animating the
    /// changes made in `animations` and a cross-dissolve if `options` asks for one. Both
    /// must be children of this controller (UIKit raises; Stagehand returns an error).
    @discardableResult
    open func transition(from: ViewController, to: ViewController, duration: Double,
                         options: AnimationOptions = [], animations: (() -> Void)? = nil,
                         completion: ((Bool) -> Void)? = nil) -> StageError? {
        guard from.parent === self, to.parent === self, from !== to else {
            let error = StageError(.notAChild, "Children view controllers \(from.title ?? "?") and \(to.title ?? "?") must have a common parent view controller when calling transition(from:to:...)")
            Stage.current.report(.error, .operationRefused, "container", error.message)
            return error
        }
        let stage = Stage.current
        let fromView = from.view
        guard let superview = fromView.superview else {
            let error = StageError(.invalidArgument, "transition(from:to:...): \(from.title ?? "?")'s view is not in a hierarchy")
            stage.report(.error, .operationRefused, "container", error.message)
            return error
        }
        let toView = to.view
        superview.insertSubview(toView, aboveSubview: fromView)
        let dissolve = options.transitionStyle == AnimationOptions.transitionCrossDissolve.transitionStyle
        let targetAlpha = toView.alpha
        if dissolve {
            View.performWithoutAnimation { toView.alpha = 0 }
        }
        stage.record(TransitionEvent(time: stage.now, kind: .began, effect: "container", operation: .container, interactive: false))
        View.animate(withDuration: duration, options: options, animations: {
            if dissolve {
                toView.alpha = targetAlpha
                fromView.alpha = 0
            }
            animations?()
        }, completion: { finished in
            fromView.removeFromSuperview()
            if dissolve { fromView.alpha = targetAlpha }
            stage.record(TransitionEvent(time: stage.now, kind: .completed, effect: "container", operation: .container, interactive: false))
            completion?(finished)
        })
        return nil
    }

    // MARK: - Navigation and presentation

    /// The nearest navigation controller among this controller and its ancestors.
    public var navigationController: NavigationController? {
        var node = parent
        while let n = node {
            if let nav = n as? NavigationController { return nav }
            node = n.parent
        }
        return nil
    }

    public internal(set) weak var presentingViewController: ViewController?
    public internal(set) var presentedViewController: ViewController?
    public var modalPresentationStyle: ModalPresentationStyle = .fullScreen
    /// Weak, as in UIKit: whoever sets it keeps it alive (the coordinator does).
    public weak var transitioningDelegate: TransitioningDelegate?

    /// Marks read by effects (e.g. an opt-out of full-screen pops); Stagehand's stand-in
    /// for the properties an Objective-C category would add.
    public var flags: Set<String> = []

    /// The container view holding this controller's view while it is presented.
    var presentationContainer: View?
    /// For a full-screen presentation: the window-level view it took off the screen,
    /// and where it was.
    var coveredView: (view: View, index: Int)?

    /// The topmost ancestor (the controller whose view is at the window's level).
    var rootAncestor: ViewController {
        var vc = self
        while let p = vc.parent { vc = p }
        return vc
    }
}
