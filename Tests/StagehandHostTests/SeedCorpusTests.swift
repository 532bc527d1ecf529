import Foundation
import StagehandTestSupport
import Testing
@_spi(Fuzzing) import StagehandHost

/// The fuzzers' committed seed corpus (`Fuzzing/Corpus/<target>/`), replayed in-process
/// through the same entry points the fuzz targets call, so the corpus stays meaningful
/// without building the fuzzer: the good seeds are still accepted without a word, and
/// every hand-made bad one (`bad-*`) is still answered with a diagnostic, not a crash.
@Suite struct SeedCorpusTests {
    static let corpus = TestEnvironment.repositoryRoot + "/Fuzzing/Corpus"

    static func seeds(_ target: String) throws -> [(name: String, bytes: [UInt8])] {
        let directory = corpus + "/" + target
        return try FileManager.default.contentsOfDirectory(atPath: directory).sorted().map { name in
            (name, [UInt8](try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name))))
        }
    }

    /// The entry point the fuzz target of that name calls.
    static func read(_ target: String, _ bytes: [UInt8]) -> ParserEntryPoints.Outcome {
        switch target {
        case "catalog": return ParserEntryPoints.catalog(bytes)
        case "manifest": return ParserEntryPoints.manifest(bytes)
        case "declarative": return ParserEntryPoints.declarativeEffect(bytes)
        default: return ParserEntryPoints.scenario(bytes)
        }
    }

    @Test(arguments: ["catalog", "manifest", "scenario", "declarative"])
    func everySeedIsAnsweredAsItsNameSays(target: String) throws {
        let seeds = try Self.seeds(target)
        #expect(seeds.filter { $0.name.hasPrefix("bad-") }.count >= 5, "too few bad seeds for \(target)")
        #expect(seeds.filter { !$0.name.hasPrefix("bad-") }.count >= 2, "too few good seeds for \(target)")
        for seed in seeds {
            let outcome = Self.read(target, seed.bytes)
            // A refusal always says why, in an error.
            #expect(outcome.accepted != nil || outcome.hasError, "\(target)/\(seed.name): refused without an error")
            if seed.name.hasPrefix("bad-") {
                #expect(!outcome.messages.isEmpty, "\(target)/\(seed.name) was accepted without a diagnostic")
            } else {
                #expect(outcome.messages.isEmpty && outcome.accepted != nil,
                        "\(target)/\(seed.name): \(outcome.messages)")
            }
        }
    }

    /// The copy of the real catalog in the corpus is a real one: all its effects are read.
    @Test func theCatalogSeedIsTheFullCatalog() throws {
        let seed = try Self.seeds("catalog").first { $0.name == "catalog.json" }
        let outcome = ParserEntryPoints.catalog(try #require(seed).bytes)
        #expect(outcome.accepted ?? 0 >= 10)
        #expect(outcome.messages.isEmpty)
    }
}
