import Foundation

/// A frame's pixels as runs of palette indices: what the GIF stores, so two frames
/// that differ only in colours mapped to the same entry count as unchanged.
struct IndexRuns: Equatable {
    var indices: [UInt8] = []
    var lengths: [Int] = []

    /// `frame`'s runs carry colour numbers (`RunLengthImage.number(in:)`), the palette's
    /// `entries` are by number.
    init(_ frame: RunLengthImage, palette: GIFPalette) {
        let entries = palette.entries
        frame.forEachRun { number, length in
            let index = entries[Int(number)]
            if indices.last == index {
                lengths[lengths.count - 1] += length
            } else {
                indices.append(index)
                lengths.append(length)
            }
        }
    }
}

extension IndexRuns {
    /// Writes the frame's indices, one per pixel in reading order, over `pixels`.
    func write(into pixels: inout [UInt8]) {
        let count = pixels.count
        pixels.withUnsafeMutableBufferPointer { buffer in
            var offset = 0
            for (value, length) in zip(indices, lengths) {
                let n = min(length, count - offset)
                guard n > 0 else { break }
                memset(buffer.baseAddress! + offset, Int32(value), n)
                offset += n
            }
        }
    }
}
