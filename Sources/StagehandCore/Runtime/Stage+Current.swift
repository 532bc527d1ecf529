/// The stage current on this thread: the one ambient state of the runtime, all of it in
/// this file.
///
/// Why there is one, rather than a stage passed to each call:
///
/// - **UIKit's shape.** `View.animate(withDuration:animations:)` is a static function, and
///   inside its block plain property writes (`view.alpha = 0`) become animations: the
///   setter has no argument through which a stage could arrive, so it records into the
///   open animation block of the stage current on the thread, as UIKit records into the
///   thread's open `CATransaction`. Every effect written against this API (and the
///   iOS 7 recipes it re-creates) depends on that.
/// - **The C ABI.** The host functions a bundle calls (`sh_host`, stagehand.h) take
///   handles but no stage: one table serves every stage, and the header's threading
///   contract says a bundle calls it only on the thread the host is calling it on. The
///   host therefore finds the stage from the calling thread (`BridgeCall` in the host,
///   which sets this slot around every call into a bundle).
///
/// Per thread, not per process, so that independent stages run side by side on
/// different threads. A `@TaskLocal` would let the compiler check the scoping, but it
/// holds only `Sendable` values, and a stage is deliberately not `Sendable` (one thread
/// drives it, like UIKit's main thread); the C callbacks run outside any task anyway.
/// So the slot is a pthread key (`ThreadLocal`), set and read only here, and always
/// through `withCurrent` or `makeCurrent`.
extension Stage {
    private static let currentSlot = ThreadLocal<Stage>()

    /// The stage current on this thread; one is made (390×844 at 60 Hz) if none is.
    public static var current: Stage {
        if let s = currentSlot.value { return s }
        return Stage()
    }

    /// Makes this stage the current one on the calling thread (a new stage does this
    /// itself).
    public func makeCurrent() {
        Stage.currentSlot.value = self
    }

    /// The stage current on this thread, without making one if there is none (a thread
    /// that runs no stage).
    public static var currentIfAny: Stage? { currentSlot.value }

    /// Runs `body` with `stage` current on this thread (or none, for `nil`), then puts
    /// back the one that was: for calls made on behalf of a stage on a thread that may
    /// be driving another one at other times.
    public static func withCurrent<R>(_ stage: Stage?, _ body: () throws -> R) rethrows -> R {
        let previous = currentSlot.value
        if previous === stage { return try body() }
        currentSlot.value = stage
        defer { currentSlot.value = previous }
        return try body()
    }
}
