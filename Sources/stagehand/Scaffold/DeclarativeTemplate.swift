/// The starting file `stagehand new NAME --language json` writes: a complete declarative
/// effect of the kind asked for, which loads and plays as written, with the keys an
/// author changes first (duration, curve, the tracks).
enum DeclarativeTemplate {
    static func text(name: String, kind: String) -> String {
        let tracks: String
        switch kind {
        case "present":
            tracks = #""presented": {"moveBy": "frame", "start": {"y": "100%"}}"#
        case "dismiss":
            tracks = #""presented": {"moveBy": "frame", "end": {"y": "100%"}}"#
        case "pop":
            tracks = #""incoming": {"start": {"x": "-30%"}},"# + "\n    " + #""outgoing": {"end": {"x": "100%"}}"#
        case "container":
            tracks = #""incoming": {"start": {"alpha": 0}}"#
        default:
            tracks = #""incoming": {"start": {"x": "100%"}},"# + "\n    " + #""outgoing": {"end": {"x": "-30%"}}"#
        }
        let order = kind == "pop" ? "\n  \"order\": [\"incoming\", \"outgoing\"]," : ""
        return """
            {
              "$schema": "https://stagehand.invalid/schema/stagehand-effect-1.json",
              "format": "stagehand-effect/1",
              "name": "\(name)",
              "kind": "\(kind)",
              "description": "",
              "parameters": [
                {"name": "duration", "type": "double", "default": 0.35, "min": 0.01, "max": 10, "description": "Seconds."}
              ],
              "duration": "$duration",
              "curve": "ease-in-out",\(order)
              "tracks": {
                \(tracks)
              }
            }

            """
    }
}
