/// Stagehand's version, as CHANGELOG.md numbers it: what `stagehand --version` prints and
/// what an app can log or check. The library's public API at this version is the one
/// listed in `API/` (a test holds the two together); the ABI has its own version, in
/// `stagehand.h`.
public enum StagehandVersion {
    /// Semantic versioning: the minor number grows with each release that adds to the
    /// API; while the major number is 0, a release may also change it (CHANGELOG.md
    /// says how).
    public static let current = "0.5.0"
}
