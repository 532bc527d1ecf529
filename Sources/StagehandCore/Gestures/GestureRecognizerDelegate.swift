/// What a gesture recognizer asks before it acts (UIGestureRecognizerDelegate). The
/// answers let an app arbitrate between recognizers without subclassing them: the iOS 7
/// pop recipes use `gestureRecognizerShouldBegin` to keep a pop gesture from starting on the root
/// controller or during a transition.
///
/// Every method has a default (UIKit's), so a delegate implements only what it cares
/// about.
public protocol GestureRecognizerDelegate: AnyObject {
    /// Asked when the recognizer is about to leave `.possible` (for a pan: when the
    /// finger has moved past the hysteresis, with the translation already readable).
    /// `false` makes it fail. Default `true`.
    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool

    /// Whether both may recognize at once. Asked of both recognizers' delegates; one
    /// `true` is enough. Default `false`: the first to begin makes the other fail.
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                           shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool

    /// Whether the recognizer sees a new touch at all. Asked once per touch, when it
    /// goes down. Default `true`.
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool

    /// A failure requirement decided at touch time, like `require(toFail: other)`.
    /// Default `false`.
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                           shouldRequireFailureOf other: GestureRecognizer) -> Bool

    /// The reverse requirement: `other` must wait for this recognizer to fail.
    /// Default `false`.
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                           shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool
}

extension GestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { true }

    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                                  shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { false }

    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { true }

    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                                  shouldRequireFailureOf other: GestureRecognizer) -> Bool { false }

    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                                  shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool { false }
}
