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

    /// What a request for a GIF gets.
    enum GIFAnswer {
        case made(Data)
        /// Still being made after the wait: ask again (the making goes on).
        case making(frames: Int)
        case failed(RenderError)
        /// No export for that session.
        case missing
    }

    private struct Entry {
        var scenario: String
        var trace: Trace
        /// Made on the first request for the GIF, and kept with this export only.
        var gif: GIFMaking?
    }

    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private let render: GIFMaking.Render

    init(render: @escaping GIFMaking.Render = GIFMaking.standardRender) {
        self.render = render
    }

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

    /// The GIF of the session's last export, waiting up to `seconds` for it to be made
    /// (the first request starts making it; later ones share it).
    func gif(session: String, within seconds: Double) -> GIFAnswer {
        let making: GIFMaking? = lock.withLock {
            guard var entry = entries[session] else { return nil }
            if let gif = entry.gif { return gif }
            let gif = GIFMaking(trace: entry.trace, render: render)
            entry.gif = gif
            entries[session] = entry
            return gif
        }
        guard let making else { return .missing }
        switch making.outcome(within: seconds) {
        case .success(let data)?: return .made(data)
        case .failure(let error)?: return .failed(error)
        case nil: return .making(frames: making.frameCount)
        }
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
