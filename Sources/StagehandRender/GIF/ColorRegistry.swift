/// The colours of a GIF's frames, each given a number when it is first met, with how
/// many pixels of it the frames have. A painted frame's runs carry their colour's number
/// instead of the colour (`RunLengthImage.init(_:worker:registry:)`): the palette maps
/// each colour once, into a plain array by number, and the encoder looks each run's
/// entry up there instead of hashing its colour again (a GIF of anti-aliased tiles has
/// hundreds of thousands of colours, whose tables miss the nearest caches).
///
/// Each painting worker keeps a registry of its own, so that the workers never wait for
/// one another to number a frame; a frame's numbers are those of its worker's registry,
/// and `merged` puts the registries together once every frame is painted. The numbers
/// depend on which worker painted which frame; nothing made from them does, as a
/// colour's count is the sum of its counts and the palette orders colours by count and
/// value.
struct ColorRegistry: Sendable {
    /// Colour → its number.
    private var numbers = ColorTable<UInt32>(capacity: 4096)
    /// By number: the colour (0x00RRGGBB).
    private(set) var colors: [UInt32] = []
    /// By number: how many pixels of the colour the frames counted have.
    private(set) var counts: [Int] = []

    /// The colours looked up lately, each with its number (`number << 32 | colour`), at
    /// a place given by the colour's hash: consecutive frames show mostly the same
    /// colours, and nine look-ups in ten find theirs here, in a table small enough for
    /// the nearest caches, instead of in `numbers`.
    private var recent = [UInt64](repeating: Self.none, count: 1 << Self.recentBits)
    private static let recentBits: UInt32 = 14
    /// No colour has its top byte set.
    private static var none: UInt64 { 0xFFFF_FFFF }

    /// `color`'s number, given now (with a count of 0) if it is new.
    @inline(__always)
    mutating func number(of color: UInt32) -> UInt32 {
        let place = Int((color &* 0x9E37_79B1) >> (32 - Self.recentBits))
        let seen = recent[place]
        if UInt32(truncatingIfNeeded: seen) == color { return UInt32(seen >> 32) }
        let number = numbers.value(of: color, inserting: UInt32(colors.count))
        if number == colors.count {
            colors.append(color)
            counts.append(0)
        }
        recent[place] = UInt64(number) << 32 | UInt64(color)
        return number
    }

    /// In `numbers`, a number not yet looked up.
    static let unknown = UInt32.max

    /// Replaces each `unknown` among the first `count` of `numbers` by the number of the
    /// colour at the same place in `colors` (giving new colours numbers).
    ///
    /// The colours are looked up many at a time, first all in `recent`, then the few not
    /// found there in `numbers` (also together: `ColorTable.values`): look-ups that do not
    /// wait for one another's results let the processor fetch their slots together, and a
    /// frame's row of tens of colours looked up one after the other waited for each slot
    /// in turn. The colours are numbered, and `recent` written, in the same order as one
    /// by one.
    mutating func number(_ colors: UnsafePointer<UInt32>, into numbers: UnsafeMutablePointer<UInt32>, count: Int) {
        var missed = 0
        recent.withUnsafeBufferPointer { recent in
            for i in 0..<count where numbers[i] == Self.unknown {
                let seen = recent[Int((colors[i] &* 0x9E37_79B1) >> (32 - Self.recentBits))]
                if UInt32(truncatingIfNeeded: seen) == colors[i] {
                    numbers[i] = UInt32(seen >> 32)
                } else {
                    missed += 1
                }
            }
        }
        guard missed > 0 else { return }
        if missed == 1 {
            for i in 0..<count where numbers[i] == Self.unknown { numbers[i] = number(of: colors[i]) }
            return
        }
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 2 * missed) { buffer in
            let pending = buffer.baseAddress!, found = pending + missed
            var k = 0
            for i in 0..<count where numbers[i] == Self.unknown {
                pending[k] = colors[i]
                k += 1
            }
            self.numbers.values(of: pending, count: missed, missing: Self.unknown, into: found)
            k = 0
            for i in 0..<count where numbers[i] == Self.unknown {
                numbers[i] = number(of: colors[i], found: found[k])
                k += 1
            }
        }
    }

    /// `number(of: color)`, `found` being its number in `numbers` looked up before (or
    /// `unknown`: then it may have been given one since, by an earlier colour of the
    /// same look-ups).
    @inline(__always)
    private mutating func number(of color: UInt32, found: UInt32) -> UInt32 {
        guard found != Self.unknown else { return number(of: color) }
        recent[Int((color &* 0x9E37_79B1) >> (32 - Self.recentBits))] = UInt64(found) << 32 | UInt64(color)
        return found
    }

    /// Adds `pixels` to the count of the colour numbered `number`.
    @inline(__always)
    mutating func count(_ pixels: Int, ofNumber number: UInt32) {
        counts[Int(number)] += pixels
    }

    /// The colours of all of `registries`, each once and counted as often as they count
    /// it together, and for each registry, by its numbers, the colour's place among them.
    ///
    /// A registry's colours are each numbered once, so only the registries before it can
    /// hold them again: with a few registries (one per core), each colour is looked up in
    /// those before it, none of them changed, rather than inserted into one growing table
    /// (copied from the first, its slots grown and moved): the look-ups do not wait for
    /// one another, and this runs while every other core waits for the palette.
    static func merged(_ registries: [ColorRegistry]) -> (registry: (colors: [UInt32], counts: [Int]), numbers: [[UInt32]]) {
        guard let first = registries.first else { return (([], []), []) }
        guard registries.count <= 4 else { return mergedIntoOne(registries) }
        var colors = first.colors, counts = first.counts
        var numbers = [Array(0..<UInt32(colors.count))]
        for (r, registry) in registries.enumerated().dropFirst() {
            // Each colour's number among those merged so far, or `unknown`.
            var merged = [UInt32](repeating: Self.unknown, count: registry.colors.count)
            var found = [UInt32](repeating: 0, count: registry.colors.count)
            for earlier in 0..<r {
                registries[earlier].numbers.values(of: registry.colors, count: registry.colors.count, missing: Self.unknown,
                                                   into: &found)
                for k in found.indices where merged[k] == Self.unknown && found[k] != Self.unknown {
                    merged[k] = numbers[earlier][Int(found[k])]
                }
            }
            for k in merged.indices {
                if merged[k] == Self.unknown {
                    merged[k] = UInt32(colors.count)
                    colors.append(registry.colors[k])
                    counts.append(registry.counts[k])
                } else {
                    counts[Int(merged[k])] += registry.counts[k]
                }
            }
            numbers.append(merged)
        }
        return ((colors, counts), numbers)
    }

    /// `merged` for many registries: each registry's colours inserted into one table,
    /// looked up once each whatever the number of registries.
    private static func mergedIntoOne(_ registries: [ColorRegistry]) -> (registry: (colors: [UInt32], counts: [Int]), numbers: [[UInt32]]) {
        var merged = registries[0]
        var numbers = [Array(0..<UInt32(merged.colors.count))]
        for registry in registries.dropFirst() {
            numbers.append(registry.colors.indices.map { k in
                let number = merged.number(of: registry.colors[k])
                merged.count(registry.counts[k], ofNumber: number)
                return number
            })
        }
        return ((merged.colors, merged.counts), numbers)
    }
}
