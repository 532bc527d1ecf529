import Dispatch
import Foundation
import StagehandShared

/// Parts of a GIF made on several threads and handed over in order (the stretches of
/// frames `GIFEncoder` writes): the calling thread makes parts too and, between them,
/// hands over each part as soon as it and those before it are made.
///
/// The calling thread never only waits while a part is left to make, so the parts are
/// all made even if no helper ever starts (a caller that is itself one of the system's
/// worker threads, all of them busy), and the caller writing part k (to a file) overlaps
/// the helpers making the parts after it.
final class GIFStretches: Sendable {
    private let count: Int
    private let make: @Sendable (Int) -> Data
    /// The next part no thread has taken, and the parts made and not yet handed over.
    private let state: Locked<(next: Int, made: [Data?])>
    /// One per part, signalled once it is made.
    private let ready: [DispatchSemaphore]

    /// `count` parts, part i made by `make(i)` on whichever thread takes it.
    init(count: Int, make: @escaping @Sendable (Int) -> Data) {
        self.count = count
        self.make = make
        state = Locked((0, [Data?](repeating: nil, count: count)))
        ready = (0..<count).map { _ in DispatchSemaphore(value: 0) }
    }

    /// Makes the parts with `helpers` threads of the system's pool besides the caller's,
    /// handing each to `write` on the caller's thread, in order.
    func run(helpers: Int, into write: (Data) -> Void) {
        let running = DispatchGroup()
        for _ in 0..<max(0, min(helpers, count - 1)) {
            DispatchQueue.global().async(group: running) { [self] in
                while makeNext() {}
            }
        }
        for k in 0..<count {
            // Part k is made, being made by a helper, or left: make parts until it is.
            while !isMade(k), makeNext() {}
            ready[k].wait()
            let part = state.withLock { state in
                defer { state.made[k] = nil }
                return state.made[k]!
            }
            write(part)
        }
        running.wait()
    }

    private func isMade(_ k: Int) -> Bool {
        state.withLock { $0.made[k] != nil }
    }

    /// Takes the next part no thread has taken and makes it; false when none is left.
    private func makeNext() -> Bool {
        let taken: Int? = state.withLock { state in
            guard state.next < count else { return nil }
            defer { state.next += 1 }
            return state.next
        }
        guard let k = taken else { return false }
        let part = make(k)
        state.withLock { $0.made[k] = part }
        ready[k].signal()
        return true
    }
}
