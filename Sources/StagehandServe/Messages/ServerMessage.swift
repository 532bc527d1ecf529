import Foundation
import StagehandTrace

/// One message to the page (a WebSocket text message, one JSON object with a `type`).
/// Documented in Documentation/Playground.md.
enum ServerMessage {
    /// The effects the page lists, and the problems of the last (re)load.
    case catalog(CatalogListing)
    /// The stage was restarted with `effect`: its parameters and the operations its kind allows.
    case selected(Selection)
    /// One frame of the stage: `index` counts frames since the stage started, `drawing`
    /// is `Renderer.canvasDrawing` JSON; `acknowledged` is the sequence number of the
    /// last pointer event the frame reflects.
    case frame(index: Int, time: Double, percent: Double?, interactive: Bool, drawing: String, acknowledged: Int?)
    /// Something the page asked for was refused or went wrong; the stage goes on.
    case error(String)
    /// Something worth showing that is not an error (a reload, a recording limit).
    case notice(String)
    /// The recording is ready: where to download it, and the command that replays it.
    case exported(Export)

    struct Selection: Encodable {
        var effect: String?
        var kind: String?
        var interactive: Bool
        var parameters: [Parameter]
        var operations: [String]
    }

    struct Parameter: Encodable {
        var name: String
        var type: String
        var value: String
        var minimum: String?
        var maximum: String?
        /// A string parameter's only values: the page offers them as a menu.
        var choices: [String]?
    }

    struct Export: Encodable {
        var scenario: String
        var trace: String
        var gif: String
        var command: String
        var frames: Int
    }

    var text: String {
        switch self {
        case .catalog(let listing): return Self.encode("catalog", listing)
        case .selected(let selection): return Self.encode("selected", selection)
        case .error(let message): return Self.encode("error", ["message": message])
        case .notice(let message): return Self.encode("notice", ["message": message])
        case .exported(let export): return Self.encode("exported", export)
        case .frame(let index, let time, let percent, let interactive, let drawing, let acknowledged):
            var s = "{\"type\":\"frame\",\"index\":\(index),\"t\":\(time)"
            if let percent { s += ",\"percent\":\(percent)" }
            if interactive { s += ",\"interactive\":true" }
            if let acknowledged { s += ",\"ack\":\(acknowledged)" }
            return s + ",\"drawing\":" + drawing + "}"
        }
    }

    /// `{"type": type, …body's fields}`.
    private static func encode(_ type: String, _ body: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(body), var text = String(data: data, encoding: .utf8), text.hasPrefix("{") else {
            return "{\"type\":\"\(type)\"}"
        }
        text.removeFirst()
        return "{\"type\":\"\(type)\"" + (text == "}" ? "}" : "," + text)
    }
}
