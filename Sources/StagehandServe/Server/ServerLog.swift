import FlyingFox
import FlyingSocks

/// The HTTP library's own log, sent to the server's: warnings and errors only (one line
/// per request would drown what matters).
struct ServerLog: Logging {
    let log: @Sendable (String) -> Void

    func logDebug(_ debug: @autoclosure () -> String) {}
    func logInfo(_ info: @autoclosure () -> String) {}
    func logWarning(_ warning: @autoclosure () -> String) { log("http: " + warning()) }
    func logError(_ error: @autoclosure () -> String) { log("http: " + error()) }
    func logCritical(_ critical: @autoclosure () -> String) { log("http: " + critical()) }
}
