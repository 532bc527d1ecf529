import Foundation
import StagehandRender
import StagehandTrace

/// The last export of each session, downloadable until the session exports again:
/// the scenario file, its trace (written as `stagehand play --trace` writes it, so the
/// two files can be compared byte for byte) and, made when first asked for, a GIF.
final class ExportStore: @unchecked Sendable {
    struct Links {
        var scenario: String
        var trace: String
        var gif: String
    }

    private struct Entry {
        var scenario: String
        var trace: Trace
        var gif: Data?
    }

    private let lock = NSLock()
    private var entries: [String: Entry] = [:]

    func store(session: String, scenario: String, trace: Trace) -> Links {
        lock.withLock { entries[session] = Entry(scenario: scenario, trace: trace) }
        let base = "/export/\(session)/"
        return Links(scenario: base + "recording.json", trace: base + "trace.json", gif: base + "recording.gif")
    }

    func forget(session: String) {
        lock.withLock { entries[session] = nil }
    }

    func scenario(session: String) -> String? {
        lock.withLock { entries[session]?.scenario }
    }

    func trace(session: String) -> Data? {
        guard let trace = lock.withLock({ entries[session]?.trace }) else { return nil }
        return Self.traceFile(trace)
    }

    /// The GIF at 50 frames a second (the fastest rate browsers honour), made once.
    func gif(session: String) throws -> Data? {
        guard let entry = lock.withLock({ entries[session] }) else { return nil }
        if let gif = entry.gif { return gif }
        let data = try Renderer(trace: entry.trace).gif(trace: entry.trace, timing: GIFTiming(framesPerSecond: 50))
        lock.withLock { entries[session]?.gif = data }
        return data
    }

    /// The trace file's layout: `fps`, `screen`, then one frame per line, then the
    /// events, each member encoded with sorted keys.
    static func traceFile(_ trace: Trace) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        func encoded(_ value: some Encodable) -> Data { (try? encoder.encode(value)) ?? Data("null".utf8) }
        var out = Data("{\"fps\":\(trace.fps),\"screen\":".utf8)
        out.append(encoded(trace.screen))
        out.append(contentsOf: ",\"frames\":[".utf8)
        for (i, frame) in trace.frames.enumerated() {
            out.append(contentsOf: (i == 0 ? "\n" : ",\n").utf8)
            out.append(encoded(frame))
        }
        out.append(contentsOf: "],\n\"events\":".utf8)
        out.append(encoded(trace.events))
        out.append(contentsOf: "}\n".utf8)
        return out
    }
}
