/// The colours of a GIF's frames, each given a number when a painting worker first meets
/// it, with how many pixels of it the frames have. A painted frame's runs then carry
/// their colour's number instead of the colour (`RunLengthImage.number(in:)`): the
/// palette maps each colour once, into a plain array by number, and the encoder looks
/// each run's entry up there instead of hashing its colour again (a GIF of anti-aliased
/// tiles has hundreds of thousands of colours, whose tables miss the nearest caches).
///
/// The numbers depend on the order in which the workers finish; nothing made from them
/// does, as the palette orders colours by count and value.
struct ColorRegistry: Sendable {
    /// Colour → its number.
    private var numbers = ColorTable<UInt32>(capacity: 4096)
    /// By number: the colour (0x00RRGGBB).
    private(set) var colors: [UInt32] = []
    /// By number: how many pixels of the colour the frames counted have.
    private(set) var counts: [Int] = []

    /// `color`'s number (given now if it is new), after adding `pixels` to its count.
    @inline(__always)
    mutating func count(_ pixels: Int, of color: UInt32) -> UInt32 {
        let number = numbers.value(of: color, inserting: UInt32(colors.count))
        if number == colors.count {
            colors.append(color)
            counts.append(pixels)
        } else {
            counts[Int(number)] += pixels
        }
        return number
    }

    /// Adds `pixels` to the count of the colour numbered `number`.
    @inline(__always)
    mutating func count(_ pixels: Int, ofNumber number: UInt32) {
        counts[Int(number)] += pixels
    }
}
