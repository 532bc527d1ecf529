import Dispatch

/// A task executor whose jobs run on a serial dispatch queue of its own, that is on a
/// thread outside Swift's cooperative pool (see `OwnThreadTrait`).
///
/// The cooperative pool has one thread per core, two here, and a full `swift test` keeps
/// both busy for most of the run: every test's task waits in one queue, and a task that
/// suspends (an `await` on a server's answer) goes to the back of it. A test that mostly
/// waits for something outside it (a server process whose stage runs in real time, a
/// child process) would make one step per turn of that queue, and so run its real-time
/// waits only after the computing tests are done, at the end of the run. On a queue of
/// its own it is woken when what it waits for comes, and its waiting overlaps their work.
package final class OwnThreadExecutor: TaskExecutor {
    private let queue: DispatchQueue
    private static let labelKey = DispatchSpecificKey<String>()

    /// `label` names the queue in a debugger or a sanitizer's report.
    package init(label: String) {
        queue = DispatchQueue(label: label)
        queue.setSpecific(key: Self.labelKey, value: label)
    }

    /// The label of the executor whose queue runs the caller; nil elsewhere (on the
    /// cooperative pool).
    package static var currentLabel: String? { DispatchQueue.getSpecific(key: labelKey) }

    /// The job holds the executor until it has run: the test's scope releases it as soon
    /// as its last job hands the task back to the pool, possibly before that job returns.
    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { [self] in job.runSynchronously(on: asUnownedTaskExecutor()) }
    }
}
