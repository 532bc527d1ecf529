import Foundation

/// The smallest rectangle holding every pixel that differs between two frames of palette
/// indices (row-major, `width` wide): what a GIF frame drawn over the previous one must
/// store. Whole rows are compared first, as the frames of a transition mostly change in
/// a band.
struct ChangedRect: Equatable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int

    init(x: Int, y: Int, width: Int, height: Int) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }

    /// Nil when the frames do not differ.
    init?(between a: UnsafePointer<UInt8>, and b: UnsafePointer<UInt8>, width: Int, height: Int) {
        var top = height, bottom = -1, left = width, right = -1
        for y in 0..<height {
            let start = y * width
            guard memcmp(a + start, b + start, width) != 0 else { continue }
            top = min(top, y)
            bottom = y
            left = min(left, Self.firstDifference(a + start, b + start, count: width))
            right = max(right, Self.lastDifference(a + start, b + start, count: width))
        }
        guard bottom >= 0 else { return nil }
        self.init(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
    }

    // The first and last differing bytes of two rows known to differ, eight bytes at a
    // time (a row of 390 pixels compared one by one was a tenth of a GIF's encoding).

    private static func firstDifference(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, count: Int) -> Int {
        var i = 0
        while i + 8 <= count {
            let x = UnsafeRawPointer(a + i).loadUnaligned(as: UInt64.self) ^ UnsafeRawPointer(b + i).loadUnaligned(as: UInt64.self)
            if x != 0 { return i + UInt64(littleEndian: x).trailingZeroBitCount / 8 }
            i += 8
        }
        while a[i] == b[i] { i += 1 }
        return i
    }

    private static func lastDifference(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, count: Int) -> Int {
        var end = count
        while end >= 8 {
            let x = UnsafeRawPointer(a + end - 8).loadUnaligned(as: UInt64.self) ^ UnsafeRawPointer(b + end - 8).loadUnaligned(as: UInt64.self)
            if x != 0 { return end - 1 - UInt64(littleEndian: x).leadingZeroBitCount / 8 }
            end -= 8
        }
        var i = end - 1
        while a[i] == b[i] { i -= 1 }
        return i
    }
}
