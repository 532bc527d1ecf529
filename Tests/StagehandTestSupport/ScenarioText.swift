import StagehandCore
import StagehandHost
import Foundation

/// `json` read as a scenario file named `s.json`.
package func parse(_ json: String) throws(Diagnostic) -> Scenario {
    try ScenarioParser.parse(Data(json.utf8), file: "s.json")
}

/// What reading `json` as a scenario file named `s.json` says: the error line, or
/// "accepted".
package func failure(_ json: String) -> String {
    do {
        _ = try parse(json)
        return "accepted"
    } catch {
        return error.description
    }
}
