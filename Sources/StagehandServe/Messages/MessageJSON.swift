import Foundation

/// A JSON value as a message from the page holds it, told apart exactly (a `true` is
/// never the number 1): what `ClientMessage` reads.
enum MessageJSON: Decodable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([MessageJSON])
    case object([String: MessageJSON])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([MessageJSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: MessageJSON].self))
        }
    }

    static func parse(_ text: String) -> MessageJSON? {
        try? JSONDecoder().decode(MessageJSON.self, from: Data(text.utf8))
    }
}
