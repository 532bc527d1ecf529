import ArgumentParser
import Foundation
import StagehandHost

/// `stagehand play SCENARIO.json`: runs a scripted scenario on the virtual clock and
/// writes its trace.
struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Run a scenario (pushes, pops, presentations, finger drags) on the virtual clock.",
        discussion: "The scenario format is in Documentation/Scenario.md, the trace format in Documentation/Trace.md. An operation that fails is an error event in the trace; the run goes on."
    )

    @OptionGroup var plugins: PluginOptions
    @OptionGroup var parameters: ParameterOptions

    @Argument(help: "The scenario file (JSON).")
    var scenario: String

    @Option(help: ArgumentHelp("Write the trace (JSON) here; - for standard output.", valueName: "file"))
    var trace: String?

    func run() throws {
        let values = try parameters.parsed()
        let script: Scenario
        do {
            script = try ScenarioParser.load(path: scenario)
        } catch {
            StandardError.write(error.description)
            throw ExitCode.failure
        }
        let library = try plugins.loadLibrary()
        let result = ScenarioRunner(library: library, parameters: values).run(script) { diagnostic in
            StandardError.write(diagnostic.description)
        }
        if let trace {
            try TraceOutput.write(result.trace, to: trace)
        } else {
            let events = result.trace.events
            print("\(result.trace.frames.count) frames at \(result.trace.fps) fps; \(events.count) events")
            for e in events {
                let time = String(format: "%8.3f s", e.t)
                let kind = e.kind.padding(toLength: 10, withPad: " ", startingAt: 0)
                let operation = e.operation.padding(toLength: 9, withPad: " ", startingAt: 0)
                print("\(time)  \(kind)\(operation)\(e.effect)\(e.message.map { ": " + $0 } ?? "")")
            }
        }
    }
}
