/// `text` as a JSON string literal: quotes, backslashes and control characters escaped
/// (newline and tab by their short forms, the rest as `\u00XX`), everything else as it
/// is. For the JSON the host writes by hand (a parameter's value, a scenario file), where
/// the key order and the layout are chosen.
package func jsonStringLiteral(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\t": result += "\\t"
        case _ where scalar.value < 0x20:
            let hex = String(scalar.value, radix: 16)
            result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result + "\""
}
