/// `text` as a JSON string literal: quotes, backslashes and control characters escaped
/// (newline, return and tab by their short forms, the rest as `\u00XX`), everything else
/// as it is. For the JSON written by hand (a parameter's value, a scenario file, a manifest),
/// where the key order and the layout are chosen. `inScript` also
/// escapes U+2028 and U+2029, which JSON allows in a string but older JavaScript ends a
/// line at: for JSON set in a `<script>` (the HTML player's frames).
///
/// Shared by the host's tools and the SDK (which writes a bundle's manifest), so both
/// escape alike; an SPI, not part of the library's public API.
@_spi(Shared) public func jsonStringLiteral(_ text: String, inScript: Bool = false) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        case _ where scalar.value < 0x20 || (inScript && (scalar == "\u{2028}" || scalar == "\u{2029}")):
            let hex = String(scalar.value, radix: 16)
            result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result + "\""
}
