import StagehandCore

/// What a stage has already been told once (say, a non-finite value of one property set
/// by one effect), so a mistake repeated on every frame makes one line, not hundreds.
/// Hung on the stage (`attachments`): each run of a scenario starts afresh.
final class ReportedOnce {
    private var said: Set<String> = []

    /// Whether `key` is new on the stage this thread runs (and remembers it). Without a
    /// stage there is nothing to remember it on: always true.
    static func first(_ key: String) -> Bool {
        guard let stage = BridgeCall.runningStage else { return true }
        let id = ObjectIdentifier(ReportedOnce.self)
        let table = stage.attachments[id] as? ReportedOnce ?? {
            let made = ReportedOnce()
            stage.attachments[id] = made
            return made
        }()
        return table.said.insert(key).inserted
    }
}
