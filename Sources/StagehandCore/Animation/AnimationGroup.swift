/// The animations made by one `animate` call, and its completion: UIKit calls the
/// completion once, when the last of them stops, with `finished == false` if any was
/// interrupted before its end.
final class AnimationGroup {
    private let completion: ((Bool) -> Void)?
    private var running = 0
    private var interrupted = false
    private(set) var isDone = false

    init(completion: ((Bool) -> Void)?) {
        self.completion = completion
    }

    func add() { running += 1 }

    /// Whether none of its animations is running any more.
    var isIdle: Bool { running <= 0 }

    /// One animation stopped. Returns the completion to call (the engine calls it after
    /// the frame is evaluated, so a completion sees a consistent scene).
    func end(finished: Bool) -> (() -> Void)? {
        running -= 1
        if !finished { interrupted = true }
        guard running <= 0, !isDone else { return nil }
        return finish()
    }

    /// Ends a group that made no animation at all: it still completes, finished.
    func finish() -> (() -> Void)? {
        guard !isDone else { return nil }
        isDone = true
        let finished = !interrupted
        guard let completion else { return nil }
        return { completion(finished) }
    }
}
