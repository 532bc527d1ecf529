import Foundation
import StagehandABI
import StagehandCore

/// What a bundle attached to a recognizer: its action and shouldBegin functions with
/// their user pointers. The recognizer's delegate is weak (as in UIKit), so this object
/// is kept alive here, keyed by the recognizer, until the bundle removes the gesture.
final class BridgedGesture: GestureRecognizerDelegate {
    typealias Action = @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?) -> Void
    typealias ShouldBegin = @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?) -> Bool

    var action: (Action, UnsafeMutableRawPointer?)?
    var shouldBegin: (ShouldBegin, UnsafeMutableRawPointer?)?

    /// Stages on different threads (parallel tests) install gestures at once.
    private static let lock = NSLock()
    nonisolated(unsafe) private static var attached: [ObjectIdentifier: BridgedGesture] = [:]

    /// The bridge of `recognizer`, made (and wired to it) on first use.
    static func of(_ recognizer: GestureRecognizer) -> BridgedGesture {
        lock.lock()
        defer { lock.unlock() }
        if let b = attached[ObjectIdentifier(recognizer)] { return b }
        let b = BridgedGesture()
        attached[ObjectIdentifier(recognizer)] = b
        recognizer.addAction { [weak b] g in
            guard let b, let (fn, user) = b.action else { return }
            fn(user, handles.opaque(g, .gesture))
        }
        return b
    }

    static func detach(_ recognizer: GestureRecognizer) {
        lock.lock()
        attached[ObjectIdentifier(recognizer)] = nil
        lock.unlock()
        if recognizer.delegate is BridgedGesture { recognizer.delegate = nil }
    }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        guard let (fn, user) = shouldBegin else { return true }
        return fn(user, handles.opaque(gestureRecognizer, .gesture))
    }
}
