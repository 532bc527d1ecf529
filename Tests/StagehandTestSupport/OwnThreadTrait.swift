import Testing

/// Runs a suite, and each of its tests, on threads of its own rather than on Swift's
/// cooperative pool: the test's code before and after every `await`, whatever it blocks
/// on, and the test library's own steps between one test of the suite and the next.
///
///     @Suite(.serialized, .ownThread) struct ProtocolTests { … }
///
/// For tests that mostly wait on something outside the test process in real time (a
/// `stagehand serve` child whose stage plays at its own pace). In a full run the pool's
/// threads (one per core) are kept busy by the computing tests until near the end, and a
/// task that suspends waits behind all of them to go on: a test that waits, and a
/// serialized suite's next test, would only run then, and end the run late. Here they
/// wait while the others compute. Tests that compute stay on the pool, which is sized to
/// the cores.
public struct OwnThreadTrait: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    /// A suite as a whole (the steps from one of its tests to the next) and each test
    /// case (its body), each on an executor of its own.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase != nil || test.isSuite ? self : nil
    }

    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        let executor = OwnThreadExecutor(label: "test \(test.name)")
        try await withTaskExecutorPreference(executor) {
            try await function()
        }
    }
}

extension Trait where Self == OwnThreadTrait {
    /// See `OwnThreadTrait`.
    public static var ownThread: Self { OwnThreadTrait() }
}
