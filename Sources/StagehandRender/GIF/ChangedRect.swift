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
                    var first = 0
                    while a[start + first] == b[start + first] { first += 1 }
                    var last = width - 1
                    while a[start + last] == b[start + last] { last -= 1 }
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
}
