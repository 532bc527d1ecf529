import StagehandCore

/// What the host is calling a bundle for on this thread: the stage whose scene the bundle
/// may touch during the call, and the effect (or bundle) it is, for diagnostics.
///
/// The threading contract (stagehand.h) lets a bundle call the host only on a thread the
/// host is running that stage on. Every call from the host into bundle code (an effect's
/// functions, a gesture's action, an animation's completion, a factory, `init`) runs
/// inside `BridgeCall.with`, so a host function can tell which stage its caller works
/// for, and a call from a thread of the bundle's own finds no call here and is refused.
final class BridgeCall {
    /// The stage the call is for; `nil` while no stage is involved (a bundle's `init`).
    private(set) weak var stage: Stage?
    /// The effect (and its bundle), or the bundle, being called.
    let caller: BridgeCaller

    /// The caller as diagnostics name it: `libX.so (effect)`. Worked out once per call:
    /// every handle the call makes keeps it (an explode's hundreds of tiles would
    /// otherwise each split the bundle's path and build the name again).
    private(set) lazy var source: String = caller.name

    private init(stage: Stage?, caller: BridgeCaller) {
        self.stage = stage
        self.caller = caller
    }

    private static let slot = ThreadLocal<BridgeCall>()

    /// The call in progress on this thread, if any.
    static var current: BridgeCall? { slot.value }

    /// Runs `body` (which calls into a bundle) as a call for `stage` by `caller`, with
    /// `stage` current on this thread meanwhile; the previous call and current stage are
    /// restored afterwards (calls nest: an effect's action can start a transition whose
    /// effect is called in turn).
    static func with<R>(stage: Stage?, caller: BridgeCaller, _ body: () throws -> R) rethrows -> R {
        let previous = slot.value
        slot.value = BridgeCall(stage: stage, caller: caller)
        defer { slot.value = previous }
        guard let stage else { return try body() }
        return try Stage.withCurrent(stage, body)
    }

    /// The same for a call into the effect `effect` of the bundle at `bundlePath`.
    static func with<R>(stage: Stage?, effect: String, bundlePath: String?, _ body: () throws -> R) rethrows -> R {
        try with(stage: stage, caller: BridgeCaller(effect: effect, bundlePath: bundlePath), body)
    }

    /// Whether this thread may act on `stage`'s scene: the host is calling a bundle for
    /// it here, or (outside any call, say a host's own code) it is the stage current here.
    static func isRunning(_ stage: Stage) -> Bool {
        if let call = current { return call.stage === stage || (call.stage == nil && Stage.currentIfAny === stage) }
        return Stage.currentIfAny === stage
    }

    /// The stage this thread is running for the bundle, if any: the call's, or the stage
    /// current on the thread. A thread of the bundle's own has neither.
    static var runningStage: Stage? {
        current?.stage ?? Stage.currentIfAny
    }
}
