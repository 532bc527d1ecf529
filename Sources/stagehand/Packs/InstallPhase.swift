import Foundation

/// The moments of an install after which an interrupted one must still leave a working
/// catalog: the pack extracted into staging, every check passed, the new version swapped
/// in. The tests kill `stagehand install` at each: with `STAGEHAND_INSTALL_STOP_AT=PHASE`
/// it says "install: reached PHASE" on standard error there and waits for standard
/// input to close, and is killed meanwhile.
enum InstallPhase: String {
    case extracted
    case checked
    case swapped

    static let environmentVariable = "STAGEHAND_INSTALL_STOP_AT"

    func reached() {
        guard ProcessInfo.processInfo.environment[Self.environmentVariable] == rawValue else { return }
        StandardError.write("install: reached \(rawValue)")
        _ = FileHandle.standardInput.readDataToEndOfFile()
        exit(3)
    }
}
