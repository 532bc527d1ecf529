import Foundation
import StagehandCore

/// The host's readers of untrusted text — a catalog, a bundle's manifest, a scenario —
/// callable from outside the module on raw bytes.
///
/// They exist for the fuzz targets in `Fuzzing/`, which live in a package of their own so
/// that the fuzzer's instrumentation never reaches the normal build; a separate package
/// sees only `public` declarations, and `@testable import` is not available in the
/// release builds a fuzzer needs. Each call runs exactly the code the CLI runs on that
/// input (no copy of it) and returns what a user would be told, so the suite can also
/// replay the fuzzers' seed corpus through them. They are not the library's API: the fuzz
/// targets import them with `@_spi(Fuzzing) import StagehandHost`.
@_spi(Fuzzing) public enum ParserEntryPoints {
    /// What reading one input gave.
    public struct Outcome: Hashable, Sendable {
        /// How many things were accepted: catalog entries, manifest effects, or scenario
        /// steps. `nil` when the whole input was refused.
        public var accepted: Int?
        /// Every diagnostic, written out as the CLI writes it.
        public var messages: [String]
        /// Whether any diagnostic is an error (a warning only skips one entry).
        public var hasError: Bool
    }

    /// The name the diagnostics give the input.
    static let inputName = "input.json"

    /// `Catalog.json`, as `stagehand catalog` and every command that looks effects up read it.
    public static func catalog(_ bytes: [UInt8]) -> Outcome {
        let (catalog, diagnostics) = Catalog.parse(bytes, file: inputName)
        let refused = diagnostics.contains { $0.severity == .error }
        return outcome(accepted: refused ? nil : catalog.entries.count, diagnostics)
    }

    /// A bundle's `sh_bundle.manifest`, as the loader reads it before running any of the
    /// bundle's code. (The loader hands over the C string's bytes, so it never sees a NUL;
    /// here any byte may come.)
    public static func manifest(_ bytes: [UInt8]) -> Outcome {
        let (manifest, diagnostics) = Manifest.parse(bytes, bundle: inputName)
        return outcome(accepted: manifest?.effects.count, diagnostics)
    }

    /// A scenario file, as `stagehand play` reads it.
    public static func scenario(_ bytes: [UInt8]) -> Outcome {
        do throws(Diagnostic) {
            let scenario = try ScenarioParser.parse(Data(bytes), file: inputName)
            return outcome(accepted: scenario.steps.count, [])
        } catch {
            return outcome(accepted: nil, [error])
        }
    }

    /// A declarative effect file (`NAME.effect.json`), read and then evaluated: an
    /// accepted file is made into an effect with its default parameters and asked its
    /// duration, which evaluates every value, curve and spring of its forward phase, and
    /// each phase's stepped curves are turned into their stops. Accepted: the number of
    /// tracks. The name is not checked against the file's (the input has none).
    public static func declarativeEffect(_ bytes: [UInt8]) -> Outcome {
        switch DefinitionReader.read(bytes: bytes, file: inputName) {
        case .failure(let error):
            return outcome(accepted: nil, [error.diagnostic])
        case .success(let definition):
            let table = DeclarativeEffect.make(definition, arguments: definition.parameters.map(\.defaultValue))
            _ = table.pointee.transition_duration?(table.pointee.`self`, nil)
            table.pointee.destroy?(table.pointee.`self`)
            for motion in [definition.motion] + (definition.variants.map { Array($0.cases.values) } ?? []) {
                for reverse in [false, true] {
                    let phase = motion.phase(reverse: reverse)
                    for track in phase.tracks.values.joined() {
                        _ = (track.curve ?? phase.curve).stops
                        if let span = track.progress, let whole = phase.curve.cubic { _ = CurvePiece(of: whole, from: span.from, to: span.to) }
                    }
                }
            }
            return outcome(accepted: definition.motion.forward.tracks.count, [])
        }
    }

    private static func outcome(accepted: Int?, _ diagnostics: [Diagnostic]) -> Outcome {
        Outcome(accepted: accepted, messages: diagnostics.map(\.description),
                hasError: diagnostics.contains { $0.severity == .error })
    }
}
