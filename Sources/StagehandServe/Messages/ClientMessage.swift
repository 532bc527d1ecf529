import Foundation
import StagehandCore

/// One message from the page, as read from a WebSocket text message (JSON, one object
/// with a `type`). Documented in Documentation/Playground.md.
///
/// Reading is strict: a malformed message is refused with a sentence the page shows
/// (`ClientMessage.Problem`), never half-understood.
enum ClientMessage: Equatable {
    /// Restart the stage with this effect (nil: no effect, the system animations) and
    /// these parameter values (as typed; checked against the manifest's bounds).
    case select(effect: String?, parameters: [String: String])
    /// An operation the effect's kind allows: push, pop, present, dismiss, switchChild.
    case operation(Operation)
    /// A pointer event on the stage, in stage points; `sequence` is echoed in the
    /// frame that first reflects it (for measuring input to frame).
    case pointer(phase: PointerPhase, location: Point, sequence: Int?)
    /// The stage's speed, 0.1 (slow motion) to 1 (real time).
    case speed(Double)
    /// End the recording here and make it downloadable.
    case export
    /// A change to the text of the chosen declarative effect, as the editor pane sends
    /// it (see `SourceEdit`).
    case edit(SourceEdit)
    /// Write the edited text back to the effect's file (only with `stagehand serve --save`).
    case save

    enum Operation: String, CaseIterable {
        case push, pop, present, dismiss, switchChild
    }

    enum PointerPhase: String, CaseIterable {
        case down, move, up, cancel
    }

    /// Why a message was refused.
    struct Problem: Error, Equatable, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// The largest message read: a page never sends more than a few hundred bytes.
    static let maximumLength = 16 * 1024

    static let speeds = 0.1...1.0
    /// Stage coordinates beyond this are refused (the stage is a phone's screen).
    static let coordinateLimit = 100_000.0

    static func parse(_ text: String) throws(Problem) -> ClientMessage {
        guard text.utf8.count <= maximumLength else {
            throw Problem("message of \(text.utf8.count) bytes refused: at most \(maximumLength)")
        }
        guard let json = MessageJSON.parse(text) else {
            throw Problem("not valid JSON: \(excerpt(text))")
        }
        guard case .object(let fields) = json else {
            throw Problem("expected a JSON object with a \"type\", got \(excerpt(text))")
        }
        guard case .string(let type)? = fields["type"] else {
            throw Problem("missing \"type\"; expected one of \(types)")
        }
        func allow(_ keys: Set<String>) throws(Problem) {
            if let unknown = fields.keys.sorted().first(where: { !keys.contains($0) && $0 != "type" }) {
                throw Problem("\(type): unknown key \"\(unknown)\"; expected \(keys.isEmpty ? "none" : keys.sorted().joined(separator: ", "))")
            }
        }
        switch type {
        case "select":
            try allow(["effect", "parameters"])
            var effect: String?
            switch fields["effect"] {
            case nil, .null?: break
            case .string(let name)?: effect = name
            default: throw Problem("select.effect: expected a string or null")
            }
            var parameters: [String: String] = [:]
            if let value = fields["parameters"] {
                guard case .object(let object) = value else { throw Problem("select.parameters: expected an object") }
                for (key, raw) in object {
                    guard let text = scalarText(raw) else {
                        throw Problem("select.parameters.\(key): expected a number, true/false or a string")
                    }
                    parameters[key] = text
                }
            }
            return .select(effect: effect, parameters: parameters)
        case "operation":
            try allow(["name"])
            guard case .string(let name)? = fields["name"], let operation = Operation(rawValue: name) else {
                throw Problem("operation.name: expected one of \(Operation.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return .operation(operation)
        case "pointer":
            try allow(["phase", "x", "y", "seq"])
            guard case .string(let name)? = fields["phase"], let phase = PointerPhase(rawValue: name) else {
                throw Problem("pointer.phase: expected one of \(PointerPhase.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            guard let x = number(fields["x"]), let y = number(fields["y"]),
                  abs(x) <= coordinateLimit, abs(y) <= coordinateLimit else {
                throw Problem("pointer.x, pointer.y: expected finite numbers within ±\(Int(coordinateLimit))")
            }
            var sequence: Int?
            if let value = fields["seq"] {
                guard let n = number(value), n == n.rounded(), abs(n) < 1e15 else { throw Problem("pointer.seq: expected an integer") }
                sequence = Int(n)
            }
            // Hundredths of a point: what a scenario file writes back exactly.
            return .pointer(phase: phase, location: Point(x: (x * 100).rounded() / 100, y: (y * 100).rounded() / 100), sequence: sequence)
        case "speed":
            try allow(["value"])
            guard let value = number(fields["value"]), speeds.contains(value) else {
                throw Problem("speed.value: expected a number from 0.1 to 1")
            }
            return .speed(value)
        case "export":
            try allow([])
            return .export
        case "edit":
            try allow(["at", "remove", "insert", "length", "seq", "more"])
            // Offsets within a text of at most `maximumUnits`; a length past it is read,
            // and refused as too long by the draft with the file limit's message.
            func count(_ key: String, upTo limit: Int = SourceEdit.maximumUnits) throws(Problem) -> Int {
                guard let n = number(fields[key]), n >= 0, n == n.rounded(), n <= Double(limit) else {
                    throw Problem("edit.\(key): expected an integer from 0 to \(limit) (UTF-16 code units)")
                }
                return Int(n)
            }
            guard case .string(let insert)? = fields["insert"] else { throw Problem("edit.insert: expected a string") }
            var sequence: Int?
            if let value = fields["seq"] {
                guard let n = number(value), n == n.rounded(), abs(n) < 1e15 else { throw Problem("edit.seq: expected an integer") }
                sequence = Int(n)
            }
            var more = false
            switch fields["more"] {
            case nil: break
            case .bool(let flag)?: more = flag
            default: throw Problem("edit.more: expected true or false")
            }
            return .edit(SourceEdit(at: try count("at"), remove: try count("remove"), insert: Array(insert.utf16),
                                    length: try count("length", upTo: Int(Int32.max)), sequence: sequence, more: more))
        case "save":
            try allow([])
            return .save
        default:
            throw Problem("unknown message type \"\(type)\"; expected one of \(types)")
        }
    }

    private static let types = "select, operation, pointer, speed, export, edit, save"

    private static func number(_ value: MessageJSON?) -> Double? {
        guard case .number(let d)? = value, d.isFinite else { return nil }
        return d
    }

    private static func scalarText(_ value: MessageJSON) -> String? {
        switch value {
        case .string(let s): return s
        case .bool(let b): return b ? "true" : "false"
        case .number(let d) where d.isFinite:
            return d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : "\(d)"
        default: return nil
        }
    }

    private static func excerpt(_ text: String) -> String {
        let clean = text.escapingControlCharacters
        return clean.count > 60 ? String(clean.prefix(60)) + "…" : clean
    }
}
