import Foundation
@testable import StagehandRender
import StagehandShared
import Testing

/// The parts of a GIF made on several threads reach the writer in order, each once,
/// whether helpers make most of them, none, or parts finish out of order.
@Suite struct GIFStretchesTests {
    @Test(arguments: [0, 1, 3])
    func partsAreHandedOverInOrder(helpers: Int) {
        for count in [1, 2, 9, 40] {
            let madeOn = Locked<[Int: Bool]>([:])
            let caller = Thread.current.description
            let stretches = GIFStretches(count: count) { i in
                // Parts of uneven sizes.
                let bytes = [UInt8](repeating: UInt8(i % 256), count: 1 + (i * 7919) % 2000)
                madeOn.withLock { $0[i] = Thread.current.description == caller }
                return Data(bytes)
            }
            var handed: [Data] = []
            stretches.run(helpers: helpers) { handed.append($0) }
            let expected = (0..<count).map { i in Data(repeating: UInt8(i % 256), count: 1 + (i * 7919) % 2000) }
            #expect(handed == expected, "\(count) parts, \(helpers) helpers")
            #expect(madeOn.withLock { $0.count } == count, "each part made once")
            if helpers == 0 { #expect(madeOn.withLock { $0.values.allSatisfy { $0 } }, "with no helper, the caller makes every part") }
        }
    }
}
