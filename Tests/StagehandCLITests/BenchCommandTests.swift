import Foundation
import StagehandTestSupport
import Testing

/// `stagehand bench` runs the benchmark executable built beside it; the benchmark's
/// allocation counter, which replaces `malloc` & co. for the process that links it, is
/// linked into that executable only.
@Suite struct BenchCommandTests {
    @Test(.disabled(if: Sanitizer.isActive, "a sanitized stagehand carries the sanitizer runtime's malloc & co."))
    func stagehandDefinesNoAllocatorOfItsOwn() throws {
        let executable = TestEnvironment.productsDirectory + "/stagehand"
        try #require(FileManager.default.isExecutableFile(atPath: executable), "build the products first: \(executable)")
        let defined = try #require(definedSymbols(executable), "nm could not list \(executable)")
        #expect(!defined.isEmpty, "nm listed no symbols of \(executable)")
        for name in ["malloc", "calloc", "realloc", "free", "posix_memalign", "aligned_alloc"] {
            #expect(!defined.contains(name), "stagehand defines \(name)")
        }
    }

    @Test func theBenchmarkExecutableCarriesTheCounter() throws {
        let executable = TestEnvironment.productsDirectory + "/stagehand-bench"
        try #require(FileManager.default.isExecutableFile(atPath: executable), "build the products first: \(executable)")
        let defined = try #require(definedSymbols(executable), "nm could not list \(executable)")
        #expect(defined.contains("malloc"))
    }

    @Test func benchRunsTheBenchmarkBesideIt() throws {
        // An unknown child benchmark is the benchmark's own refusal: it proves the
        // arguments reached stagehand-bench, and costs no measuring.
        let run = try runStagehand(["bench", "--child", "no-such-figure"])
        #expect(run.status == 1)
        if let sanitizer = Sanitizer.current {
            // The counter cannot run beside a sanitizer runtime: stagehand refuses first.
            let name = sanitizer == .thread ? "ThreadSanitizer" : "AddressSanitizer"
            #expect(run.errors.hasPrefix("error: stagehand bench: this build is instrumented by \(name),"), "\(run.errors)")
            return
        }
        #expect(run.errors.contains("stagehand-bench: no child benchmark named no-such-figure"), "\(run.errors)")
    }
}
