import CRenderLibraries
import Foundation

/// Encodes a canvas as PNG with cairo (`cairo_surface_write_to_png_stream`) into memory,
/// so the caller decides where the bytes go (a temporary file renamed into place).
enum PNGEncoder {
    /// The bytes written so far; cairo's C callback reaches it through its closure pointer.
    private final class Sink {
        var data = Data()
    }

    static func encode(_ canvas: Canvas) throws(RenderError) -> Data {
        let cairo = try RenderLibraries.cairo()
        let sink = Sink()
        let status = withExtendedLifetime(sink) {
            cairo.surface_write_to_png_stream(canvas.surface, { closure, bytes, length in
                guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
                let sink = Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue()
                sink.data.append(bytes, count: Int(length))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque())
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError("cairo could not encode a PNG: \(cairo.status_to_string(status).map { String(cString: $0) } ?? "status \(status.rawValue)")")
        }
        return sink.data
    }
}
