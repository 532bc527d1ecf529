/// One value of a declarative effect file as the reader sees it: the value, where it was
/// written, and its JSON pointer. Every refusal goes through `error(_:)` (or
/// `keyError`), so every message carries the file, the pointer, the line and the column.
struct DocumentNode {
    let value: JSONValue
    let locations: JSONLocations
    let pointer: JSONPointer
    let source: DocumentSource

    func error(_ message: String) -> DeclarativeError {
        source.error(at: locations.offset, pointer: pointer, message)
    }

    /// The members of an object, checked: each key known (`allowed`, plus `$comment`
    /// anywhere), none written twice. An unknown key is refused at the key, with the
    /// nearest known one suggested.
    func members(allowed: [String], what: String) throws(DeclarativeError) -> [String: DocumentNode] {
        guard case .object(let members) = value else {
            throw error("expected \(what) (a JSON object), found \(value.summary)")
        }
        var result: [String: DocumentNode] = [:]
        for (index, member) in members.enumerated() {
            let child = DocumentNode(value: member.value, locations: locations.child(index),
                                     pointer: pointer.appending(member.key), source: source)
            if member.key == "$comment" { continue }
            guard allowed.contains(member.key) else {
                let close = NameSuggestions.closest(to: member.key, among: allowed, limit: 1)
                let hint = close.first.map { "; did you mean \($0)?" }
                    ?? "; expected one of: \(allowed.joined(separator: ", "))"
                throw source.error(at: locations.keyOffset(index), pointer: child.pointer, "unknown key in \(what)\(hint)")
            }
            guard result[member.key] == nil else {
                throw source.error(at: locations.keyOffset(index), pointer: child.pointer,
                                   "\(JSONValue.duplicateKeyProblem): a key counts once")
            }
            result[member.key] = child
        }
        return result
    }

    func elements(what: String, limit: Int) throws(DeclarativeError) -> [DocumentNode] {
        guard case .array(let elements) = value else {
            throw error("expected \(what) (a JSON array), found \(value.summary)")
        }
        guard elements.count <= limit else {
            throw error("\(elements.count) elements: at most \(limit) are allowed here")
        }
        return elements.enumerated().map { index, element in
            DocumentNode(value: element, locations: locations.child(index), pointer: pointer.appending(index), source: source)
        }
    }

    func string(what: String) throws(DeclarativeError) -> String {
        guard case .string(let text) = value else { throw error("expected \(what) (a string), found \(value.summary)") }
        return text
    }

    func bool(what: String) throws(DeclarativeError) -> Bool {
        guard case .bool(let flag) = value else { throw error("expected \(what) (true or false), found \(value.summary)") }
        return flag
    }

    /// A plain finite number (not an expression).
    func number(what: String) throws(DeclarativeError) -> Double {
        guard case .number(let text) = value, let number = Double(text), number.isFinite else {
            throw error("expected \(what) (a finite number), found \(value.summary)")
        }
        return number
    }

    /// One of `choices`, with the nearest suggested when it is none of them.
    func choice(_ choices: [String], what: String) throws(DeclarativeError) -> String {
        let text = try string(what: what)
        guard choices.contains(text) else {
            let close = NameSuggestions.closest(to: text, among: choices, limit: 1)
            let hint = close.first.map { "; did you mean \($0)?" } ?? ""
            throw error("\"\(text)\" is not \(what): expected one of \(choices.joined(separator: ", "))\(hint)")
        }
        return text
    }
}

/// The file being read: its path and bytes, to turn offsets into lines and columns.
final class DocumentSource: Sendable {
    let file: String
    let bytes: [UInt8]

    init(file: String, bytes: [UInt8]) {
        self.file = file
        self.bytes = bytes
    }

    func error(at offset: Int, pointer: JSONPointer, _ message: String) -> DeclarativeError {
        let (line, column) = JSONParser.lineAndColumn(of: offset, in: bytes)
        return DeclarativeError(file: file, pointer: pointer.description, line: line, column: column, message: message)
    }
}
