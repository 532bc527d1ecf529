import Foundation
import Testing

/// The kinds of slow test. Each slow test carries its kind as a tag (for an editor's test
/// list) and the `.slow` condition (for the command line, which cannot filter by tag):
///
///     @Test(.tags(.nestedBuild), .slow) func theExamplePackageBuildsAndRuns() throws { … }
///
/// `swift test` runs them all; `STAGEHAND_SKIP_SLOW=1 swift test` skips them, each
/// listed as skipped with the reason.
extension Tag {
    /// Builds a package with `swift build` (a scaffold, the example package, the guide's
    /// bundles, a bundle from another checkout): tens of seconds each, minutes when cold.
    @Tag public static var nestedBuild: Self
    /// Drives a headless Chromium.
    @Tag public static var browser: Self
    /// A long run: a property run of hundreds of random cases, a stress run of every
    /// effect on several threads, every effect rendered, a child that measures memory.
    @Tag public static var longRun: Self
}

/// Whether this run skips the slow tests: `STAGEHAND_SKIP_SLOW=1` in the environment.
public enum SlowTests {
    public static let variable = "STAGEHAND_SKIP_SLOW"
    public static let skipped = ProcessInfo.processInfo.environment[variable] == "1"
}

extension Trait where Self == ConditionTrait {
    /// A slow test (tag it with its kind too): skipped, and listed so, when the run sets
    /// `STAGEHAND_SKIP_SLOW=1`.
    public static var slow: Self {
        .disabled(if: SlowTests.skipped, "slow: STAGEHAND_SKIP_SLOW=1 skips the tests tagged nestedBuild, browser or longRun")
    }
}
