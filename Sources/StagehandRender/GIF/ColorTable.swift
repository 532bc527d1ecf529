/// A table from 0x00RRGGBB colours to small integers, for the look-ups a GIF makes once
/// per run of every frame (counting colours, mapping them to the palette). Swift's
/// `Dictionary` hashes every key with SipHash, which guards against keys chosen by an
/// attacker and was a tenth of a gallery's time; colours need no such guard, so a
/// multiplicative hash with linear probing does.
///
/// A colour and its value share a slot: a table of hundreds of thousands of colours
/// (a GIF of anti-aliased tiles) misses the caches at nearly every look-up, and a key
/// and a value kept in two arrays missed them twice.
struct ColorTable<Value: FixedWidthInteger & Sendable>: Sendable {
    private struct Slot: Sendable {
        var key: UInt32
        var value: Value
    }

    /// No colour has its top byte set.
    private static var empty: UInt32 { 0xFFFF_FFFF }
    private var slots: [Slot]
    private var shift: UInt32
    private(set) var count = 0

    /// A table with room for `capacity` colours before it grows.
    init(capacity: Int = 64) {
        var bits: UInt32 = 4
        while (1 << bits) < 2 * max(capacity, 1) { bits += 1 }
        shift = 32 - bits
        slots = Array(repeating: Slot(key: Self.empty, value: 0), count: 1 << bits)
    }

    /// Where `color` is, or the empty slot where it would go.
    @inline(__always)
    private func slot(_ color: UInt32) -> Int {
        slots.withUnsafeBufferPointer { slots in
            let mask = slots.count - 1
            var i = Int((color &* 0x9E37_79B1) >> shift)
            while slots[i].key != color && slots[i].key != Self.empty { i = (i + 1) & mask }
            return i
        }
    }

    /// The values of the first `count` of `colors`, `missing` for those not in the
    /// table, into `values`.
    ///
    /// For a table of many colours, each look-up misses the caches: the colours' first
    /// slots are read a batch at a time, reads that do not wait for one another so that
    /// the processor fetches them together, and each look-up then goes on from its first
    /// slot (most end there).
    func values(of colors: UnsafePointer<UInt32>, count: Int, missing: Value, into values: UnsafeMutablePointer<Value>) {
        let batch = 64
        withUnsafeTemporaryAllocation(of: Slot.self, capacity: batch) { first in
            slots.withUnsafeBufferPointer { slots in
                let mask = slots.count - 1
                var start = 0
                while start < count {
                    let end = min(start + batch, count)
                    for i in start..<end { first[i - start] = slots[Int((colors[i] &* 0x9E37_79B1) >> shift)] }
                    for i in start..<end {
                        let color = colors[i]
                        var slot = first[i - start]
                        var at = Int((color &* 0x9E37_79B1) >> shift)
                        while slot.key != color && slot.key != Self.empty {
                            at = (at + 1) & mask
                            slot = slots[at]
                        }
                        values[i] = slot.key == color ? slot.value : missing
                    }
                    start = end
                }
            }
        }
    }

    subscript(color: UInt32) -> Value? {
        let i = slot(color)
        return slots[i].key == color ? slots[i].value : nil
    }

    /// Sets `color`'s value.
    mutating func set(_ value: Value, for color: UInt32) {
        slots[entry(color)].value = value
    }

    /// Adds `amount` to `color`'s value (0 when it is new): once per run of every frame,
    /// so written without a closure, which the optimiser did not always inline.
    mutating func add(_ amount: Value, to color: UInt32) {
        slots[entry(color)].value += amount
    }

    /// `color`'s value; if it is new, `value`, which it is given.
    @inline(__always)
    mutating func value(of color: UInt32, inserting value: Value) -> Value {
        let i = slot(color)
        if slots[i].key == color { return slots[i].value }
        slots[insert(color)].value = value
        return value
    }

    /// `color`'s slot, made (with value 0) if it is new.
    @inline(__always)
    private mutating func entry(_ color: UInt32) -> Int {
        let i = slot(color)
        if slots[i].key == color { return i }
        return insert(color)
    }

    private mutating func insert(_ color: UInt32) -> Int {
        if 2 * (count + 1) > slots.count { grow() }
        let i = slot(color)
        slots[i] = Slot(key: color, value: 0)
        count += 1
        return i
    }

    private mutating func grow() {
        var larger = ColorTable(capacity: slots.count)
        for slot in slots where slot.key != Self.empty { larger.set(slot.value, for: slot.key) }
        self = larger
    }

    /// Every colour with its value, in no particular order.
    var entries: [(color: UInt32, value: Value)] {
        slots.compactMap { $0.key == Self.empty ? nil : ($0.key, $0.value) }
    }
}
