import Foundation
import StagehandRender
import StagehandTrace
import Synchronization

/// The GIF of one export, made once on a Dispatch thread (not on the server's tasks: a
/// GIF of a long recording takes seconds of CPU), waited for by every request that asks
/// for it while it is made.
///
/// It belongs to its export: an export made again gets a new one, so a GIF still being
/// made for the old export can never be served as the new one's.
final class GIFMaking: Sendable {
    typealias Outcome = Result<Data, RenderError>

    /// How a GIF is made from a trace (tests replace it to control its timing).
    typealias Render = @Sendable (Trace) -> Outcome

    /// The GIF at 50 frames a second (the fastest rate browsers honour).
    static let standardRender: Render = { trace in
        Result { () throws(RenderError) in try Renderer(trace: trace).gif(trace: trace, timing: GIFTiming(framesPerSecond: 50)) }
    }

    let frameCount: Int
    private let outcome = Mutex<Outcome?>(nil)
    private let made = DispatchGroup()

    /// Starts making the GIF of `trace`.
    init(trace: Trace, render: @escaping Render) {
        frameCount = trace.frames.count
        made.enter()
        DispatchQueue.global(qos: .utility).async { [self] in
            let result = render(trace)
            outcome.withLock { $0 = result }
            made.leave()
        }
    }

    /// The GIF (or why it cannot be made), or nil when it is not made within `seconds`
    /// (the calling thread waits: a request's own thread).
    func outcome(within seconds: Double) -> Outcome? {
        _ = made.wait(timeout: .now() + max(0, seconds))
        return outcome.withLock { $0 }
    }
}
