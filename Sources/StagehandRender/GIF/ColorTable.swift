/// A table from 0x00RRGGBB colours to small integers, for the look-ups a GIF makes once
/// per run of every frame (counting colours, mapping them to the palette). Swift's
/// `Dictionary` hashes every key with SipHash, which guards against keys chosen by an
/// attacker and was a tenth of a gallery's time; colours need no such guard, so a
/// multiplicative hash with linear probing does.
struct ColorTable<Value: FixedWidthInteger & Sendable>: Sendable {
    /// No colour has its top byte set.
    private static var empty: UInt32 { 0xFFFF_FFFF }
    private var keys: [UInt32]
    private var values: [Value]
    private var shift: UInt32
    private(set) var count = 0

    /// A table with room for `capacity` colours before it grows.
    init(capacity: Int = 64) {
        var bits: UInt32 = 4
        while (1 << bits) < 2 * max(capacity, 1) { bits += 1 }
        shift = 32 - bits
        keys = Array(repeating: Self.empty, count: 1 << bits)
        values = Array(repeating: 0, count: 1 << bits)
    }

    /// Where `color` is, or the empty slot where it would go.
    @inline(__always)
    private func slot(_ color: UInt32) -> Int {
        let mask = keys.count - 1
        var i = Int((color &* 0x9E37_79B1) >> shift)
        while keys[i] != color && keys[i] != Self.empty { i = (i + 1) & mask }
        return i
    }

    subscript(color: UInt32) -> Value? {
        let i = slot(color)
        return keys[i] == color ? values[i] : nil
    }

    /// Sets `color`'s value.
    mutating func set(_ value: Value, for color: UInt32) {
        values[entry(color)] = value
    }

    /// Adds `amount` to `color`'s value (0 when it is new): once per run of every frame,
    /// so written without a closure, which the optimiser did not always inline.
    mutating func add(_ amount: Value, to color: UInt32) {
        values[entry(color)] += amount
    }

    /// `color`'s value; if it is new, `value`, which it is given.
    mutating func value(of color: UInt32, inserting value: Value) -> Value {
        let i = slot(color)
        if keys[i] == color { return values[i] }
        values[insert(color)] = value
        return value
    }

    /// `color`'s slot, made (with value 0) if it is new.
    @inline(__always)
    private mutating func entry(_ color: UInt32) -> Int {
        let i = slot(color)
        if keys[i] == color { return i }
        return insert(color)
    }

    private mutating func insert(_ color: UInt32) -> Int {
        if 2 * (count + 1) > keys.count { grow() }
        let i = slot(color)
        keys[i] = color
        values[i] = 0
        count += 1
        return i
    }

    private mutating func grow() {
        var larger = ColorTable(capacity: keys.count)
        for (color, value) in entries { larger.set(value, for: color) }
        self = larger
    }

    /// Every colour with its value, in no particular order.
    var entries: [(color: UInt32, value: Value)] {
        zip(keys, values).compactMap { $0 == Self.empty ? nil : ($0, $1) }
    }
}
