import ArgumentParser
import Foundation
import StagehandCore
import StagehandHost

/// Writes a trace (`--trace FILE`, or `-` for standard output) while the run goes: the
/// header first, then each frame as it is recorded, then the events. Only a buffer of a
/// few frames is held, so the memory a run needs does not grow with its length.
///
/// The file is the JSON object of Documentation/Trace.md with its members in the order
/// `fps`, `screen`, `frames`, `events`, one frame per line. It appears at its path only
/// when complete (see `OutputFile`).
final class TraceWriter {
    private let file: OutputFile
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()
    private var buffer = Data()
    private var frames = 0
    /// The first failure; later frames are dropped and `finish` throws it.
    private var failure: Error?

    /// Opens `path` (refusing, before the run, a target that must not be replaced).
    init(path: String, fps: Int, screen: Size) throws {
        file = try OutputFile(path == "-" ? "/dev/stdout" : path, argument: "--trace")
        buffer.append(contentsOf: "{\"fps\":\(fps),\"screen\":".utf8)
        append(encoded: [screen.width, screen.height])
        buffer.append(contentsOf: ",\"frames\":[".utf8)
    }

    /// Adds the next frame.
    func append(_ frame: Trace.Frame) {
        guard failure == nil else { return }
        buffer.append(contentsOf: (frames == 0 ? "\n" : ",\n").utf8)
        frames += 1
        append(encoded: frame)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Adds the events, and puts the file in place.
    func finish(events: [Trace.Event]) throws {
        buffer.append(contentsOf: "],\n\"events\":".utf8)
        append(encoded: events)
        buffer.append(contentsOf: "}\n".utf8)
        flush()
        if let failure { throw failure }
        try file.commit()
    }

    private func append<T: Encodable>(encoded value: T) {
        do {
            buffer.append(try encoder.encode(value))
        } catch {
            fail(InputError.fail("--trace \(file.path)", "cannot encode the trace: \(error)"))
        }
    }

    private func flush() {
        guard failure == nil else { return }
        do {
            try file.write(buffer)
        } catch {
            fail(error)
        }
        buffer.removeAll(keepingCapacity: true)
    }

    private func fail(_ error: Error) {
        if failure == nil { failure = error }
        file.discard()
    }
}
