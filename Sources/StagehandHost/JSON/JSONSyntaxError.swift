/// Why a text is not JSON, and where: a line and a column (both from 1, columns counted
/// in characters), so a person can go straight to the spot.
struct JSONSyntaxError: Error, Equatable, CustomStringConvertible {
    var line: Int
    var column: Int
    var reason: String
    /// The text ended before the document was complete (a file cut short while copying
    /// or writing), as opposed to text that goes wrong somewhere in the middle.
    var isTruncation: Bool

    var description: String {
        if isTruncation {
            return "truncated at line \(line), column \(column): \(reason)"
        }
        return "line \(line), column \(column): \(reason)"
    }
}
