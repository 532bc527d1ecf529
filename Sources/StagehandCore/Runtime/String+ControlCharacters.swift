extension String {
    /// The text with every control character written out as an escape (`\n`, `\r`,
    /// `\t`, otherwise `\u{1B}` style), line and paragraph separators included: what a
    /// message shows of text that came from a file or a bundle (a name, a kind, a key),
    /// so that text can never start a line of its own and pass for another
    /// `error:`/`warning:` line, nor move a terminal's cursor. Backslashes are left as
    /// they are: the text stays readable, and what it can no longer do is break a line.
    public var escapingControlCharacters: String {
        guard unicodeScalars.contains(where: Self.needsEscape) else { return self }
        var escaped = ""
        escaped.reserveCapacity(utf8.count + 8)
        for scalar in unicodeScalars {
            guard Self.needsEscape(scalar) else {
                escaped.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            default: escaped += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        return escaped
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }
}
