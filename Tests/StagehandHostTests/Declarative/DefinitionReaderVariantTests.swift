import StagehandTestSupport
@testable import StagehandHost
import StagehandTrace
import Testing

/// What the reader makes of variants, several tracks per role, tracks on a part of the
/// phase's progress, per-operation gesture rules, lasting layers and presented insets;
/// and that each misuse is refused where it is written, with the nearest name suggested.
@Suite struct DefinitionReaderVariantTests {
    static func read(_ text: String) -> Result<EffectDefinition, DeclarativeError> {
        DefinitionReader.read(bytes: Array(text.utf8), file: "axis.effect.json")
    }

    static func error(_ text: String) -> String {
        switch read(text) {
        case .success: return "accepted"
        case .failure(let error): return error.description
        }
    }

    static let head = #""format": "stagehand-effect/1", "name": "axis""#
    static let axis = #""parameters": [{"name": "axis", "type": "string", "default": "y", "choices": ["x", "y"]}]"#

    @Test func eachChoiceHasItsMotionAndTheDefaultIsTheFilesOwn() throws {
        let text = """
            {\(Self.head), "kind": "push", \(Self.axis), "duration": 0.5,
             "variants": {"parameter": "axis", "cases": {
               "x": {"tracks": {"incoming": {"start": {"x": 30}}}},
               "y": {"tracks": {"incoming": {"start": {"y": 30}}}, "duration": 0.2}}}}
            """
        let definition = try Self.read(text).get()
        #expect(definition.parameters.first?.choices == ["x", "y"])
        #expect(definition.motion.forward.duration == .number(0.2), "the default choice, y, is the file's motion")
        let x = definition.motion(for: [.string("x")])
        #expect(x.forward.duration == .number(0.5), "a case keeps the top's keys it does not give")
        #expect(x.forward.tracks[.incoming]?.first?.start.values[.x] == .number(30))
        #expect(definition.motion(for: [.string("y")]).forward.tracks[.incoming]?.first?.start.values[.y] == .number(30))
    }

    @Test func variantsAreCheckedAgainstTheirParameter() {
        let missing = Self.error("""
            {\(Self.head), "kind": "push", \(Self.axis),
             "variants": {"parameter": "axis", "cases": {"x": {"tracks": {}}}}}
            """)
        #expect(missing == "error: axis.effect.json: variants/cases: line 2, column 45: no case for axis \"y\": every choice needs one (an empty object keeps the top's keys)")
        let unknown = Self.error("""
            {\(Self.head), "kind": "push", \(Self.axis),
             "variants": {"parameter": "axis", "cases": {"x": {"tracks": {}}, "yy": {}}}}
            """)
        #expect(unknown.hasPrefix("error: axis.effect.json: variants/cases/yy: line 2, column 67: unknown key in the cases (choices of axis: x, y); did you mean y?"), "\(unknown)")
        let misspelt = Self.error("""
            {\(Self.head), "kind": "push", \(Self.axis),
             "variants": {"parameter": "axsi", "cases": {}}}
            """)
        #expect(misspelt.hasPrefix("error: axis.effect.json: variants/parameter: line 2, column 28: unknown parameter axsi; did you mean axis?"), "\(misspelt)")
        let numeric = Self.error("""
            {\(Self.head), "kind": "push", "parameters": [{"name": "d", "type": "double", "default": 1}],
             "variants": {"parameter": "d", "cases": {}}}
            """)
        #expect(numeric.contains("variants/parameter: line 2, column 28: parameter d chooses a variant, so it must be a string with \"choices\""), "\(numeric)")
        let caseKey = Self.error("""
            {\(Self.head), "kind": "push", \(Self.axis),
             "variants": {"parameter": "axis", "cases": {"x": {"trakcs": {}}, "y": {}}}}
            """)
        #expect(caseKey.hasPrefix("error: axis.effect.json: variants/cases/x/trakcs: line 2, column 52: unknown key in a case"), "\(caseKey)")
        #expect(caseKey.hasSuffix("did you mean tracks?"), "\(caseKey)")
        let badDefault = Self.error("""
            {\(Self.head), "kind": "push", "parameters": [{"name": "axis", "type": "string", "default": "w", "choices": ["x", "y"]}],
             "tracks": {}}
            """)
        #expect(badDefault.contains("parameters/0/default"), "\(badDefault)")
        #expect(badDefault.contains("one of x, y"), "\(badDefault)")
    }

    @Test func tracksOfOneRoleShareNoProperty() throws {
        let good = try Self.read("""
            {\(Self.head), "kind": "push", "curve": "standard",
             "tracks": {"incoming": [{"start": {"x": 30, "scale": 0.9}}, {"start": {"alpha": 0}, "progress": [0.35, 1]}]}}
            """).get()
        let tracks = try #require(good.motion.forward.tracks[.incoming])
        #expect(tracks.count == 2 && tracks[1].progress == Track.ProgressSpan(from: 0.35, to: 1))
        let twice = Self.error("""
            {\(Self.head), "kind": "push",
             "tracks": {"incoming": [{"start": {"alpha": 0}}, {"end": {"alpha": 0.5}, "duration": 1}]}}
            """)
        #expect(twice == "error: axis.effect.json: tracks/incoming/1: line 2, column 51: alpha is written by another track of incoming: each property of a view belongs to one track")
        let transform = Self.error("""
            {\(Self.head), "kind": "push",
             "tracks": {"incoming": [{"start": {"x": 10}}, {"start": {"scale": 0.5}, "duration": 1}]}}
            """)
        #expect(transform.contains("tracks/incoming/1: line 2, column 48: another track of incoming moves its transform"), "\(transform)")
        let spring = Self.error("""
            {\(Self.head), "kind": "push", "curve": {"spring": "smooth"},
             "tracks": {"incoming": {"start": {"alpha": 0}, "progress": [0, 0.5]}}}
            """)
        #expect(spring.contains("tracks/incoming/progress: line 2, column 61: the phase's curve (and curveWhenInteractive) must be a cubic Bézier"), "\(spring)")
        let timed = Self.error("""
            {\(Self.head), "kind": "push",
             "tracks": {"incoming": {"start": {"alpha": 0}, "progress": [0, 0.5], "delay": 0.1}}}
            """)
        #expect(timed.contains("tracks/incoming/progress: line 2, column 61: a track on a part of the phase's progress takes its timing from the phase's curve: it has no delay"), "\(timed)")
        let backwards = Self.error("""
            {\(Self.head), "kind": "push",
             "tracks": {"incoming": {"start": {"alpha": 0}, "progress": [0.6, 0.5]}}}
            """)
        #expect(backwards.contains("expected 0 ≤ from < to ≤ 1, found [0.6, 0.5]"), "\(backwards)")
    }

    @Test func gestureRulesApplyPerOperation() throws {
        let definition = try Self.read("""
            {\(Self.head), "kind": "any", "tracks": {"incoming": {"start": {"alpha": 0}}}, "backward": "same",
             "interactive": {"gesture": "pan", "direction": "vertical", "distance": 200, "in": "window",
                             "pop": {"beginOnlyMoving": "down"}, "dismiss": {"updateOnRelease": true}}}
            """).get()
        let interaction = try #require(definition.motion.interactive)
        #expect(interaction.popping?.beginOnlyMoving == .down && interaction.popping?.updatesOnRelease == false)
        #expect(interaction.dismissing?.beginOnlyMoving == nil && interaction.dismissing?.updatesOnRelease == true)
        #expect(interaction.popping?.direction == .vertical && interaction.dismissing?.distance == .number(200))
        let notPopping = Self.error("""
            {\(Self.head), "kind": "dismiss", "tracks": {"presented": {"end": {"y": "100%"}}},
             "interactive": {"gesture": "pan", "pop": {"threshold": 0.3}}}
            """)
        #expect(notPopping == "error: axis.effect.json: interactive/pop: line 2, column 43: a dismiss effect does not pop: it has no pop rules")
        let recognizer = Self.error("""
            {\(Self.head), "kind": "pop", "tracks": {"outgoing": {"end": {"x": "100%"}}},
             "interactive": {"gesture": "pan", "pop": {"gestrue": "pinch"}}}
            """)
        #expect(recognizer.contains("interactive/pop/gestrue: line 2, column 44: unknown key in the pop rules"), "\(recognizer)")
        let pinchMoving = Self.error("""
            {\(Self.head), "kind": "pop", "tracks": {"outgoing": {"end": {"x": "100%"}}},
             "interactive": {"gesture": "pinch", "beginOnlyMoving": "down"}}
            """)
        #expect(pinchMoving.contains("interactive/beginOnlyMoving: line 2, column 57: a pinch has no direction of movement"), "\(pinchMoving)")
    }

    @Test func presentationsKeepLayersAndInsetTheirView() throws {
        let definition = try Self.read("""
            {\(Self.head), "kind": "modal", "parameters": [{"name": "top", "type": "double", "default": 57}],
             "layers": {"dim": {"color": "#000", "lasts": "presentation"}}, "presentedInsets": {"top": "$top"},
             "tracks": {"dim": {"start": {"alpha": 0}, "end": {"alpha": 0.3}}}, "backward": "reverse", "settle": "reset"}
            """).get()
        #expect(definition.motion.layers == [EffectMotion.Layer(name: "dim", color: [0, 0, 0, 1], lasts: .presentation)])
        #expect(definition.motion.presentedInsets?.top == .parameter("top") && definition.motion.settle == .reset)
        let pushLayer = Self.error("""
            {\(Self.head), "kind": "push", "layers": {"dim": {"lasts": "presentation"}}, "tracks": {}}
            """)
        #expect(pushLayer.contains("layers/dim/lasts: line 1, column 94: a push effect presents nothing"), "\(pushLayer)")
        let pushInsets = Self.error("""
            {\(Self.head), "kind": "push", "presentedInsets": {"top": 10}, "tracks": {}}
            """)
        #expect(pushInsets.contains("presentedInsets: line 1, column 85: a push effect presents nothing"), "\(pushInsets)")
        let misspelt = Self.error("""
            {\(Self.head), "kind": "present", "presentedInsets": {"tpo": 10}, "tracks": {}}
            """)
        #expect(misspelt.contains("presentedInsets/tpo: line 1, column 89: unknown key in the presented view's insets; did you mean top?"), "\(misspelt)")
    }
}
