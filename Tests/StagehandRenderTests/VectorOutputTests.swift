import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import StagehandCore
import StagehandHost
@testable import StagehandRender
import Testing

/// SVG and HTML: well-formed, self-contained, one group per frame.
@Suite struct VectorOutputTests {
    static func trace() throws -> Trace {
        try RenderEnvironment.play("""
            {"root": {"title": "Inbox"}, "navigation": {"pop": "slide-pop"},
             "steps": [{"push": {"title": "Article"}}, {"wait": 0.5}, {"pop": {}}, {"wait": 0.4}]}
            """)
    }

    /// Parses XML and counts elements by name.
    final class Counter: NSObject, XMLParserDelegate {
        var counts: [String: Int] = [:]
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            counts[name, default: 0] += 1
        }
    }

    static func elements(_ xml: String) throws -> [String: Int] {
        let parser = XMLParser(data: Data(xml.utf8))
        let counter = Counter()
        parser.delegate = counter
        #expect(parser.parse(), "not well-formed: \(parser.parserError.map { "\($0)" } ?? "?")")
        return counter.counts
    }

    @Test func oneFrameIsAWellFormedSVGWithTheFrameShapesAndTitles() throws {
        let trace = try Self.trace()
        let svg = try Renderer(trace: trace).svg(frame: try RenderEnvironment.frame(trace, at: 0.6))
        let counts = try Self.elements(svg)
        #expect(counts["svg"] == 1)
        #expect((counts["rect"] ?? 0) >= 3, "background, two cards, bar: \(counts)")
        #expect((counts["polygon"] ?? 0) >= 6 + 1 + 3, "six disclosure chevrons, a back chevron, a sun and two hills")
        // The bar's title; Inbox's list: its header's title and six rows; Article's page:
        // its header's title, its back label, three lines of text and its button.
        #expect(counts["text"] == 1 + (1 + 6) + (1 + 1 + 3 + 1), "\(counts)")
        // Of these the rows, the back label and the lines are regular, the rest bold.
        #expect(svg.components(separatedBy: "font-weight=\"normal\"").count - 1 == 6 + 1 + 3)
        #expect(svg.contains("font-family=\"DejaVu Sans\""))
    }

    @Test func theAnimatedSVGHasOneTimedGroupPerFrame() throws {
        let trace = try Self.trace()
        let svg = try Renderer(trace: trace).svg(trace: trace)
        let counts = try Self.elements(svg)
        #expect(counts["g"] == trace.frames.count)
        #expect(counts["animate"] == trace.frames.count)
        #expect(svg.contains("repeatCount=\"indefinite\""))
    }

    @Test func theHTMLPlayerIsOneFileWithEveryFrameAndTheControls() throws {
        let trace = try Self.trace()
        let html = try Renderer(trace: trace).html(trace: trace, title: "slide-pop <test>")
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("<title>slide-pop &lt;test&gt;</title>"))
        // Nothing fetched: the SVG namespace is the only address.
        let addresses = html.components(separatedBy: "http").count - 1
        #expect(addresses == 1, "\(addresses) addresses")
        #expect(!html.contains("src="))
        #expect(html.components(separatedBy: "<g>").count - 1 == trace.frames.count)
        #expect(html.contains("id=\"play\"") && html.contains("type=\"range\"") && html.contains("max=\"\(trace.frames.count - 1)\""))
        #expect(html.contains("location.hash"))
        // The body between <svg ...> and </svg> is well-formed.
        let start = try #require(html.range(of: "<svg")), end = try #require(html.range(of: "</svg>"))
        _ = try Self.elements(String(html[start.lowerBound..<end.upperBound]))
    }

    @Test func interactiveFramesAreMarkedForTheScrubberLabel() throws {
        let trace = try RenderEnvironment.play("""
            {"root": {"title": "Inbox"}, "navigation": {"interactivePop": "slide-pop"},
             "steps": [{"push": {"title": "Article"}}, {"wait": 0.5},
                       {"drag": {"from": [40, 400], "to": [200, 400], "duration": 0.3, "hold": 0.3}}]}
            """)
        let flags = HTMLPlayer.interactive(trace)
        let held = try #require(trace.frames.firstIndex { abs($0.t - 0.9) < 1e-4 })
        #expect(flags[held])
        #expect(trace.frames[held].percent != nil)
        let pushing = try #require(trace.frames.firstIndex { abs($0.t - 0.1) < 1e-4 })
        #expect(!flags[pushing], "UIKit's push is not interactive")
    }

    @Test func numbersAreWrittenShortAndExact() {
        var writer = SVGWriter()
        for v in [0, 1, -1, 0.5, 12.346, -0.004, 1e-9, 390, 2.10, 1234567.891] { writer.number(v); writer.append(" ") }
        #expect(writer.text == "0 1 -1 0.5 12.35 0 0 390 2.1 1234567.89 ")
    }
}
