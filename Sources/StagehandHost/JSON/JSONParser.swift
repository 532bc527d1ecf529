/// A strict RFC 8259 parser: one value, no trailing commas, no comments, UTF-8 only.
///
/// It exists so that every syntax problem in a catalog or a manifest gets a line, a
/// column and a reason, and so that a file cut short is told apart from a file that is
/// wrong in the middle (see `JSONValue` for why not `JSONSerialization`).
struct JSONParser {
    /// Deeper nesting than any catalog needs; the limit keeps hostile input from
    /// overflowing the stack.
    static let maximumDepth = 256

    private let bytes: [UInt8]
    private var offset = 0
    private var depth = 0
    /// Where each value and member name starts, kept only by `parseLocated`.
    private var recording = false
    private var openNodes: [JSONLocations] = []
    private var rootNode: JSONLocations?

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Parses like `parse`, and also returns where every value and member name starts,
    /// so a reader of the value can name the line and column of what it refuses.
    static func parseLocated(_ bytes: [UInt8]) throws(JSONSyntaxError) -> (JSONValue, JSONLocations) {
        var parser = JSONParser(bytes)
        parser.recording = true
        let value = try parser.parseDocument()
        return (value, parser.rootNode ?? JSONLocations(offset: 0))
    }

    /// One value filling the whole text.
    private mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
        // A UTF-8 byte order mark is allowed (RFC 8259 §8.1 lets parsers ignore it).
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
        skipWhitespace()
        if offset == bytes.count {
            throw error(at: offset, "the text is empty: expected a JSON value", truncated: false)
        }
        let value = try parseValue()
        skipWhitespace()
        if offset < bytes.count {
            throw error(at: offset, "unexpected \(describeByte(at: offset)) after the end of the JSON value", truncated: false)
        }
        return value
    }

    /// Line and column (both from 1; columns in characters) of a byte offset in `bytes`.
    static func lineAndColumn(of position: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for byte in bytes[..<min(max(position, 0), bytes.count)] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes)
        return try parser.parseDocument()
    }

    static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    // MARK: - Values

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        guard offset < bytes.count else {
            throw error(at: offset, "the text ends where a value was expected", truncated: true)
        }
        guard recording else { return try parseUnrecordedValue() }
        openNodes.append(JSONLocations(offset: offset))
        let value = try parseUnrecordedValue()
        let node = openNodes.removeLast()
        if openNodes.isEmpty { rootNode = node } else { openNodes[openNodes.count - 1].children.append(node) }
        return value
    }

    private mutating func parseUnrecordedValue() throws(JSONSyntaxError) -> JSONValue {
        switch bytes[offset] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try parseLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try parseLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try parseLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default:
            throw error(at: offset, "expected a value (an object, array, string, number, true, false or null), found \(describeByte(at: offset))", truncated: false)
        }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        let opening = offset
        try enterContainer(at: opening)
        offset += 1
        var members: [JSONValue.Member] = []
        skipWhitespace()
        if peek(UInt8(ascii: "}")) {
            offset += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard offset < bytes.count else { throw unclosed("object", opening) }
            guard bytes[offset] == UInt8(ascii: "\"") else {
                throw error(at: offset, "expected a member name in double quotes, found \(describeByte(at: offset))", truncated: false)
            }
            if recording { openNodes[openNodes.count - 1].keyOffsets.append(offset) }
            let key = try parseString()
            skipWhitespace()
            guard offset < bytes.count else { throw unclosed("object", opening) }
            guard bytes[offset] == UInt8(ascii: ":") else {
                throw error(at: offset, "expected ':' after the member name \"\(key)\", found \(describeByte(at: offset))", truncated: false)
            }
            offset += 1
            skipWhitespace()
            guard offset < bytes.count else { throw unclosed("object", opening) }
            members.append(JSONValue.Member(key: key, value: try parseValue()))
            skipWhitespace()
            guard offset < bytes.count else { throw unclosed("object", opening) }
            switch bytes[offset] {
            case UInt8(ascii: ","):
                offset += 1
                skipWhitespace()
                if peek(UInt8(ascii: "}")) {
                    throw error(at: offset, "a trailing comma before '}' is not allowed", truncated: false)
                }
            case UInt8(ascii: "}"):
                offset += 1
                depth -= 1
                return .object(members)
            default:
                throw error(at: offset, "expected ',' or '}' after the member \"\(key)\", found \(describeByte(at: offset))", truncated: false)
            }
        }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        let opening = offset
        try enterContainer(at: opening)
        offset += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek(UInt8(ascii: "]")) {
            offset += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            guard offset < bytes.count else { throw unclosed("array", opening) }
            elements.append(try parseValue())
            skipWhitespace()
            guard offset < bytes.count else { throw unclosed("array", opening) }
            switch bytes[offset] {
            case UInt8(ascii: ","):
                offset += 1
                skipWhitespace()
                if peek(UInt8(ascii: "]")) {
                    throw error(at: offset, "a trailing comma before ']' is not allowed", truncated: false)
                }
            case UInt8(ascii: "]"):
                offset += 1
                depth -= 1
                return .array(elements)
            default:
                throw error(at: offset, "expected ',' or ']' after an array element, found \(describeByte(at: offset))", truncated: false)
            }
        }
    }

    private mutating func enterContainer(at position: Int) throws(JSONSyntaxError) {
        depth += 1
        if depth > Self.maximumDepth {
            throw error(at: position, "nested more than \(Self.maximumDepth) levels deep", truncated: false)
        }
    }

    private mutating func parseLiteral(_ word: StaticString) throws(JSONSyntaxError) {
        let start = offset
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for byte in expected {
            guard offset < bytes.count else {
                throw error(at: offset, "the text ends inside the literal \(word)", truncated: true)
            }
            guard bytes[offset] == byte else {
                throw error(at: start, "expected the literal \(word), found \(describeWord(at: start))", truncated: false)
            }
            offset += 1
        }
        if offset < bytes.count, Self.isWordByte(bytes[offset]) {
            throw error(at: start, "expected the literal \(word), found \(describeWord(at: start))", truncated: false)
        }
    }

    /// Checks the number grammar and returns the text unchanged.
    private mutating func parseNumber() throws(JSONSyntaxError) -> String {
        let start = offset
        if peek(UInt8(ascii: "-")) { offset += 1 }
        guard offset < bytes.count else { throw error(at: offset, "the text ends inside a number", truncated: true) }
        if bytes[offset] == UInt8(ascii: "0") {
            offset += 1
            if offset < bytes.count, Self.isDigit(bytes[offset]) {
                throw error(at: start, "a number must not have leading zeros", truncated: false)
            }
        } else if Self.isDigit(bytes[offset]) {
            skipDigits()
        } else {
            throw error(at: offset, "expected a digit in a number, found \(describeByte(at: offset))", truncated: false)
        }
        if peek(UInt8(ascii: ".")) {
            offset += 1
            try requireDigit(in: "the fraction of a number")
            skipDigits()
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            offset += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { offset += 1 }
            try requireDigit(in: "the exponent of a number")
            skipDigits()
        }
        if offset < bytes.count, Self.isWordByte(bytes[offset]) {
            throw error(at: start, "expected a number, found \(describeWord(at: start))", truncated: false)
        }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    private mutating func requireDigit(in part: String) throws(JSONSyntaxError) {
        guard offset < bytes.count else { throw error(at: offset, "the text ends inside \(part)", truncated: true) }
        guard Self.isDigit(bytes[offset]) else {
            throw error(at: offset, "expected a digit in \(part), found \(describeByte(at: offset))", truncated: false)
        }
    }

    private mutating func skipDigits() {
        while offset < bytes.count, Self.isDigit(bytes[offset]) { offset += 1 }
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let opening = offset
        offset += 1
        var utf8: [UInt8] = []
        while true {
            guard offset < bytes.count else {
                throw error(at: offset, "the text ends inside the string that starts at \(position(of: opening))", truncated: true)
            }
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                guard let text = String(validating: utf8, as: UTF8.self) else {
                    throw error(at: opening, "the string is not valid UTF-8", truncated: false)
                }
                return text
            case UInt8(ascii: "\\"):
                try parseEscape(into: &utf8)
            case 0x00..<0x20:
                throw error(at: offset, "a control character (U+\(Self.hex4(UInt32(byte)))) must be escaped inside a string", truncated: false)
            default:
                utf8.append(byte)
                offset += 1
            }
        }
    }

    private mutating func parseEscape(into utf8: inout [UInt8]) throws(JSONSyntaxError) {
        let start = offset
        offset += 1
        guard offset < bytes.count else { throw error(at: offset, "the text ends inside an escape sequence", truncated: true) }
        let letter = bytes[offset]
        offset += 1
        switch letter {
        case UInt8(ascii: "\""): utf8.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): utf8.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "/"): utf8.append(UInt8(ascii: "/"))
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHex4()
            if (0xD800..<0xDC00).contains(scalar) {
                // A high surrogate must be followed by an escaped low surrogate.
                guard peek(UInt8(ascii: "\\")), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "u") else {
                    throw error(at: start, "a \\u escape of a high surrogate must be followed by a low surrogate", truncated: false)
                }
                offset += 2
                let low = try parseHex4()
                guard (0xDC00..<0xE000).contains(low) else {
                    throw error(at: start, "a \\u escape of a high surrogate must be followed by a low surrogate", truncated: false)
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw error(at: start, "a \\u escape of a low surrogate must follow a high surrogate", truncated: false)
            }
            guard let unicode = Unicode.Scalar(scalar) else {
                throw error(at: start, "\\u escape of an invalid code point", truncated: false)
            }
            utf8.append(contentsOf: Array(String(Character(unicode)).utf8))
        default:
            throw error(at: start, "unknown escape sequence \\\(Self.printable(letter))", truncated: false)
        }
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard offset < bytes.count else { throw error(at: offset, "the text ends inside a \\u escape", truncated: true) }
            guard let digit = Self.hexValue(bytes[offset]) else {
                throw error(at: offset, "expected a hexadecimal digit in a \\u escape, found \(describeByte(at: offset))", truncated: false)
            }
            value = value << 4 | digit
            offset += 1
        }
        return value
    }

    // MARK: - Helpers

    private mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return
            }
        }
    }

    private func peek(_ byte: UInt8) -> Bool {
        offset < bytes.count && bytes[offset] == byte
    }

    private func unclosed(_ container: String, _ opening: Int) -> JSONSyntaxError {
        error(at: bytes.count, "the text ends before the \(container) opened at \(position(of: opening)) is closed", truncated: true)
    }

    private func error(at position: Int, _ reason: String, truncated: Bool) -> JSONSyntaxError {
        let (line, column) = lineAndColumn(of: position)
        return JSONSyntaxError(line: line, column: column, reason: reason, isTruncation: truncated)
    }

    private func position(of offset: Int) -> String {
        let (line, column) = lineAndColumn(of: offset)
        return "line \(line), column \(column)"
    }

    /// Lines from 1; columns from 1, counting characters (UTF-8 lead bytes), not bytes.
    private func lineAndColumn(of position: Int) -> (Int, Int) {
        Self.lineAndColumn(of: position, in: bytes)
    }

    private func describeByte(at position: Int) -> String {
        guard position < bytes.count else { return "the end of the text" }
        return "'\(Self.printable(bytes[position]))'"
    }

    /// The bad word at `position` (up to 20 characters), e.g. `'yes'` or `'True'`.
    private func describeWord(at position: Int) -> String {
        var end = position
        while end < bytes.count, end - position < 20, Self.isWordByte(bytes[end]) { end += 1 }
        if end == position { return describeByte(at: position) }
        return "'\(String(decoding: bytes[position..<end], as: UTF8.self))'"
    }

    private static func printable(_ byte: UInt8) -> String {
        if byte >= 0x20 && byte < 0x7F { return String(UnicodeScalar(byte)) }
        return "\\u{\(String(byte, radix: 16))}"
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    private static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
