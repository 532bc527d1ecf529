@_spi(Shared) import StagehandShared

/// Just enough JSON to write a manifest, with the fields in the order they are given.
///
/// The SDK writes its own rather than use Foundation's encoders so that a Swift bundle
/// links nothing beyond the Swift runtime, and so that the manifest's fields come in the
/// order the format lists them (abi, bundle, effects; name, kind, ...), as in the C
/// bundles' hand-written manifests. JSONEncoder could only sort them.
indirect enum JSONValue: Hashable, Sendable {
    case string(String)
    case number(Double)
    case float(Float)
    case integer(Int64)
    case bool(Bool)
    case array([JSONValue])
    case members([Member])

    struct Member: Hashable, Sendable {
        var key: String
        var value: JSONValue
    }

    static func object(_ pairs: [(String, JSONValue)]) -> JSONValue {
        .members(pairs.map { Member(key: $0.0, value: $0.1) })
    }

    /// Two-space indentation; an array or object holding only scalars stays on one line.
    func rendered() -> String {
        var text = ""
        write(to: &text, indent: "")
        return text + "\n"
    }

    private var isScalar: Bool {
        switch self {
        case .array, .members: return false
        default: return true
        }
    }

    private func write(to text: inout String, indent: String) {
        switch self {
        case .string(let string): Self.writeString(string, to: &text)
        case .number(let number): text += Self.numberText(number)
        case .float(let number): text += number.isFinite ? Self.numberText(Double(number), shortest: number.description) : "null"
        case .integer(let number): text += String(number)
        case .bool(let flag): text += flag ? "true" : "false"
        case .array(let elements):
            writeContainer(elements.map { (nil, $0) }, open: "[", close: "]", to: &text, indent: indent)
        case .members(let members):
            writeContainer(members.map { ($0.key, $0.value) }, open: "{", close: "}", to: &text, indent: indent)
        }
    }

    private func writeContainer(_ items: [(String?, JSONValue)], open: String, close: String,
                                to text: inout String, indent: String) {
        guard !items.isEmpty else { text += open + close; return }
        let inline = items.allSatisfy { $0.1.isScalar }
        let inner = indent + "  "
        text += open
        for (index, (key, value)) in items.enumerated() {
            if index > 0 { text += "," }
            text += inline ? (index > 0 ? " " : "") : "\n" + inner
            if let key {
                Self.writeString(key, to: &text)
                text += ": "
            }
            value.write(to: &text, indent: inner)
        }
        text += inline ? close : "\n" + indent + close
    }

    /// A finite number as JSON: integral values without a fraction ("10", not "10.0"),
    /// others in their shortest round-tripping form. JSON has no infinity or NaN: those
    /// are written as null, which the host reports against the field.
    private static func numberText(_ number: Double, shortest: String? = nil) -> String {
        guard number.isFinite else { return "null" }
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        return shortest ?? number.description
    }

    private static func writeString(_ string: String, to text: inout String) {
        text += jsonStringLiteral(string)
    }
}
