/// Reads values (numbers and expressions) against the file's declared parameters: every
/// `$name` declared and numeric, `%` only where an axis gives it a meaning.
struct ExpressionReader {
    enum Axis {
        /// No axis: `%` is refused.
        case none
        case x
        case y
    }

    /// The numeric parameters by name; `others` are declared but not numbers.
    let numeric: Set<String>
    let others: Set<String>

    func read(_ node: DocumentNode, what: String, axis: Axis) throws(DeclarativeError) -> ValueExpression {
        let expression: ValueExpression
        switch node.value {
        case .number(let text):
            guard let number = Double(text), number.isFinite else { throw node.error("\(text) is not a finite number") }
            expression = .number(number)
        case .string(let text):
            do {
                expression = try ExpressionParser.parse(text)
            } catch {
                throw node.error("column \(error.column) of the expression: \(error.message)")
            }
        default:
            throw node.error("expected \(what): a number or an expression string such as \"50%\" or \"$duration * 2\"; found \(node.value.summary)")
        }
        for name in expression.parameterNames where !numeric.contains(name) {
            if others.contains(name) {
                throw node.error("parameter $\(name) is not a number, and \(what) must be one")
            }
            let close = NameSuggestions.closest(to: name, among: Array(numeric), limit: 1)
            let hint = close.first.map { "; did you mean $\($0)?" } ?? ""
            throw node.error("unknown parameter $\(name)\(hint) (declare it in \"parameters\")")
        }
        if axis == .none, expression.usesPercent {
            throw node.error("\(what) has no axis, so % and %self mean nothing here: write a number")
        }
        return expression
    }
}
