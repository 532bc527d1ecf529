import Foundation
import StagehandCore
import StagehandHost
@testable import StagehandRender
import Testing

/// The built-in effects, loaded once per test process from the bundles beside the test
/// binary and the repository's Catalog.json, and helpers to run and render with them.
enum RenderEnvironment {
    static let repositoryRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// Where `swift test` runs the test bundle from: beside the bundles and `stagehand`.
    static let productsDirectory: String = {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
        return (executable as NSString).deletingLastPathComponent
    }()

    static let library: EffectLibrary = EffectLibrary.load(catalogPath: repositoryRoot + "/Catalog.json", host: HostTable.shared,
                                                           environment: [:]).0

    /// Fails the test when the catalog lacks `name`: every built-in effect is built with
    /// the tests, so a missing one is a broken build, not a reason to skip.
    static func requireEffect(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try #require((try? library.effect(named: name)) != nil, "effect \(name) is not in the catalog", sourceLocation: sourceLocation)
    }

    static func play(_ json: String, parameters: [String: [String: String]] = [:]) throws -> Trace {
        let scenario = try ScenarioParser.parse(Data(json.utf8), file: "test scenario")
        return ScenarioRunner(library: library, parameters: parameters).run(scenario).trace
    }

    /// The frame at `t` (the trace's times are rounded to 6 decimals).
    static func frame(_ trace: Trace, at t: Double, sourceLocation: SourceLocation = #_sourceLocation) throws -> Trace.Frame {
        try #require(trace.frames.first { abs($0.t - t) < 1e-4 }, "no frame at \(t)", sourceLocation: sourceLocation)
    }

    /// A frame rendered to PNG and read back through cairo's PNG reader.
    static func pixels(_ trace: Trace, at t: Double, sourceLocation: SourceLocation = #_sourceLocation) throws -> PixelImage {
        let png = try Renderer(trace: trace).png(frame: try frame(trace, at: t, sourceLocation: sourceLocation))
        return try #require(PixelImage(png: png), "the PNG could not be read back", sourceLocation: sourceLocation)
    }

    /// (began, ended) of the first transition of `effect`.
    static func transition(_ trace: Trace, effect: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> (Double, Double) {
        let began = try #require(trace.events.first { $0.kind == "began" && $0.effect == effect }, "\(effect) never began",
                                 sourceLocation: sourceLocation)
        let ended = try #require(trace.events.first { ($0.kind == "completed" || $0.kind == "cancelled") && $0.effect == effect && $0.t >= began.t },
                                 "\(effect) never ended", sourceLocation: sourceLocation)
        return (began.t, ended.t)
    }
}

/// 0...255 components of a colour, for comparing with pixels.
struct Bytes: Equatable, CustomStringConvertible {
    var red, green, blue: Int

    init(_ red: Int, _ green: Int, _ blue: Int) {
        (self.red, self.green, self.blue) = (red, green, blue)
    }

    init(_ color: RGBA) {
        self.init(Int((color.red * 255).rounded()), Int((color.green * 255).rounded()), Int((color.blue * 255).rounded()))
    }

    init(_ image: PixelImage, _ x: Int, _ y: Int) {
        let p = image.rgba(x, y)
        self.init(p.red, p.green, p.blue)
    }

    /// The card colour of the screen titled `title`.
    static func card(_ title: String) -> Bytes { Bytes(Palette.card(for: title)) }

    func distance(to other: Bytes) -> Int {
        max(abs(red - other.red), abs(green - other.green), abs(blue - other.blue))
    }

    var description: String { "(\(red), \(green), \(blue))" }
}

/// Expects the pixel at (x, y) to be `color`, within `tolerance` per component.
func expectPixel(_ image: PixelImage, _ x: Int, _ y: Int, _ color: Bytes, _ what: String, tolerance: Int = 2,
                 sourceLocation: SourceLocation = #_sourceLocation) {
    let actual = Bytes(image, x, y)
    #expect(actual.distance(to: color) <= tolerance, "\(what): pixel (\(x), \(y)) is \(actual), expected \(color)",
            sourceLocation: sourceLocation)
}

/// A fresh temporary directory for one test's files, removed when the test ends.
final class Scratch {
    let path: String

    init() throws {
        var template = Array("/tmp/stagehand-render-test-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
        path = String(cString: made)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    func file(_ name: String) -> String { path + "/" + name }

    /// The names in the directory (hidden temporary files included).
    var contents: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }
}
