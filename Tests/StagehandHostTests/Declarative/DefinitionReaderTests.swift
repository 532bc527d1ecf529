import StagehandTestSupport
@testable import StagehandHost
import StagehandTrace
import Testing

/// The reader of `NAME.effect.json` files: what it accepts, and that every refusal names
/// the file, the JSON pointer, the line and the column, and what was expected.
@Suite struct DefinitionReaderTests {
    static func read(_ text: String, file: String = "zoom.effect.json") -> Result<EffectDefinition, DeclarativeError> {
        DefinitionReader.read(bytes: Array(text.utf8), file: file)
    }

    static func error(_ text: String, file: String = "zoom.effect.json") -> String {
        switch read(text, file: file) {
        case .success: return "accepted"
        case .failure(let error): return error.description
        }
    }

    static let minimal = """
        {"format": "stagehand-effect/1", "name": "zoom", "kind": "push",
         "tracks": {"incoming": {"start": {"scale": 0.5}}}}
        """

    @Test func aMinimalEffectReadsWithItsDefaults() throws {
        let definition = try Self.read(Self.minimal).get()
        #expect(definition.kind == .push)
        #expect(definition.motion.forward.duration == .number(0.35))
        #expect(definition.motion.forward.curve == .named(0))
        #expect(definition.motion.forward.tracks[.incoming]?.first?.start.values[.scale] == .number(0.5))
        #expect(definition.motion.settle == .leaving && definition.motion.missingViews == .skip && definition.motion.interactive == nil)
    }

    @Test func aMisspeltKeyIsLocatedAndTheNearestKeySuggested() {
        let text = """
            {"format": "stagehand-effect/1", "name": "zoom", "kind": "push",
             "tracks": {"incoming": {"start": {"sacle": 0.5}}}}
            """
        #expect(Self.error(text) == "error: zoom.effect.json: tracks/incoming/start/sacle: line 2, column 36: unknown key in a pose; did you mean scale?")
    }

    @Test func anUnknownParameterIsSuggested() {
        let text = """
            {"format": "stagehand-effect/1", "name": "zoom", "kind": "push",
             "parameters": [{"name": "parallax", "type": "double", "default": 0.3, "min": 0, "max": 1}],
             "tracks": {"incoming": {"start": {"x": "-100% * $paralax"}}}}
            """
        #expect(Self.error(text) == "error: zoom.effect.json: tracks/incoming/start/x: line 3, column 41: unknown parameter $paralax; did you mean $parallax? (declare it in \"parameters\")")
    }

    @Test func twoSpringFormsAreAnErrorNotAnOverride() {
        let text = """
            {"format": "stagehand-effect/1", "name": "zoom", "kind": "push",
             "curve": {"spring": {"dampingRatio": 0.8, "stiffness": 300, "damping": 20}},
             "tracks": {"incoming": {"start": {"alpha": 0}}}}
            """
        let message = Self.error(text)
        #expect(message.hasPrefix("error: zoom.effect.json: curve/spring: line 2, column 22: "), "\(message)")
        #expect(message.contains("mix UIKit's damping form and the physical form"), "\(message)")
    }

    @Test func rolesMustBelongToTheKind() {
        let text = """
            {"format": "stagehand-effect/1", "name": "zoom", "kind": "push",
             "tracks": {"presented": {"start": {"alpha": 0}}}}
            """
        #expect(Self.error(text).contains("tracks/presented: line 2, column 13: unknown key in the tracks (roles of a push effect: incoming, outgoing)"))
    }

    @Test func keyframesMustRunInOrderFromZeroToOne() {
        let text = """
            {"format": "stagehand-effect/1", "name": "zoom", "kind": "push",
             "tracks": {"incoming": {"keyframes": [{"at": 0, "alpha": 0}, {"at": 0.6, "alpha": 1}, {"at": 0.5, "alpha": 0.5}]}}}
            """
        #expect(Self.error(text).contains("tracks/incoming/keyframes/2/at: line 2, column 95: keyframes must be in order: 0.5 does not come after 0.6"))
    }

    @Test func badInputGetsLocatedMessages() {
        let cases: [(String, String)] = [
            ("{", "error: zoom.effect.json: line 1, column 2: not JSON: the text ends before the object opened at line 1, column 1 is closed"),
            (#"{"format": "stagehand-effect/2", "name": "zoom", "kind": "push"}"#, "format: line 1, column 12: unknown format \"stagehand-effect/2\": this host reads \"stagehand-effect/1\""),
            (#"{"format": "stagehand-effect/1", "name": "other", "kind": "push", "tracks": {}}"#, "name: line 1, column 42: the effect is called other but its file zoom.effect.json"),
            (#"{"format": "stagehand-effect/1", "name": "zoom", "kind": "modal", "tracks": {}}"#, "a modal effect plays both ways"),
            (#"{"format": "stagehand-effect/1", "name": "zoom", "kind": "push", "duration": "300ms", "tracks": {}}"#, "duration: line 1, column 78: column 4 of the expression: times are in seconds: write 0.3 for 300ms"),
            (#"{"format": "stagehand-effect/1", "name": "zoom", "kind": "push", "curve": "ease-inout", "tracks": {}}"#, "did you mean ease-in-out?"),
            (#"{"format": "stagehand-effect/1", "name": "zoom", "kind": "push", "tracks": {"incoming": {"start": {"alpha": 2}}}}"#, "alpha 2.0 is outside 0...1"),
            (#"{"format": "stagehand-effect/1", "name": "zoom", "kind": "push", "tracks": {"incoming": {"start": {"rotate": "50%"}}}}"#, "rotate has no axis"),
            (#"{"format": "stagehand-effect/1", "name": "zoom", "kind": "push", "tracks": {}, "matched": {"fade": "half"}}"#, "matched/fade: line 1, column 100: \"half\" is not a fade of the pairs: expected one of auto, cross"),
            (#"{"format": "stagehand-effect/1", "name": "zoom", "kind": "push", "tracks": {}, "interactive": {"gesture": "pan"}}"#, "a push effect has no pop or dismissal for a gesture to drive"),
            (#"{"format": "stagehand-effect/1", "name": "zoom", "kind": "pop", "tracks": {}, "interactive": {"gesture": "swipe"}}"#, "\"swipe\" is not a gesture: expected one of pan, edgePan, pinch"),
        ]
        for (text, expected) in cases {
            let message = Self.error(text)
            #expect(message.contains(expected), "\(text)\n  got: \(message)")
        }
    }

    /// `{"format": ..., "name": "zoom", "kind": "push", MEMBERS}`.
    static func push(_ members: String) -> String {
        "{\"format\": \"stagehand-effect/1\", \"name\": \"zoom\", \"kind\": \"push\", " + members + "}"
    }

    @Test func limitsAreRefusedWithTheirNumbers() {
        let deep = String(repeating: "[", count: 20) + String(repeating: "]", count: 20)
        #expect(Self.error(Self.push("\"tracks\": {}, \"$comment\": " + deep)).contains("nested more than \(DefinitionReader.maximumNesting) levels deep"))
        let long = String(repeating: "1+", count: 150) + "1"
        #expect(Self.error(Self.push("\"duration\": \"" + long + "\", \"tracks\": {}"))
            .contains("at most \(ExpressionParser.maximumLength) are allowed"))
        let frames = (0...70).map { "{\"at\": \(Double($0) / 70), \"alpha\": 1}" }.joined(separator: ",")
        #expect(Self.error(Self.push("\"tracks\": {\"incoming\": {\"keyframes\": [" + frames + "]}}"))
            .contains("71 elements: at most \(DefinitionReader.maximumKeyframes) are allowed here"))
        let big = Array(repeating: UInt8(ascii: " "), count: DefinitionReader.maximumFileSize + 1)
        guard case .failure(let error) = DefinitionReader.read(bytes: big, file: "zoom.effect.json") else {
            Issue.record("a file over the limit was read")
            return
        }
        #expect(error.message.contains("at most \(DefinitionReader.maximumFileSize)"))
    }

    @Test func curvesReadAsCSSSaysAndSpringsInEachForm() throws {
        func curve(_ json: String) throws -> CurveSpec {
            try Self.read(Self.push("\"curve\": " + json + ", \"tracks\": {}")).get().motion.forward.curve
        }
        #expect(try curve(#""cubic-bezier(0.4, 0, 0.2, 1)""#) == .bezier(0.4, 0, 0.2, 1))
        #expect(try curve(#""ease""#) == .bezier(0.25, 0.1, 0.25, 1))
        #expect(try curve(#""steps(4, jump-start)""#) == .steps(4, "jump-start"))
        #expect(try curve(#""linear(0, 0.25 75%, 1)""#) == .piecewise([.init(input: 0, output: 0), .init(input: 0.75, output: 0.25), .init(input: 1, output: 1)]))
        #expect(try curve(#"{"spring": {"bounce": 0.2}}"#) == .springBounce(bounce: .number(0.2)))
        #expect(try curve(#"{"spring": "snappy"}"#) == .springBounce(bounce: .number(0.15)))
        #expect(try curve(#"{"spring": {"stiffness": 300, "damping": 20}}"#) == .springPhysical(mass: .number(1), stiffness: .number(300), damping: .number(20), velocity: .number(0)))
        #expect(CurveSpec.steps(2, "jump-end").stops.map(\.output) == [0, 0, 0.5, 0.5, 1])
    }

    @Test func expressionsEvaluateWithUnitsAndParameters() throws {
        let expression = try ExpressionParser.parse("-100% * $parallax + 10%self - (2 * 3)")
        let value = expression.evaluate(.init(parameters: ["parallax": 0.3], containerExtent: 400, viewExtent: 200))
        #expect(value == -100.0 / 100 * 400 * 0.3 + 20 - 6)
        #expect(ExpressionParser.parse1("1 / 0") == 0, "a division by zero is 0, never infinite")
    }

    @Test func everyExampleReads() throws {
        let directory = TestEnvironment.repositoryRoot + "/Examples/DeclarativeEffects"
        let names = try FileSystem.contents(ofDirectory: directory).get().filter { $0.hasSuffix(".effect.json") }
        #expect(names.count >= 9)
        for name in names {
            if case .failure(let error) = DefinitionReader.read(file: directory + "/" + name) { Issue.record("\(error)") }
        }
    }
}

extension ExpressionParser {
    static func parse1(_ text: String) -> Double {
        (try? parse(text))?.evaluate(.init(parameters: [:])) ?? .nan
    }
}
