import Foundation
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

    static func completion(_ run: StagehandRun, trace: String) throws -> Double? {
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
}
