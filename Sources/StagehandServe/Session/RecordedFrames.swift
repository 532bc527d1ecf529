import StagehandTrace

/// A live stage's recorded frames, packed: each frame's views as one array of numbers,
/// every string (titles, kinds, stacks) once in a table, and a frame that shows what
/// the one before it showed holding the same array.
///
/// Why packed: a `Trace.ViewRecord` is a struct of small arrays (its frame, its
/// transform, four corners, a colour), about ten heap blocks a view, and a tab playing
/// explode (220 tiles, 60 frames a second) recorded about 40 MiB for one push that way.
/// Packed, a view costs its numbers (about 40 doubles, 8 bytes each) and the recording
/// can be bounded by what it holds in bytes. Frames are unpacked only for an export.
struct RecordedFrames {
    private struct Entry {
        var t: Double
        var stack: Int32
        var presented: Int32
        var percent: Double?
        var touches: [[Double]]?
        /// The views' numbers (see `pack`); the same array as the entry before when
        /// `sharesViews`.
        var views: [Double]
        var sharesViews: Bool
    }

    private var entries: [Entry] = []
    private var strings = Interner<String>()
    private var lists = Interner<[String]>()
    private var lastViews: [Trace.ViewRecord]?
    private var scratch: [Double] = []
    /// The bytes held by the frames' numbers (shared arrays counted once) and entries.
    private(set) var bytes = 0

    var count: Int { entries.count }
    var isEmpty: Bool { entries.isEmpty }

    /// Appends `frame`; when its views equal the last frame's, it holds the same numbers.
    mutating func append(_ frame: Trace.Frame) {
        let shared = lastViews == frame.views && !entries.isEmpty
        let views: [Double]
        if shared {
            views = entries[entries.count - 1].views
        } else {
            var numbers = scratch
            scratch = []
            numbers.removeAll(keepingCapacity: true)
            for view in frame.views { pack(view, into: &numbers) }
            // A copy of exactly its size (`Array(numbers)` would share the scratch's
            // buffer, spare capacity and all, and the next frame would then grow a new one).
            views = numbers.withUnsafeBufferPointer { Array($0) }
            scratch = numbers
            bytes += views.capacity * MemoryLayout<Double>.stride
        }
        lastViews = frame.views
        entries.append(Entry(t: frame.t, stack: Int32(lists.id(frame.stack)), presented: Int32(lists.id(frame.presented)),
                             percent: frame.percent, touches: frame.touches, views: views, sharesViews: shared))
        bytes += MemoryLayout<Entry>.stride + (frame.touches?.count ?? 0) * 48
    }

    /// The frame at `index`, unpacked.
    subscript(index: Int) -> Trace.Frame {
        frame(entries[index], views: unpack(entries[index].views))
    }

    var last: Trace.Frame? { isEmpty ? nil : self[count - 1] }

    /// Every frame, unpacked; frames that shared their numbers share their views again.
    func unpacked() -> [Trace.Frame] {
        var frames: [Trace.Frame] = []
        frames.reserveCapacity(entries.count)
        var views: [Trace.ViewRecord] = []
        for entry in entries {
            if !entry.sharesViews || frames.isEmpty { views = unpack(entry.views) }
            frames.append(frame(entry, views: views))
        }
        return frames
    }

    private func frame(_ entry: Entry, views: [Trace.ViewRecord]) -> Trace.Frame {
        Trace.Frame(t: entry.t, stack: lists[Int(entry.stack)], presented: lists[Int(entry.presented)],
                    percent: entry.percent, views: views, touches: entry.touches)
    }

    // MARK: Packing

    /// Which of a view's optional fields follow its plain ones, and its flags.
    private struct Present: OptionSet {
        let rawValue: Int
        static let hidden = Present(rawValue: 1 << 0)
        static let source = Present(rawValue: 1 << 1)
        static let color = Present(rawValue: 1 << 2)
        static let doubleSided = Present(rawValue: 1 << 3)
        static let doubleSidedValue = Present(rawValue: 1 << 4)
        static let sublayerTransform = Present(rawValue: 1 << 5)
        static let clips = Present(rawValue: 1 << 6)
        static let clipsValue = Present(rawValue: 1 << 7)
        static let mask = Present(rawValue: 1 << 8)
        static let size = Present(rawValue: 1 << 9)
        static let shadowRadius = Present(rawValue: 1 << 10)
        static let shadowOffset = Present(rawValue: 1 << 11)
        static let shadowColor = Present(rawValue: 1 << 12)
        static let zPosition = Present(rawValue: 1 << 13)
        static let match = Present(rawValue: 1 << 14)
        static let compositing = Present(rawValue: 1 << 15)
    }

    /// A view as numbers: its flags, then its plain fields in declaration order (strings
    /// as indices into the table, arrays as their count and then their elements), then
    /// each optional field the flags say is present, in declaration order.
    private mutating func pack(_ v: Trace.ViewRecord, into out: inout [Double]) {
        var present: Present = v.hidden ? [.hidden] : []
        if v.source != nil { present.insert(.source) }
        if v.color != nil { present.insert(.color) }
        if let sided = v.doubleSided { present.insert(.doubleSided); if sided { present.insert(.doubleSidedValue) } }
        if v.sublayerTransform != nil { present.insert(.sublayerTransform) }
        if let clips = v.clips { present.insert(.clips); if clips { present.insert(.clipsValue) } }
        if v.mask != nil { present.insert(.mask) }
        if v.size != nil { present.insert(.size) }
        if v.shadowRadius != nil { present.insert(.shadowRadius) }
        if v.shadowOffset != nil { present.insert(.shadowOffset) }
        if v.shadowColor != nil { present.insert(.shadowColor) }
        if v.zPosition != nil { present.insert(.zPosition) }
        if v.match != nil { present.insert(.match) }
        if v.compositing != nil { present.insert(.compositing) }

        out.append(Double(present.rawValue))
        out.append(Double(strings.id(v.title)))
        out.append(Double(strings.id(v.kind)))
        out.append(Double(v.depth))
        Self.append(v.frame, to: &out)
        Self.append(v.transform, to: &out)
        out.append(v.alpha)
        out.append(v.opacity)
        out.append(Double(v.corners.count))
        for corner in v.corners { Self.append(corner, to: &out) }
        out.append(v.cornerRadius)
        out.append(v.shadow)
        if let source = v.source { out.append(Double(strings.id(source))) }
        if let color = v.color { Self.append(color, to: &out) }
        if let m = v.sublayerTransform { Self.append(m, to: &out) }
        if let mask = v.mask { Self.append(mask, to: &out) }
        if let size = v.size { Self.append(size, to: &out) }
        if let radius = v.shadowRadius { out.append(radius) }
        if let offset = v.shadowOffset { Self.append(offset, to: &out) }
        if let color = v.shadowColor { Self.append(color, to: &out) }
        if let z = v.zPosition { out.append(z) }
        if let match = v.match { out.append(Double(strings.id(match))) }
        if let compositing = v.compositing { out.append(Double(strings.id(compositing))) }
    }

    private static func append(_ values: [Double], to out: inout [Double]) {
        out.append(Double(values.count))
        out.append(contentsOf: values)
    }

    /// The views `pack` wrote, in order.
    private func unpack(_ numbers: [Double]) -> [Trace.ViewRecord] {
        var views: [Trace.ViewRecord] = []
        var reader = Reader(numbers: numbers)
        while !reader.isAtEnd {
            let present = Present(rawValue: reader.int())
            let title = strings[reader.int()]
            let kind = strings[reader.int()]
            let depth = reader.int()
            let frame = reader.array()
            let transform = reader.array()
            let alpha = reader.number()
            let opacity = reader.number()
            let corners = (0..<reader.int()).map { _ in reader.array() }
            let cornerRadius = reader.number()
            let shadow = reader.number()
            let source = present.contains(.source) ? strings[reader.int()] : nil
            let color = present.contains(.color) ? reader.array() : nil
            var v = Trace.ViewRecord(title: title, kind: kind, source: source, depth: depth, frame: frame, transform: transform,
                                     alpha: alpha, opacity: opacity, hidden: present.contains(.hidden), corners: corners,
                                     color: color, cornerRadius: cornerRadius, shadow: shadow)
            if present.contains(.doubleSided) { v.doubleSided = present.contains(.doubleSidedValue) }
            if present.contains(.sublayerTransform) { v.sublayerTransform = reader.array() }
            if present.contains(.clips) { v.clips = present.contains(.clipsValue) }
            if present.contains(.mask) { v.mask = reader.array() }
            if present.contains(.size) { v.size = reader.array() }
            if present.contains(.shadowRadius) { v.shadowRadius = reader.number() }
            if present.contains(.shadowOffset) { v.shadowOffset = reader.array() }
            if present.contains(.shadowColor) { v.shadowColor = reader.array() }
            if present.contains(.zPosition) { v.zPosition = reader.number() }
            if present.contains(.match) { v.match = strings[reader.int()] }
            if present.contains(.compositing) { v.compositing = strings[reader.int()] }
            views.append(v)
        }
        return views
    }

    /// Reads back, in order, the numbers `pack` wrote.
    private struct Reader {
        let numbers: [Double]
        var at = 0
        var isAtEnd: Bool { at >= numbers.count }
        mutating func number() -> Double {
            defer { at += 1 }
            return numbers[at]
        }
        mutating func int() -> Int { Int(number()) }
        mutating func array() -> [Double] {
            let count = int()
            defer { at += count }
            return Array(numbers[at..<at + count])
        }
    }
}

/// Each distinct value once, named by its index in order of first use.
private struct Interner<Value: Hashable> {
    private var values: [Value] = []
    private var index: [Value: Int] = [:]

    mutating func id(_ value: Value) -> Int {
        if let id = index[value] { return id }
        values.append(value)
        index[value] = values.count - 1
        return values.count - 1
    }

    subscript(id: Int) -> Value { values[id] }
}
