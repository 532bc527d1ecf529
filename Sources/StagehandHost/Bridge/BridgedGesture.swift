import StagehandABI
import StagehandCore

/// What a bundle attached to a recognizer: its action and shouldBegin functions with
/// their user pointers, and the stage and effect to call them for. The recognizer's
/// delegate is weak (as in UIKit), so this object hangs on the recognizer itself (its
/// `attachments`) and lives as long as it: per-stage state, never a process-wide table.
final class BridgedGesture: GestureRecognizerDelegate {
    typealias Action = @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?) -> Void
    typealias ShouldBegin = @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?) -> Bool

    var action: (Action, UnsafeMutableRawPointer?)?
    var shouldBegin: (ShouldBegin, UnsafeMutableRawPointer?)?
    /// The stage the recognizer's scene belongs to and the effect that installed it.
    private weak var stage: Stage?
    private let caller: BridgeCaller

    private init(stage: Stage?, caller: BridgeCaller) {
        self.stage = stage
        self.caller = caller
    }

    private static let key = ObjectIdentifier(BridgedGesture.self)

    /// The bridge of `recognizer`, made (and wired to it) on first use.
    static func of(_ recognizer: GestureRecognizer) -> BridgedGesture {
        if let b = recognizer.attachments[key] as? BridgedGesture { return b }
        let b = BridgedGesture(stage: recognizer.view?.window?.stage ?? BridgeCall.runningStage,
                               caller: BridgeCall.current?.caller ?? BridgeCaller())
        recognizer.attachments[key] = b
        recognizer.addAction { [weak b] g in
            guard let b, let (fn, user) = b.action else { return }
            BridgeCall.with(stage: b.stage, caller: b.caller) { fn(user, handles.opaque(g, .gesture)) }
        }
        return b
    }

    /// Stops calling the bundle: its functions are forgotten with the bridge.
    static func detach(_ recognizer: GestureRecognizer) {
        recognizer.attachments[key] = nil
        if recognizer.delegate is BridgedGesture { recognizer.delegate = nil }
    }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        guard let (fn, user) = shouldBegin else { return true }
        return BridgeCall.with(stage: stage, caller: caller) { fn(user, handles.opaque(gestureRecognizer, .gesture)) }
    }
}
