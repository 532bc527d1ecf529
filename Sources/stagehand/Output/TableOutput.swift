import TextTable

/// Prints tables with TextTable's plain style, without the blanks it pads the last
/// column with (so lines end where their text does).
enum TableOutput {
    static func render<T>(_ table: TextTable<T>, _ rows: [T], header: Bool = true) -> String {
        var lines = (table.string(for: rows, style: Style.plain) ?? "").split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        if !header, !lines.isEmpty { lines.removeFirst() }
        return lines.map { line in
            var end = line.endIndex
            while end > line.startIndex, line[line.index(before: end)] == " " { end = line.index(before: end) }
            return String(line[..<end])
        }.joined(separator: "\n")
    }
}
