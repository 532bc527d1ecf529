import CZlib

/// Whether an entry's deflate stream ends within its own compressed bytes, found with
/// zlib before the archive library reads the entry.
///
/// The archive library's inflate on Linux reads on past an entry's compressed bytes until
/// the stream ends, and at the end of the file it loops for ever without calling back:
/// a stream that never ends (truncated, or damaged on purpose) would hang `install`.
/// Inflating the entry's own bytes here first, into a small buffer that is thrown away
/// and with its output counted against the size it declares, refuses it instead.
enum DeflateCheck {
    enum Outcome: Equatable {
        case ends
        /// The bytes run out before the stream ends.
        case doesNotEnd
        /// zlib finds the data invalid.
        case damaged
        /// The stream inflates to more than the entry declares.
        case tooLong
    }

    static func check(_ compressed: ArraySlice<UInt8>, declaredSize: UInt64) -> Outcome {
        var stream = z_stream()
        guard inflateInit2_(&stream, -MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return .damaged }
        defer { inflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: 1 << 16)
        var produced: UInt64 = 0
        return compressed.withUnsafeBufferPointer { input -> Outcome in
            guard let base = input.baseAddress, !input.isEmpty else { return .doesNotEnd }
            stream.next_in = UnsafeMutablePointer(mutating: base)
            stream.avail_in = UInt32(input.count)
            while true {
                let result = output.withUnsafeMutableBufferPointer { out -> Int32 in
                    stream.next_out = out.baseAddress
                    stream.avail_out = UInt32(out.count)
                    return inflate(&stream, Z_NO_FLUSH)
                }
                produced += UInt64(output.count) - UInt64(stream.avail_out)
                if produced > declaredSize { return .tooLong }
                switch result {
                case Z_STREAM_END: return .ends
                case Z_OK: continue
                case Z_BUF_ERROR: return stream.avail_in == 0 ? .doesNotEnd : .damaged
                default: return .damaged
                }
            }
        }
    }
}
