/// A view record's short list of numbers (a frame's four, a transform's six, a colour's
/// four, four corners' eight), held in place.
///
/// Why in place: a frame records every view (a screen cut into tiles: a thousand and
/// more), and an array per list is a heap block to make, copy and free for each of them,
/// on the thread that steps the stage and on the ones that paint. A list longer than
/// `capacity` (a trace read from a file may hold anything) is kept in an array. Each
/// list has one form, so two lists are equal exactly when their arrays are.
@usableFromInline package struct NumberList: Hashable, Sendable {
    @usableFromInline package typealias Eight = (Double, Double, Double, Double, Double, Double, Double, Double)

    /// The most numbers held in place.
    static let capacity = 8

    /// The numbers, when `count <= capacity`; the rest are 0.
    @usableFromInline let numbers: Eight
    @usableFromInline package let count: Int
    /// The numbers, when `count > capacity`.
    @usableFromInline let longer: [Double]?

    /// The first `count` of `numbers`.
    init(_ numbers: Eight, count: Int) {
        precondition(count >= 0 && count <= Self.capacity, "a list held in place has at most \(Self.capacity) numbers")
        // Unused places are 0, so that equality and hashing can read all eight.
        var kept = numbers
        withUnsafeMutableBytes(of: &kept) { bytes in
            let all = bytes.bindMemory(to: Double.self)
            for i in count..<Self.capacity { all[i] = 0 }
        }
        self.init(exactly: kept, count: count, longer: nil)
    }

    /// Every stored value as given (the inlinable initializers' one way in).
    @inlinable
    init(exactly numbers: Eight, count: Int, longer: [Double]?) {
        self.numbers = numbers
        self.count = count
        self.longer = longer
    }

    /// Inlinable (as the next), so that a record is filled in place.
    @inlinable
    package init(_ a: Double, _ b: Double, _ c: Double, _ d: Double) {
        self.init(exactly: (a, b, c, d, 0, 0, 0, 0), count: 4, longer: nil)
    }

    @inlinable
    package init(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ e: Double, _ f: Double) {
        self.init(exactly: (a, b, c, d, e, f, 0, 0), count: 6, longer: nil)
    }

    init(_ array: [Double]) {
        guard array.count <= Self.capacity else {
            self.init(exactly: (0, 0, 0, 0, 0, 0, 0, 0), count: array.count, longer: array)
            return
        }
        var numbers: Eight = (0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &numbers) { bytes in
            let all = bytes.bindMemory(to: Double.self)
            for (i, x) in array.enumerated() { all[i] = x }
        }
        self.init(numbers, count: array.count)
    }

    package subscript(i: Int) -> Double {
        precondition(i >= 0 && i < count, "index \(i) out of a list of \(count) numbers")
        if let longer { return longer[i] }
        return withUnsafeBytes(of: numbers) { $0.load(fromByteOffset: i * MemoryLayout<Double>.stride, as: Double.self) }
    }

    /// The eight numbers held in place (the first `count` of them are the list), or nil
    /// for a longer list.
    package var inPlace: Eight? { longer == nil ? numbers : nil }

    var array: [Double] {
        if let longer { return longer }
        return withUnsafeBytes(of: numbers) { Array($0.bindMemory(to: Double.self).prefix(count)) }
    }

    @usableFromInline package static func == (a: NumberList, b: NumberList) -> Bool {
        a.count == b.count && a.longer == b.longer
            && a.numbers.0 == b.numbers.0 && a.numbers.1 == b.numbers.1 && a.numbers.2 == b.numbers.2
            && a.numbers.3 == b.numbers.3 && a.numbers.4 == b.numbers.4 && a.numbers.5 == b.numbers.5
            && a.numbers.6 == b.numbers.6 && a.numbers.7 == b.numbers.7
    }

    @usableFromInline package func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        if let longer {
            hasher.combine(longer)
            return
        }
        withUnsafeBytes(of: numbers) { bytes in
            for x in bytes.bindMemory(to: Double.self).prefix(count) { hasher.combine(x) }
        }
    }
}
