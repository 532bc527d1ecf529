/// A GIF's colours in the order the palette takes them — most pixels first, then by
/// value — one at a time, as many as the palette asks for.
///
/// The palette looks at the first few hundred colours of hundreds of thousands (it stops
/// at 255 entries), so sorting them all was wasted: the colours are kept in a binary
/// heap, made in one linear pass, and each one taken costs a walk down its depth.
struct ColorsByCount: Sequence, IteratorProtocol {
    private struct Entry {
        let count: Int
        let color: UInt32
        /// Where the colour is in the arrays given.
        let index: Int

        /// Whether `self` comes before `other`.
        @inline(__always)
        func precedes(_ other: Entry) -> Bool {
            count != other.count ? count > other.count : color < other.color
        }
    }

    private var heap: [Entry]

    /// `colors` (each once) with their `counts`.
    init(colors: [UInt32], counts: [Int]) {
        heap = colors.indices.map { Entry(count: counts[$0], color: colors[$0], index: $0) }
        for i in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(i) }
    }

    /// The index, in the arrays given, of the next colour in order; nil after the last.
    mutating func next() -> Int? {
        guard let first = heap.first else { return nil }
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            siftDown(0)
        }
        return first.index
    }

    /// Moves the entry at `i` down until neither child comes before it.
    private mutating func siftDown(_ i: Int) {
        heap.withUnsafeMutableBufferPointer { heap in
            var i = i
            let entry = heap[i]
            while true {
                var child = 2 * i + 1
                guard child < heap.count else { break }
                if child + 1 < heap.count, heap[child + 1].precedes(heap[child]) { child += 1 }
                guard heap[child].precedes(entry) else { break }
                heap[i] = heap[child]
                i = child
            }
            heap[i] = entry
        }
    }
}
