import Foundation
import StagehandTrace
import Testing

/// A view record holds its frame, transform, corners and colour in place, but reads,
/// compares and writes them as the arrays its API and JSON form show: any shape a trace
/// file may hold (not only the host's four corners of two numbers) comes back as it was.
@Suite struct ViewRecordListsTests {
    static func record(frame: [Double] = [1, 2, 3, 4], transform: [Double] = [1, 0, 0, 1, 5, 6],
                       corners: [[Double]] = [[0, 0], [10, 0], [10, 20], [0, 20]], color: [Double]? = [0.5, 0.25, 0, 1]) -> Trace.ViewRecord {
        Trace.ViewRecord(title: "T", kind: "view", source: nil, depth: 1, frame: frame, transform: transform, alpha: 1,
                         opacity: 1, hidden: false, corners: corners, color: color, cornerRadius: 0, shadow: 0)
    }

    @Test(arguments: [
        record(),
        record(frame: [], transform: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], corners: [[1, 2], [3, 4], [5, 6]], color: nil),
        record(corners: [[1, 2, 3], [4], [5, 6], [7, 8]], color: [1, 2, 3, 4, 5, 6, 7, 8, 9]),
        record(corners: [], color: [])
    ])
    func listsReadAndRoundTripAsTheArraysGiven(original: Trace.ViewRecord) throws {
        // Sorted, as the trace writer writes: the same bytes whatever the members' order.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(original)
        let decoded = try JSONDecoder().decode(Trace.ViewRecord.self, from: data)
        #expect(decoded == original)
        #expect(decoded.hashValue == original.hashValue)
        #expect(try encoder.encode(decoded) == data)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["frame"] as? [Double] == original.frame)
        #expect(object["corners"] as? [[Double]] == original.corners)
        #expect((object["color"] as? [Double]) == original.color)
    }

    @Test func recordsAreEqualExactlyWhenTheirArraysAre() {
        var a = Self.record(), b = Self.record()
        #expect(a == b)
        b.corners[2][1] = 21
        #expect(a != b)
        #expect(b.corners == [[0, 0], [10, 0], [10, 21], [0, 20]])
        a.corners = [[0, 0], [10, 0], [10, 21], [0, 20]]
        #expect(a == b && a.hashValue == b.hashValue)
        b.frame.append(9)
        #expect(b.frame == [1, 2, 3, 4, 9] && a != b)
        b.frame.removeLast()
        #expect(a == b)
        a.color = nil
        #expect(a != b && a.color == nil)
    }

    @Test func aRecordMadeFromItsNumbersIsTheOneMadeFromArrays() {
        let arrays = Self.record()
        let numbers = Trace.ViewRecord(title: "T", kind: "view", source: nil, depth: 1, frame: (1, 2, 3, 4),
                                       transform: (1, 0, 0, 1, 5, 6), alpha: 1, opacity: 1, hidden: false,
                                       corners: (0, 0, 10, 0, 10, 20, 0, 20), color: (0.5, 0.25, 0, 1), cornerRadius: 0,
                                       shadow: 0)
        #expect(numbers == arrays && numbers.hashValue == arrays.hashValue)
        #expect(numbers.frame == [1, 2, 3, 4] && numbers.corners == [[0, 0], [10, 0], [10, 20], [0, 20]])
        let plain = Trace.ViewRecord(title: "T", kind: "view", source: nil, depth: 1, frame: (1, 2, 3, 4),
                                     transform: (1, 0, 0, 1, 5, 6), alpha: 1, opacity: 1, hidden: false,
                                     corners: (0, 0, 10, 0, 10, 20, 0, 20), color: nil, cornerRadius: 0, shadow: 0)
        #expect(plain == Self.record(color: nil) && plain != arrays)
    }
}
