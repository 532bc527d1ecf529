import Foundation
import StagehandHost
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
    /// The answer to an edit of the effect's text (its last part): read, or the problem
    /// and where it is; or out of step, asking for the whole text.
    case edited(Edited)
    /// The edited text was written to the effect's file.
    case saved(path: String)

    struct Selection: Encodable {
        var effect: String?
        var kind: String?
        var interactive: Bool
        var parameters: [Parameter]
        var operations: [String]
        /// A declarative effect's text, for the editor pane; nil for a compiled effect
        /// and when the stage restarted for an edit (the page has the text already).
        var source: Source?
        /// The edit this stage was restarted for (its `seq`).
        var edit: Int?
    }

    struct Source: Encodable {
        /// The file the effect was read from, as the server's user knows it.
        var file: String
        /// The file's name, for a download.
        var name: String
        var text: String
        /// Whether `save` writes it back (`stagehand serve --save`).
        var savable: Bool
        /// The largest text taken, in UTF-8 bytes.
        var maximumBytes: Int
        /// The problem of `text` (a draft edited before), nil when it reads.
        var problem: Problem?
    }

    /// A problem of the effect's text, located for the editor.
    struct Problem: Encodable {
        var line: Int
        var column: Int
        var pointer: String
        var message: String

        init(_ error: DeclarativeError) {
            (line, column, pointer, message) = (error.line, error.column, error.pointer, error.message)
        }
    }

    struct Edited: Encodable {
        var seq: Int?
        var ok: Bool
        var problem: Problem?
        /// Set when the edit did not fit the server's text: the page sends its whole
        /// text (replacing `length` code units at 0).
        var resync: Resync?
        var message: String?
    }

    struct Resync: Encodable {
        var length: Int
    }

    struct Parameter: Encodable {
        var name: String
        var type: String
        var value: String
        var minimum: String?
        var maximum: String?
        /// A string parameter's only values: the page offers them as a menu.
        var choices: [String]?
        /// What it does, when its declaration says: the page shows it on its label.
        var description: String?
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
        case .edited(let edited): return Self.encode("edited", edited)
        case .saved(let path): return Self.encode("saved", ["path": path])
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
