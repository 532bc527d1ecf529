import StagehandABI

/// A view controller in the host's scene (UIViewController), navigation controllers
/// included, reached through its handle.
///
/// Like `View`, a borrowed handle: equal when it names the same controller. The
/// navigation members mirror UINavigationController's and answer neutrally (empty, `false`)
/// on a controller that is not one; check `isNavigationController` where it matters.
public struct ViewController: Hashable, HostHandle {
    let handle: OpaquePointer

    init(_ handle: OpaquePointer) {
        self.handle = handle
    }

    /// The root view. Implicitly unwrapped, as UIKit's: a controller always has one.
    public var view: View! {
        View(Host.function(\.controller_view)(handle))
    }

    public var title: String? {
        Host.function(\.controller_title)(handle).map { String(cString: $0) }
    }

    /// The nearest navigation controller above this one (itself excluded), as UIKit.
    public var navigationController: ViewController? {
        ViewController(Host.function(\.controller_navigation_controller)(handle))
    }

    public var presentedViewController: ViewController? {
        ViewController(Host.function(\.controller_presented)(handle))
    }

    public var presentingViewController: ViewController? {
        ViewController(Host.function(\.controller_presenting)(handle))
    }

    /// Dismisses what this controller presented, or itself if it was presented.
    public func dismiss(animated: Bool) {
        Host.function(\.controller_dismiss)(handle, animated)
    }

    /// Whether the host set the flag `key` on this controller: an opt-out such as "no
    /// full-screen pop here", which an effect respects.
    public func flag(_ key: String) -> Bool {
        key.withCString { Host.function(\.controller_flag)(handle, $0) }
    }

    /// Whether a transition runs, or waits in the queue, anywhere in this controller's
    /// window: UIKit's `transitionCoordinator != nil`, widened to the window, since the
    /// host queues a push, pop, present or dismiss asked for meanwhile. A gesture that
    /// would start a transition should not begin while it is true (an edge pan during a
    /// presentation's animation, say). On an ABI 1.0 host, which cannot tell, it is
    /// `isTransitioning`: this navigation controller's own push or pop.
    public var isTransitionInProgress: Bool {
        guard let inProgress = Host.optionalFunction(\.controller_transition_in_progress) else {
            return isTransitioning
        }
        return inProgress(handle)
    }

    // MARK: Navigation controllers

    public var isNavigationController: Bool {
        Host.function(\.controller_is_navigation_controller)(handle)
    }

    /// The stack, root first.
    public var viewControllers: [ViewController] {
        guard isNavigationController else { return [] }
        let count = Host.function(\.navigation_count)(handle)
        let controllerAt = Host.function(\.navigation_at)
        return (0..<count).compactMap { ViewController(controllerAt(handle, $0)) }
    }

    public var topViewController: ViewController? {
        viewControllers.last
    }

    /// Whether a push or a pop is running: a second one would be refused.
    public var isTransitioning: Bool {
        isNavigationController && Host.function(\.navigation_is_transitioning)(handle)
    }

    public var isNavigationBarHidden: Bool {
        get { isNavigationController && Host.function(\.navigation_bar_hidden)(handle) }
        nonmutating set { setNavigationBarHidden(newValue, animated: false) }
    }

    public func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        guard isNavigationController else { return }
        Host.function(\.navigation_set_bar_hidden)(handle, hidden, animated)
    }

    /// Pops the top controller; `false` where UIKit would do nothing (the root, or a
    /// transition already running).
    @discardableResult
    public func popViewController(animated: Bool) -> Bool {
        isNavigationController && Host.function(\.navigation_pop)(handle, animated)
    }

    /// The navigation controller's own edge-pan pop gesture.
    public var interactivePopGestureRecognizer: GestureRecognizer? {
        guard isNavigationController, let gesture = Host.function(\.navigation_interactive_pop_gesture)(handle) else {
            return nil
        }
        return GestureRecognizer.borrowed(gesture)
    }
}
