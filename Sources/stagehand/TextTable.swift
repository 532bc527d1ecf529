/// A plain text table: rows of cells, columns padded to their widest cell and separated
/// by two spaces. A header is simply the first row. The last column is not padded, so
/// long descriptions leave no trailing blanks.
struct TextTable {
    private(set) var rows: [[String]] = []

    mutating func append(_ row: [String]) {
        precondition(rows.first.map { $0.count == row.count } ?? true, "every row has the same number of cells")
        rows.append(row)
    }

    /// The rows as lines of text.
    func render() -> String {
        guard let first = rows.first else { return "" }
        let widths = first.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.indices.map { column in
                column == row.count - 1 ? row[column] : row[column].padding(to: widths[column])
            }
            .joined(separator: "  ")
        }
        .joined(separator: "\n")
    }
}

private extension String {
    /// Pads with spaces to `width` characters (what a terminal shows for the text the
    /// catalog holds; wide East Asian characters would need more care).
    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
