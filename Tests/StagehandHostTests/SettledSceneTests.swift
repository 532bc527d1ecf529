import Foundation
import StagehandTestSupport
import Testing

/// `play` and `preview` check the scene after every transition with the rules
/// `validate` uses, and name the effect that broke it, in a diagnostic and in the trace.
@Suite struct SettledSceneTests {
    static let prelude = "static const sh_host *H;"
    static let initBody = "(void)path; H = host; return host != NULL;"

    /// A push that takes the navigation controller's own view out of the window.
    static func navigationRemover() -> TestBundle {
        var bundle = TestBundle(effect: "nav-remover", factory: "nav_remover_create")
        bundle.prelude = prelude
        bundle.initBody = initBody
        bundle.animateBody = """
            (void)self;
            sh_controller *to = H->context_view_controller(context, SH_KEY_TO);
            H->context_container_view(context);
            H->view_add_subview(H->context_container_view(context), H->context_view(context, SH_KEY_TO));
            H->view_remove_from_superview(H->controller_view(H->controller_navigation_controller(to)));
            H->context_complete_transition(context, true);
            """
        return bundle
    }

    /// A push that leaves a snapshot of the old screen in the window, above the
    /// transition's container (where the runtime's own clean-up does not look).
    static func snapshotLeaver() -> TestBundle {
        var bundle = TestBundle(effect: "snapshot-leaver", factory: "snapshot_leaver_create")
        bundle.prelude = prelude
        bundle.initBody = initBody
        bundle.animateBody = """
            (void)self;
            sh_view *container = H->context_container_view(context);
            H->view_add_subview(container, H->context_view(context, SH_KEY_TO));
            H->view_add_subview(H->view_superview(container), H->view_snapshot(H->context_view(context, SH_KEY_FROM)));
            H->context_complete_transition(context, true);
            """
        return bundle
    }

    static func scenario(push: String) -> String {
        """
        {"root": {"title": "Inbox", "embedInNavigation": true}, "navigation": {"push": "\(push)"},
         "steps": [{"push": {"title": "Detail", "embedInNavigation": false}}, {"wait": 1}]}
        """
    }

    @Test func playReportsANavigationViewTakenOutOfTheWindow() throws {
        let workspace = try Workspace()
        let plugins = try workspace.directory("plugins")
        try workspace.compile(Self.navigationRemover().source, to: "plugins/libNavRemover.so")
        let scenario = try workspace.write("run.json", Self.scenario(push: "nav-remover"))
        let run = try runStagehand(["play", scenario, "--plugins", plugins, "--trace", "-"])
        #expect(run.errors.split(separator: "\n").contains("error: nav-remover: after the push ended, the window is empty"), "\(run.errors)")
        let trace = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let events = try #require(trace["events"] as? [[String: Any]])
        #expect(events.contains { $0["kind"] as? String == "error" && $0["effect"] as? String == "nav-remover"
                    && $0["message"] as? String == "after the push ended, the window is empty" }, "\(events)")
    }

    @Test func playAndPreviewReportASnapshotLeftInTheWindow() throws {
        let workspace = try Workspace()
        let plugins = try workspace.directory("plugins")
        try workspace.compile(Self.snapshotLeaver().source, to: "plugins/libSnapshotLeaver.so")
        let scenario = try workspace.write("run.json", Self.scenario(push: "snapshot-leaver"))
        let expected = "error: snapshot-leaver: after the push ended, 1 snapshot view(s) are left showing in the window"
        let play = try runStagehand(["play", scenario, "--plugins", plugins])
        #expect(play.errors.split(separator: "\n").contains(Substring(expected)), "\(play.errors)")
        #expect(play.output.contains("error     push      snapshot-leaver: after the push ended, 1 snapshot view(s) are left showing in the window"),
                "\(play.output)")
        let preview = try runStagehand(["preview", "snapshot-leaver", "--plugins", plugins, "--format", "svg",
                                        "--out", workspace.path + "/leaver.svg"])
        #expect(preview.errors.split(separator: "\n").contains(Substring(expected)), "\(preview.errors)")
    }

    /// The built-in effects leave the scene as UIKit does: no such error.
    @Test func aBuiltInRunReportsNothing() throws {
        let workspace = try Workspace()
        let scenario = try workspace.write("run.json", """
            {"root": {"title": "Inbox", "embedInNavigation": true}, "navigation": {"push": "parallax-push", "pop": "slide-pop"},
             "steps": [{"push": {"title": "Detail", "embedInNavigation": false}}, {"pop": {}},
                       {"present": {"title": "Compose", "effect": "bounce-present"}}, {"wait": 2}, {"dismiss": {}}]}
            """)
        let run = try runStagehand(["play", scenario])
        #expect(run.status == 0)
        #expect(!run.errors.contains("error"), "\(run.errors)")
    }
}
