import StagehandABI

/// What a `Host.log` line is. Neither makes `stagehand validate` fail: a bundle's own
/// lines are informational, and only what the host itself detects is a fault.
public enum LogLevel: Hashable, Sendable {
    /// Something worth knowing: which gesture was installed, what a parameter means.
    case info
    /// Something the bundle worked around: a missing view, a value it replaced.
    case warning

    var abi: sh_log_level {
        switch self {
        case .info: SH_LOG_INFO
        case .warning: SH_LOG_WARNING
        }
    }
}
