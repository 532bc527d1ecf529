import ArgumentParser
import Foundation
import StagehandBenchOptions

/// `stagehand bench`: runs `stagehand-bench`, the benchmark executable built beside this
/// one, in place of this process (same arguments, output and exit status).
///
/// The benchmark is a program of its own because its exact allocation counter replaces
/// `malloc` & co. for the whole process that links it; the `stagehand` executable, and
/// every bundle it loads, keep glibc's allocator.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: BenchOptions.abstract,
        discussion: """
            Runs stagehand-bench from beside this executable (SwiftPM builds both). Each \
            figure is a median of repeated runs, printed with its goal and value ÷ goal \
            (≤ 1 meets it). Run the release build: swift build -c release && \
            .build/release/stagehand bench.
            """
    )

    @OptionGroup var options: BenchOptions

    /// The benchmark's file name, beside this executable.
    static let benchmarkName = "stagehand-bench"

    /// The sanitizer this executable (and so the benchmark built with it) is instrumented
    /// by, if any: found by its runtime's entry point, which a sanitized build links into
    /// the executable and exports (`-Xlinker --export-dynamic`, as the bundles need).
    static var sanitizer: String? {
        let everywhere = UnsafeMutableRawPointer(bitPattern: 0)   // RTLD_DEFAULT
        if dlsym(everywhere, "__tsan_init") != nil { return "ThreadSanitizer" }
        if dlsym(everywhere, "__asan_init") != nil { return "AddressSanitizer" }
        return nil
    }

    func run() throws {
        let own = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let benchmark = URL(fileURLWithPath: own).deletingLastPathComponent().appendingPathComponent(Self.benchmarkName).path
        guard FileManager.default.isExecutableFile(atPath: benchmark) else {
            StandardError.write("error: \(benchmark): not found: `stagehand bench` runs the benchmark executable built beside stagehand (swift build -c release builds both)")
            throw ExitCode.failure
        }
        if let sanitizer = Self.sanitizer {
            StandardError.write("error: stagehand bench: this build is instrumented by \(sanitizer), whose runtime owns malloc & co.; the benchmark's allocation counter replaces them and cannot run beside it, and its times would measure the instrumentation: build without --sanitize (swift build -c release)")
            throw ExitCode.failure
        }
        let arguments = [Self.benchmarkName] + options.arguments
        let argv = arguments.map { strdup($0) } + [nil]
        execv(benchmark, argv)
        // execv returns only when it failed.
        let reason = String(cString: strerror(errno))
        for p in argv { free(p) }
        StandardError.write("error: \(benchmark): cannot run it: \(reason)")
        throw ExitCode.failure
    }
}
