import Foundation
import StagehandTestSupport
import Testing

/// Bundles written against older ABI shapes (sources and frozen headers in `Fixtures/`),
/// built with the C compiler against their own header and loaded into the current
/// host: an ABI 1.0 bundle (smaller `sh_host` and `sh_bundle`, no 1.1 field, minor 0)
/// pushes and pops, an ABI 1.1 one presents and dismisses and gets its 1.1 answer, an
/// ABI 1.2 one reveals through a mask and logs through its bundle context. The
/// traces show each effect ran, frame by frame, as written.
@Suite struct OlderABIBundleTests {
    static let fixtures = TestEnvironment.repositoryRoot + "/Tests/StagehandHostTests/Fixtures"

    /// A plugin directory holding the fixture `file` of `version`, built against that
    /// version's header.
    struct Setup {
        let workspace: Workspace
        let plugins: String

        init(_ version: String, _ file: String, as library: String) throws {
            workspace = try Workspace()
            plugins = try workspace.directory("plugins")
            let directory = OlderABIBundleTests.fixtures + "/ABI-\(version)"
            let source = try String(contentsOfFile: directory + "/" + file, encoding: .utf8)
            try workspace.compile(source, to: "plugins/\(library)", headers: directory, flags: ["-Wall", "-Werror"])
        }

        /// Plays `scenario` with a trace; the run, the trace's events as "t kind effect",
        /// and its frames.
        func play(_ scenario: String) throws -> (ProcessRun, [String], [[String: Any]]) {
            let file = try workspace.write("scenario.json", scenario)
            let trace = workspace.path + "/trace.json"
            let run = try runStagehand(["play", file, "--plugins", plugins, "--trace", trace])
            guard run.status == 0 else { return (run, [], []) }
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: trace))) as? [String: Any]
            let events = (object?["events"] as? [[String: Any]] ?? []).map {
                "\($0["t"] ?? "") \($0["kind"] ?? "") \($0["effect"] ?? "")"
            }
            return (run, events, object?["frames"] as? [[String: Any]] ?? [])
        }
    }

    /// The view called `title` (the back-most of that name: the controller's view, not its
    /// navigation bar) in the frame at `t`.
    static func view(_ title: String, at t: Double, in frames: [[String: Any]]) -> [String: Any]? {
        let frame = frames.first { abs(($0["t"] as? Double ?? -1) - t) < 1e-6 }
        return (frame?["views"] as? [[String: Any]])?.first { $0["title"] as? String == title }
    }

    @Test func anABI10BundlePushesAndPops() throws {
        let setup = try Setup("1.0", "old_slide.c", as: "libOldSlide.so")
        let (run, events, frames) = try setup.play("""
            {"navigation": {"push": "old-slide-push", "pop": "old-slide-pop"},
             "steps": [{"push": {"title": "Article"}}, {"wait": 1}, {"pop": {}}, {"wait": 1}]}
            """)
        #expect(run.status == 0 && run.errors.isEmpty, "\(run.errors)")
        #expect(events == ["0 began old-slide-push", "0.4 completed old-slide-push", "1 began old-slide-pop", "1.4 completed old-slide-pop"])
        // Linear slides of 0.4 s across a 390-point screen: half-way at 0.2 s in, each way.
        #expect((Self.view("Article", at: 0.2, in: frames)?["frame"] as? [Double]) == [195, 0, 390, 844])
        #expect((Self.view("Article", at: 1.2, in: frames)?["frame"] as? [Double]) == [195, 0, 390, 844])
        #expect(frames.last?["stack"] as? [String] == ["Root"])
    }

    @Test func anABI11BundlePresentsAndDismissesAndGetsItsAnswer() throws {
        let setup = try Setup("1.1", "old_fade.c", as: "libOldFade.so")
        let (run, events, frames) = try setup.play("""
            {"steps": [{"present": {"title": "Compose", "effect": "old-fade-present", "dismissal": "old-fade-dismiss"}},
                       {"wait": 1}, {"dismiss": {}}, {"wait": 1}]}
            """)
        #expect(run.status == 0, "\(run.errors)")
        #expect(events == ["0 began old-fade-present", "0.3 completed old-fade-present", "1 began old-fade-dismiss", "1.3 completed old-fade-dismiss"])
        // The 1.1 question (controller_transition_in_progress) answered yes during each.
        #expect(run.errors == """
            note: libOldFade.so (old-fade-present): a transition is in progress, as ABI 1.1 says
            note: libOldFade.so (old-fade-dismiss): a transition is in progress, as ABI 1.1 says

            """)
        #expect(Self.view("Compose", at: 0.15, in: frames)?["alpha"] as? Double == 0.5)
        #expect(Self.view("Compose", at: 1.15, in: frames)?["alpha"] as? Double == 0.5)
        // The host removed the dismissed view.
        let last = frames.last?["views"] as? [[String: Any]] ?? []
        #expect(!last.contains { $0["title"] as? String == "Compose" })
        #expect(frames.last?["presented"] as? [String] == [])
    }

    @Test func anABI12BundleRevealsThroughAMaskAndLogsWithItsContext() throws {
        let setup = try Setup("1.2", "old_reveal.c", as: "libOldReveal.so")
        let (run, events, frames) = try setup.play("""
            {"steps": [{"present": {"title": "Compose", "effect": "old-reveal-present", "dismissal": "old-reveal-dismiss"}},
                       {"wait": 1}, {"dismiss": {}}, {"wait": 1}]}
            """)
        #expect(run.status == 0, "\(run.errors)")
        #expect(events == ["0 began old-reveal-present", "0.4 completed old-reveal-present", "1 began old-reveal-dismiss", "1.4 completed old-reveal-dismiss"])
        #expect(run.errors == """
            note: libOldReveal.so (old-reveal-present): revealing, as ABI 1.2 bundles did
            note: libOldReveal.so (old-reveal-dismiss): hiding, as ABI 1.2 bundles did

            """)
        // Linear from a circle of radius 1 to one of 500 about (195, 422): at 0.2 s, 250.5.
        let mask = Self.view("Compose", at: 0.2, in: frames)?["mask"] as? [Double]
        #expect(mask == [195 - 250.5, 422 - 250.5, 501, 501, 250.5])
        #expect(Self.view("Compose", at: 1.2, in: frames)?["mask"] as? [Double] == [195 - 250.5, 422 - 250.5, 501, 501, 250.5])
        #expect(frames.last?["presented"] as? [String] == [])
    }
}
