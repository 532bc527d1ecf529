import Foundation
import StagehandRender
import StagehandTrace

/// The GIF of one export, made once on a Dispatch thread (not on the server's tasks: a
/// GIF of a long recording takes seconds of CPU, and the cooperative pool has one thread
/// per core, which the other tabs' frames need), awaited by every request that asks for
/// it while it is made.
///
/// It belongs to its export: an export made again gets a new one, so a GIF still being
/// made for the old export can never be served as the new one's.
final class GIFMaking: @unchecked Sendable {
    typealias Outcome = Result<Data, RenderError>

    /// How a GIF is made from a trace (tests replace it to control its timing).
    typealias Render = @Sendable (Trace) -> Outcome

    /// The GIF at 50 frames a second (the fastest rate browsers honour).
    static let standardRender: Render = { trace in
        Result { () throws(RenderError) in try Renderer(trace: trace).gif(trace: trace, timing: GIFTiming(framesPerSecond: 50)) }
    }

    let frameCount: Int
    private let lock = NSLock()
    private var outcome: Outcome?
    private var waiters: [Int: CheckedContinuation<Outcome?, Never>] = [:]
    private var nextWaiter = 0

    /// Starts making the GIF of `trace`.
    init(trace: Trace, render: @escaping Render) {
        frameCount = trace.frames.count
        DispatchQueue.global(qos: .utility).async { [self] in
            finish(render(trace))
        }
    }

    private func finish(_ made: Outcome) {
        let woken = lock.withLock {
            outcome = made
            defer { waiters = [:] }
            return Array(waiters.values)
        }
        for waiter in woken { waiter.resume(returning: made) }
    }

    /// The GIF (or why it cannot be made), or nil when it is not made within `seconds`.
    func outcome(within seconds: Double) async -> Outcome? {
        await withCheckedContinuation { continuation in
            let (made, waiter): (Outcome?, Int?) = lock.withLock {
                if let outcome { return (outcome, nil) }
                let id = nextWaiter
                nextWaiter += 1
                waiters[id] = continuation
                return (nil, id)
            }
            guard let waiter else { return continuation.resume(returning: made) }
            DispatchQueue.global().asyncAfter(deadline: .now() + max(0, seconds)) { [self] in
                lock.withLock { waiters.removeValue(forKey: waiter) }?.resume(returning: nil)
            }
        }
    }
}
