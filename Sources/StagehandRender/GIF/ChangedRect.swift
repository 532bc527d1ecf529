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

    /// The frames must differ somewhere (an unchanged frame is stored otherwise).
    init(between previous: [UInt8], and current: [UInt8], width: Int, height: Int) {
        var top = height, bottom = -1, left = width, right = -1
        previous.withUnsafeBufferPointer { a in
            current.withUnsafeBufferPointer { b in
                for y in 0..<height {
                    let start = y * width
                    guard memcmp(a.baseAddress! + start, b.baseAddress! + start, width) != 0 else { continue }
                    top = min(top, y)
                    bottom = y
                    let first = Self.firstDifference(a.baseAddress! + start, b.baseAddress! + start, count: width)
                    let last = Self.lastDifference(a.baseAddress! + start, b.baseAddress! + start, count: width)
                    left = min(left, first)
                    right = max(right, last)
                }
            }
        }
        if bottom < 0 {
            self.init(x: 0, y: 0, width: 1, height: 1)
        } else {
            self.init(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
        }
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
