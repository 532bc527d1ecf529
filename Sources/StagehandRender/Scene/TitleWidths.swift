import Foundation

/// The advances of the text a frame's views show, remembered by the view's place in the
/// frame, so that the next frame asks `FontMetrics` only for what changed.
///
/// A run's frames hold the same views in the same order, showing the same titles, over
/// hundreds of frames: asking the shared `FontMetrics` cache for each label of each view
/// of each frame hashes the whole string and takes a lock every time. Here a label's
/// advance is found by its view's index and kept while the text is equal (`==` on the
/// same string is a comparison of its storage, otherwise of its bytes: no hashing, no
/// lock). The numbers are `FontMetrics`'s own, so the pictures do not change.
///
/// A value type used by one thread at a time: `FramePainter` keeps one per canvas and
/// lends it with the canvas.
struct TitleWidths: Sendable {
    let metrics: FontMetrics
    /// By view index: the text last measured there, its face, and its advance.
    private var known: [(text: String, bold: Bool, advance: Double)?] = []

    init(metrics: FontMetrics) {
        self.metrics = metrics
    }

    /// The advance of `text` for a size of 1, shown by the view at `slot` in its frame.
    mutating func advance(_ text: String, bold: Bool, slot: Int) -> Double {
        if slot < known.count, let entry = known[slot], entry.bold == bold, Self.sameBytes(entry.text, text) {
            return entry.advance
        }
        let advance = metrics.advance(text, bold: bold)
        if slot >= known.count { known += Array(repeating: nil, count: slot + 1 - known.count) }
        known[slot] = (text, bold, advance)
        return advance
    }

    /// Byte-for-byte equality. `==` on strings not known to be in normal form (those
    /// decoded from a trace) compares them through Unicode normalization, which costs
    /// about as much as the lookup this saves. Equal text spelled in other bytes misses
    /// here and is answered by `FontMetrics`, so the advance is the same either way.
    private static func sameBytes(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { a in
            b.withUTF8 { b in
                a.count == b.count && (a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
            }
        }
    }
}
