/// An object a gesture recognizer can send an action to *by name*: the stand-in for
/// Objective-C's target–action (`addTarget:action:` with a selector).
///
/// Swift has no `NSSelectorFromString` on Linux, yet the iOS 7 recipes depend on it: the
/// full-screen pop gesture re-uses a navigation controller's own pop handler by asking
/// for its action "handleNavigationTransition:" without knowing its type. A target says
/// which names it answers to (`responds(to:)`) and runs one when asked (`perform`).
public protocol ActionTarget: AnyObject {
    /// Whether `action` names something this target can perform (respondsToSelector:).
    func responds(to action: String) -> Bool
    /// Performs `action` on behalf of `sender`.
    func perform(action: String, sender: GestureRecognizer)
}
