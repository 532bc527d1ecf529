/// A view record's corners: four points of two numbers, as the host records them, held
/// in place as eight numbers (`x0, y0, … x3, y3`) rather than in five arrays (see
/// `NumberList` for why). Any other shape (a trace read from a file may hold anything)
/// is kept as it is. Each list has one form, so two are equal exactly when their arrays are.
@usableFromInline package struct CornerList: Hashable, Sendable {
    /// The eight numbers, when `other` is nil.
    @usableFromInline let four: NumberList
    @usableFromInline let other: [[Double]]?

    /// Four corners `(x0, y0, … x3, y3)`. Inlinable, so that a record is filled in place.
    @inlinable
    package init(_ numbers: NumberList.Eight) {
        self.init(exactly: NumberList(exactly: numbers, count: 8, longer: nil), other: nil)
    }

    @inlinable
    init(exactly four: NumberList, other: [[Double]]?) {
        self.four = four
        self.other = other
    }

    init(_ corners: [[Double]]) {
        guard corners.count == 4, corners.allSatisfy({ $0.count == 2 }) else {
            self.init(exactly: NumberList((0, 0, 0, 0, 0, 0, 0, 0), count: 0), other: corners)
            return
        }
        self.init((corners[0][0], corners[0][1], corners[1][0], corners[1][1],
                   corners[2][0], corners[2][1], corners[3][0], corners[3][1]))
    }

    /// The eight numbers `x0, y0, … x3, y3` of four corners, or nil for any other shape.
    package var fourPoints: NumberList.Eight? { other == nil ? four.inPlace : nil }

    var array: [[Double]] {
        if let other { return other }
        return [[four[0], four[1]], [four[2], four[3]], [four[4], four[5]], [four[6], four[7]]]
    }
}
