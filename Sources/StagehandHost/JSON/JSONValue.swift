/// A JSON value exactly as it was written.
///
/// The host reads catalogs and manifests through its own strict parser rather than
/// `JSONSerialization`, because on Linux the latter accepts trailing commas, keeps the
/// last of two duplicate keys silently, cannot tell `1.0` from `true` without peeking at
/// `NSNumber` internals, and returns `-9223372036854775808` as an `NSDecimalNumber`.
/// Keeping numbers as their text and objects in written order lets the schema readers
/// check integer ranges exactly and report problems in a stable order.
enum JSONValue: Equatable {
    case null
    case bool(Bool)
    /// The number's text as written (it matches JSON's number grammar).
    case number(String)
    case string(String)
    case array([JSONValue])
    /// Members in written order; duplicate keys are kept, so a reader can report them.
    case object([Member])

    struct Member: Equatable {
        var key: String
        var value: JSONValue
    }

    /// What is said of a key written twice in one object, wherever JSON is read.
    static let duplicateKeyProblem = "field written twice in the same object"

    /// An object's members by key, for readers that stop at the first problem (the
    /// scenario reader; the schema reader applies the same rule while it notes each
    /// member): a key written twice is refused (its name is returned in `duplicate`,
    /// with `duplicateKeyProblem`), because JSON readers disagree on which one counts.
    static func fields(_ members: [Member]) -> (fields: [String: JSONValue], duplicate: String?) {
        var byKey: [String: JSONValue] = [:]
        for member in members {
            if byKey[member.key] != nil { return (byKey, member.key) }
            byKey[member.key] = member.value
        }
        return (byKey, nil)
    }

    /// "the string \"yes\"", "the number 3", "an object": for "found ..." in messages.
    var summary: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let text): return "the number \(text)"
        case .string(let text):
            let shown = text.count > 40 ? String(text.prefix(40)) + "..." : text
            return "the string \"\(shown)\""
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
