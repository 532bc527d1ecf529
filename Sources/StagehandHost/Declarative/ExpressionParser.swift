/// Reads the value grammar of declarative effects:
///
///     expr  := term (("+" | "-") term)*          whitespace between tokens is ignored
///     term  := unary (("*" | "/") unary)*
///     unary := "-" unary | atom
///     atom  := NUMBER [unit] | "$" NAME | "${" NAME "}" | "(" expr ")"
///     unit  := "%" | "%self" | "deg" | "pt"
///
/// NUMBER is JSON's (with an optional exponent); NAME is a declared parameter (braces for
/// a name with "-"). Refusals give the column within the string, counted from 1.
struct ExpressionParser {
    /// Longer strings are refused: values are short by nature, and the limit bounds the
    /// work a hostile file can ask for.
    static let maximumLength = 200
    /// Deeper parentheses (or chains of "-") are refused, which keeps the recursion
    /// shallow whatever the text.
    static let maximumDepth = 32

    struct Failure: Error {
        var column: Int
        var message: String
    }

    private let characters: [Character]
    private var index = 0
    private var depth = 0

    private init(_ text: String) {
        characters = Array(text)
    }

    static func parse(_ text: String) throws(Failure) -> ValueExpression {
        guard text.count <= maximumLength else {
            throw Failure(column: maximumLength + 1, message: "the expression is \(text.count) characters long: at most \(maximumLength) are allowed")
        }
        var parser = ExpressionParser(text)
        parser.skipSpaces()
        guard parser.index < parser.characters.count else { throw Failure(column: 1, message: "empty expression: expected a number or an expression such as \"50%\" or \"$duration * 2\"") }
        let expression = try parser.sum()
        parser.skipSpaces()
        guard parser.index == parser.characters.count else {
            throw parser.failure("unexpected '\(parser.characters[parser.index])': expected an operator (+ - * /) or the end")
        }
        return expression
    }

    private func failure(_ message: String) -> Failure {
        Failure(column: index + 1, message: message)
    }

    private mutating func skipSpaces() {
        while index < characters.count, characters[index] == " " || characters[index] == "\t" { index += 1 }
    }

    private mutating func sum() throws(Failure) -> ValueExpression {
        var left = try product()
        while true {
            skipSpaces()
            guard index < characters.count, characters[index] == "+" || characters[index] == "-" else { return left }
            let op = characters[index]
            index += 1
            left = .binary(op, left, try product())
        }
    }

    private mutating func product() throws(Failure) -> ValueExpression {
        var left = try unary()
        while true {
            skipSpaces()
            guard index < characters.count, characters[index] == "*" || characters[index] == "/" else { return left }
            let op = characters[index]
            index += 1
            left = .binary(op, left, try unary())
        }
    }

    private mutating func unary() throws(Failure) -> ValueExpression {
        skipSpaces()
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { throw failure("nested more than \(Self.maximumDepth) levels deep") }
        guard index < characters.count else { throw failure("the expression ends where a number, a $parameter or '(' was expected") }
        switch characters[index] {
        case "-":
            index += 1
            return .negate(try unary())
        case "(":
            index += 1
            let inner = try sum()
            skipSpaces()
            guard index < characters.count, characters[index] == ")" else { throw failure("expected ')'") }
            index += 1
            return inner
        case "$":
            return .parameter(try parameterName())
        default:
            return try number()
        }
    }

    private mutating func parameterName() throws(Failure) -> String {
        index += 1
        let braced = index < characters.count && characters[index] == "{"
        if braced { index += 1 }
        let start = index
        while index < characters.count, characters[index].isLetter || characters[index].isNumber || characters[index] == "_"
                || (braced && characters[index] == "-") {
            index += 1
        }
        let name = String(characters[start..<index])
        guard !name.isEmpty, characters[start].isLetter || characters[start] == "_" else {
            throw Failure(column: start + 1, message: "expected a parameter name after '$'")
        }
        if braced {
            guard index < characters.count, characters[index] == "}" else { throw failure("expected '}' after ${\(name)") }
            index += 1
        }
        return name
    }

    private mutating func number() throws(Failure) -> ValueExpression {
        let start = index
        while index < characters.count, characters[index].isASCII, characters[index].isNumber || characters[index] == "." { index += 1 }
        if index < characters.count, characters[index] == "e" || characters[index] == "E" {
            index += 1
            if index < characters.count, characters[index] == "+" || characters[index] == "-" { index += 1 }
            while index < characters.count, characters[index].isASCII, characters[index].isNumber { index += 1 }
        }
        let text = String(characters[start..<index])
        guard !text.isEmpty else {
            throw Failure(column: start + 1, message: "unexpected '\(characters[start])': expected a number, a $parameter or '('")
        }
        guard let value = Double(text), value.isFinite else {
            throw Failure(column: start + 1, message: "'\(text)' is not a number")
        }
        // The unit, if any.
        let unitStart = index
        while index < characters.count, characters[index].isLetter || characters[index] == "%" { index += 1 }
        switch String(characters[unitStart..<index]) {
        case "": return .number(value)
        case "%": return .percentOfContainer(value)
        case "%self": return .percentOfView(value)
        case "deg", "pt": return .number(value)
        case "ms": throw Failure(column: unitStart + 1, message: "times are in seconds: write \(value / 1000) for \(text)ms")
        case "s": return .number(value)
        case let unit:
            let close = NameSuggestions.closest(to: unit, among: ["%", "%self", "deg", "pt"], limit: 1)
            let hint = close.first.map { "; did you mean \($0)?" } ?? ""
            throw Failure(column: unitStart + 1, message: "unknown unit '\(unit)': expected %, %self, deg or pt\(hint)")
        }
    }
}
