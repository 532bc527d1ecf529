import ArgumentParser
import Foundation
import StagehandBench
import StagehandBenchOptions
import TextTable

/// `stagehand-bench` (what `stagehand bench` runs): the performance figures, each with
/// its goal.
///
/// A program of its own because it links the benchmark's C side, whose exact allocation
/// counter replaces `malloc` & co. for the whole process: the `stagehand` executable,
/// and every bundle it loads, keep glibc's allocator.
@main
struct BenchmarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stagehand-bench",
        abstract: BenchOptions.abstract,
        discussion: """
            Each figure is a median of repeated runs, printed with its goal and value ÷ goal \
            (≤ 1 meets it). Run the release build: swift build -c release && \
            .build/release/stagehand bench (which runs this program from beside itself). \
            The frame and load figures are followed by how they scale (100 to 100,000 views; \
            1 to 500 bundles). The memory figures run in child processes of this program; \
            `stagehand catalog` is timed with the stagehand executable beside it.
            """
    )

    @OptionGroup var options: BenchOptions
    var json: Bool { options.json }
    var quick: Bool { options.quick }
    var child: String? { options.child }

    func run() throws {
        if let child {
            guard let output = Bench.child(child) else {
                Self.warn("stagehand-bench: no child benchmark named \(child)")
                throw ExitCode.failure
            }
            print(output)
            return
        }
        if Bench.isDebugBuild {
            Self.warn("warning: this is a debug build; its figures are not the release figures (swift build -c release, then .build/release/stagehand bench)")
        }
        let report = Bench.run(.init(quick: quick, log: { Self.warn("bench: " + $0) }))
        if json {
            for line in report.context { Self.warn(line) }
            try printJSON(report)
            for series in report.scaling { Self.warn(scalingText(series)) }
        } else {
            printText(report)
        }
        for warning in report.warnings { Self.warn("warning: " + warning) }
    }

    private struct JSONFigure: Encodable {
        var value: Double?
        var unit: String
        var goal: Double

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            if let value { try container.encode(value, forKey: .value) } else { try container.encodeNil(forKey: .value) }
            try container.encode(unit, forKey: .unit)
            try container.encode(goal, forKey: .goal)
        }

        enum CodingKeys: String, CodingKey { case value, unit, goal }
    }

    private func printJSON(_ report: BenchReport) throws {
        var object: [String: JSONFigure] = [:]
        for figure in report.figures {
            object[figure.key] = JSONFigure(value: figure.value.map(rounded), unit: figure.unit, goal: figure.goal)
            if let missing = figure.missing { Self.warn("\(figure.key): missing: \(missing)") }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        print(String(decoding: try encoder.encode(object), as: UTF8.self))
    }

    /// Four significant digits: what a benchmark can tell.
    private func rounded(_ value: Double) -> Double {
        guard value != 0, value.isFinite else { return value }
        let digits = 3 - Int(floor(log10(abs(value))))
        let scale = pow(10, Double(digits))
        return (value * scale).rounded() / scale
    }

    private func printText(_ report: BenchReport) {
        for line in report.context { print(line) }
        let table = TextTable<Figure> { figure in
            [Column(title: "FIGURE", value: figure.key),
             Column(title: "VALUE", value: figure.value.map { "\(Self.number($0)) \(figure.unit)" } ?? "missing"),
             Column(title: "GOAL", value: "≤ \(Self.number(figure.goal)) \(figure.unit)"),
             Column(title: "RATIO", value: figure.ratio.map { $0.isFinite ? String(format: "%.2f", $0) : "∞" } ?? "-"),
             Column(title: "", value: figure.meetsGoal.map { $0 ? "ok" : "MISSED" } ?? "-"),
             Column(title: "WHAT", value: figure.title)]
        }
        print(Self.plain(table, report.figures))
        print("")
        for figure in report.figures {
            if let missing = figure.missing {
                print("\(figure.key): missing: \(missing)")
            } else if let detail = figure.detail {
                print("\(figure.key): \(detail)")
            }
        }
        for series in report.scaling {
            print("")
            print(scalingText(series))
        }
    }

    private func scalingText(_ series: ScalingSeries) -> String {
        if let missing = series.missing { return "\(series.title): missing: \(missing)" }
        var lines = ["\(series.title), by \(series.sizeLabel):"]
        for point in series.points {
            let size = String(point.size).padding(toLength: 8, withPad: " ", startingAt: 0)
            var line = "  \(size) \(Self.number(point.value)) \(series.unit)   \(Self.number(point.perItem)) \(series.perItemUnit)"
            if let one = point.singleThread { line += "   (one thread: \(Self.number(one)) \(series.unit))" }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// Progress, context and warnings go to standard error, so `--json` stays clean.
    private static func warn(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// TextTable's plain style without the blanks it pads the last column with.
    private static func plain<T>(_ table: TextTable<T>, _ rows: [T]) -> String {
        (table.string(for: rows, style: Style.plain) ?? "")
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in String(line.reversed().drop { $0 == " " }.reversed()) }
            .joined(separator: "\n")
            .trimmingCharacters(in: .newlines)
    }

    static func number(_ value: Double) -> String {
        if value == 0 { return "0" }
        if abs(value) >= 100 { return String(format: "%.0f", value) }
        if abs(value) >= 10 { return String(format: "%.1f", value) }
        if abs(value) >= 1 { return String(format: "%.2f", value) }
        return String(format: "%.3g", value)
    }
}
