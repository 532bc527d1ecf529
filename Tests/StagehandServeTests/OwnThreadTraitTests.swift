import Dispatch
import StagehandTestSupport
import Testing

/// The playground suites rely on `.ownThread` to keep their waits off the cooperative
/// pool: a test under it runs on its own queue before and after each suspension.
@Suite(.ownThread) struct OwnThreadTraitTests {
    static var currentQueue: String? { OwnThreadExecutor.currentLabel }

    @Test func aTestRunsOnItsOwnQueueAcrossSuspensions() async throws {
        #expect(Self.currentQueue == "test aTestRunsOnItsOwnQueueAcrossSuspensions()")
        try await Task.sleep(for: .milliseconds(1))
        #expect(Self.currentQueue == "test aTestRunsOnItsOwnQueueAcrossSuspensions()")
        // A child task runs there too (it inherits the preference).
        async let child = Self.currentQueue
        #expect(await child == "test aTestRunsOnItsOwnQueueAcrossSuspensions()")
    }

    /// A task that does not inherit the preference (a detached one) runs on the pool.
    @Test func aDetachedTaskRunsOnThePool() async throws {
        let label = await Task.detached { Self.currentQueue }.value
        #expect(label == nil, "\(label ?? "")")
    }
}
