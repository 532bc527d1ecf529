import Foundation
import StagehandTestSupport
import Testing
@testable import StagehandHost

/// A scenario's `"parameters"`: factory values by effect, so a recording replays alone;
/// `--param` wins key by key, and a value the manifest refuses ends `play` naming the
/// file, the key and the bounds.
@Suite struct ScenarioParametersTests {
    @Test func stringsNumbersAndBooleansAreReadAsParamTextIs() throws {
        let s = try parse("""
            {"parameters": {"portal": {"gesture": "horizontal", "duration": 0.80, "zoom": 1e-1},
                            "my-fade": {"reversed": true}}}
            """)
        #expect(s.parameters == ["portal": ["gesture": "horizontal", "duration": "0.80", "zoom": "1e-1"],
                                 "my-fade": ["reversed": "true"]])
    }

    @Test(arguments: [
        (#"{"parameters": []}"#, "error: s.json: parameters: expected an object: effect name → {parameter: value}"),
        (#"{"parameters": {"portal": 3}}"#, "error: s.json: parameters.portal: expected an object: parameter name → value"),
        (#"{"parameters": {"portal": {"zoom": null}}}"#, "error: s.json: parameters.portal.zoom: expected a string, a number or true/false"),
        (#"{"parameters": {"portal": {"zoom": [1]}}}"#, "error: s.json: parameters.portal.zoom: expected a string, a number or true/false"),
    ])
    func aMalformedValueNamesItsKey(json: String, message: String) {
        #expect(failure(json) == message)
    }

    @Test func aKeyWrittenTwiceIsRefused() {
        #expect(failure(#"{"parameters": {"portal": {"zoom": 0.5, "zoom": 0.6}}}"#).hasPrefix("error: s.json: parameters.portal.zoom: "))
        #expect(failure(#"{"parameters": {"portal": {}, "portal": {}}}"#).hasPrefix("error: s.json: parameters.portal: "))
    }

    static func completion(_ run: ProcessRun, trace: String) throws -> Double? {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: trace))) as? [String: Any]
        let events = object?["events"] as? [[String: Any]] ?? []
        return events.first { $0["kind"] as? String == "completed" }?["t"] as? Double
    }

    /// parallax-push lasts its `duration` (0.6 s by default): 0.5 from the file, 0.25 when
    /// `--param` says so too, and 99 (beyond its 10 s bound) refused before anything plays.
    @Test func playUsesTheFilesValuesUnderParam() throws {
        let workspace = try Workspace()
        func scenario(_ duration: String) throws -> String {
            try workspace.write("push-\(duration).json", """
                {"navigation": {"push": "parallax-push"}, "parameters": {"parallax-push": {"duration": \(duration)}},
                 "steps": [{"push": {"title": "A"}}, {"wait": 1}]}
                """)
        }
        let trace = workspace.path + "/trace.json"
        let own = try runStagehand(["play", try scenario("0.5"), "--trace", trace])
        #expect(own.status == 0, "\(own.errors)")
        #expect(try Self.completion(own, trace: trace) == 0.5)
        let overridden = try runStagehand(["play", try scenario("0.5"), "--trace", trace, "--param", "parallax-push.duration=0.25"])
        #expect(overridden.status == 0, "\(overridden.errors)")
        #expect(try Self.completion(overridden, trace: trace) == 0.25)
        let file = try scenario("99")
        let refused = try runStagehand(["play", file])
        #expect(refused.status == 1)
        #expect(refused.errors == "error: \(file): parameters.parallax-push: parameter duration of effect parallax-push: 99 is out of bounds: expected a double between 0.01 and 10\n",
                "\(refused.errors)")
    }

    /// A string parameter's JSON form is a string: a number or a boolean for it is
    /// refused before anything plays (as `true` for a double is), not passed on as text
    /// for the factory to refuse while the run quietly uses the system animation. A
    /// string outside its declared choices is refused with the list, from the file and
    /// from `--param` alike; `--param`'s own text is a string, so it replaces the file's 7.
    @Test func aStringParameterTakesOnlyAStringAndOneOfItsChoices() throws {
        let workspace = try Workspace()
        func scenario(_ name: String, _ gesture: String) throws -> String {
            try workspace.write(name, """
                {"navigation": {"push": "portal"}, "parameters": {"portal": {"gesture": \(gesture)}},
                 "steps": [{"push": {"title": "A"}}, {"wait": 1}]}
                """)
        }
        let choices = "one of none, horizontal, vertical, pinch"
        for (literal, what) in [("7", "the number 7"), ("true", "the boolean true")] {
            let file = try scenario("literal.json", literal)
            let run = try runStagehand(["play", file])
            #expect(run.status == 1)
            #expect(run.errors == "error: \(file): parameters.portal: parameter gesture of effect portal: expected a string (\(choices)), got \(what); write it in quotes\n",
                    "\(run.errors)")
        }
        let diagonal = try scenario("diagonal.json", #""diagonal""#)
        let refused = try runStagehand(["play", diagonal])
        #expect(refused.status == 1)
        #expect(refused.errors == "error: \(diagonal): parameters.portal: parameter gesture of effect portal: expected \(choices), got \"diagonal\"\n",
                "\(refused.errors)")
        let param = try runStagehand(["preview", "portal", "--format", "svg", "--out", workspace.path + "/p.svg", "--param", "gesture=diagonal"])
        #expect(param.status == 1)
        #expect(param.errors == "error: --param: parameter gesture of effect portal: expected \(choices), got \"diagonal\"\n", "\(param.errors)")

        let replaced = try runStagehand(["play", try scenario("seven.json", "7"), "--param", "portal.gesture=vertical"])
        #expect(replaced.status == 0, "\(replaced.errors)")
        let chosen = try runStagehand(["play", try scenario("vertical.json", #""vertical""#)])
        #expect(chosen.status == 0 && chosen.errors.isEmpty, "\(chosen.errors)")
    }
}
