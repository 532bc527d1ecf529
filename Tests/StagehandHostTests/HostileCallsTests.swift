import Foundation
import StagehandTestSupport
import StagehandCore
@testable import StagehandHost
import Testing

/// Bundles (C, compiled by the test) that misuse the host table: indexes out of range,
/// handles kept past their transition, calls from threads of their own. Each misuse is
/// a diagnostic naming the effect and the call, and a neutral result; the host goes on.
@Suite struct HostileCallsTests {
    /// A push with `bundle`'s effect on a new stage, settled.
    struct Push {
        let workspace: Workspace
        let coordinator: Coordinator
        var stage: Stage { coordinator.stage }
        var messages: [String] { stage.diagnostics.map { "\($0.source ?? ""): \($0.message)" } }
        var events: [String] { stage.transitionEvents.map { "\($0.kind.rawValue) \($0.effect)" } }
    }

    static func push(_ bundle: TestBundle, times: Int = 1) throws -> Push {
        let workspace = try Workspace()
        let plugins = try workspace.directory("plugins")
        try workspace.compile(bundle.source, to: "plugins/libHostile.so")
        let (library, _) = TestEnvironment.load(plugins: [plugins])
        let coordinator = Coordinator(library: library)
        try coordinator.use("test-effect", for: .push)
        coordinator.setRoot(coordinator.makeNavigationController(root: ViewController(title: "Inbox")))
        for k in 0..<times {
            coordinator.topNavigationController?.pushViewController(ViewController(title: "Page \(k + 1)"), animated: true)
            #expect(coordinator.stage.settle(limit: 5))
        }
        coordinator.stage.step()
        return Push(workspace: workspace, coordinator: coordinator)
    }

    static func expectMessage(_ push: Push, _ prefix: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(push.messages.contains { $0.hasPrefix(prefix) }, "no diagnostic starting \"\(prefix)\" among:\n\(push.messages.joined(separator: "\n"))",
                sourceLocation: sourceLocation)
    }

    @Test func indexesOutOfRangeAreRefusedWithNULL() throws {
        var bundle = TestBundle()
        bundle.animateBody = """
            (void)self;
            sh_view *container = host->context_container_view(context);
            sh_view *to = host->context_view(context, SH_KEY_TO);
            sh_controller *nav = host->controller_navigation_controller(host->context_view_controller(context, SH_KEY_TO));
            host->view_add_subview(container, to);
            if (host->view_subview_at(container, (size_t)-1) == NULL) host->log("subview -1: NULL");
            if (host->view_subview_at(container, 1000) == NULL) host->log("subview 1000: NULL");
            if (host->navigation_at(nav, (size_t)-1) == NULL) host->log("navigation -1: NULL");
            if (host->navigation_at(nav, 2) == NULL) host->log("navigation 2: NULL");
            if (host->navigation_at(nav, 1) != NULL) host->log("navigation 1: found");
            host->view_insert_subview_at(container, to, (size_t)-1);
            if (host->view_subview_at(container, host->view_subview_count(container) - 1) == to) host->log("inserted on top");
            host->context_complete_transition(context, true);
            """
        let push = try Self.push(bundle)
        Self.expectMessage(push, "libHostile.so (test-effect): view_subview_at: index 18446744073709551615 out of range (the view has 2 subviews); NULL returned")
        Self.expectMessage(push, "libHostile.so (test-effect): view_subview_at: index 1000 out of range")
        Self.expectMessage(push, "libHostile.so (test-effect): navigation_at: index 18446744073709551615 out of range (the stack holds 2 controllers); NULL returned")
        Self.expectMessage(push, "libHostile.so (test-effect): navigation_at: index 2 out of range")
        Self.expectMessage(push, "libHostile.so (test-effect): view_insert_subview_at: index 18446744073709551615 out of range (0...1); the view is put on top")
        for said in ["subview -1: NULL", "subview 1000: NULL", "navigation -1: NULL", "navigation 2: NULL", "navigation 1: found", "inserted on top"] {
            #expect(push.messages.contains("libHostile.so (test-effect): \(said)"), "\(said): \(push.messages)")
        }
        #expect(push.events == ["began test-effect", "completed test-effect"])
        #expect(push.coordinator.topNavigationController?.topViewController?.title == "Page 1")
    }

    @Test func aContextKeptFromAnEarlierTransitionIsStaleAndCancelsNothing() throws {
        var bundle = TestBundle()
        bundle.prelude = "static sh_context *kept;"
        bundle.animateBody = """
            (void)self;
            // The context of the previous transition, long finished: it must not name this one.
            if (kept != NULL) {
                host->context_complete_transition(kept, false);
                if (host->context_is_animated(kept)) host->log("the old context answered");
            }
            kept = context;
            host->view_add_subview(host->context_container_view(context), host->context_view(context, SH_KEY_TO));
            host->context_complete_transition(context, true);
            """
        let push = try Self.push(bundle, times: 3)
        #expect(push.events == Array(repeating: ["began test-effect", "completed test-effect"], count: 3).flatMap { $0 })
        // Completing a finished transition's context again is completing it twice.
        let stale = push.messages.filter { $0 == "libHostile.so (test-effect): completeTransition called twice by test-effect; the second call is ignored" }
        #expect(stale.count == 2, "\(push.messages)")
        #expect(!push.messages.contains("libHostile.so (test-effect): the old context answered"))
        #expect(push.coordinator.topNavigationController?.viewControllers.map(\.title) == ["Inbox", "Page 1", "Page 2", "Page 3"])
    }

    /// The C of a bundle whose `animate_transition` lets a thread of its own call the host
    /// (joined before it goes on), then finishes the transition properly.
    static var intruding: TestBundle {
        var bundle = TestBundle()
        bundle.prelude = """
            #include <pthread.h>
            #include <stdio.h>
            typedef struct probe { sh_view *container; sh_context *context; int made, snapshot, count; double alpha; } probe;
            static void *intrude(void *arg) {
                probe *p = arg;
                sh_rect r = {{0, 0}, {10, 10}};
                p->made = host->view_create(r) != NULL;
                p->snapshot = host->view_snapshot(p->container) != NULL;
                host->view_set_alpha(p->container, 0.25);
                p->alpha = host->view_alpha(p->container);
                p->count = (int)host->view_subview_count(p->container);
                host->view_remove_from_superview(p->container);
                host->context_complete_transition(p->context, false);
                host->log("said on the intruding thread");
                return NULL;
            }
            """
        bundle.animateBody = """
            (void)self;
            probe p = {0};
            p.container = host->context_container_view(context);
            p.context = context;
            host->view_add_subview(p.container, host->context_view(context, SH_KEY_TO));
            pthread_t thread;
            if (pthread_create(&thread, NULL, intrude, &p) == 0) pthread_join(thread, NULL);
            char line[160];
            snprintf(line, sizeof line, "intruder got: made %d, snapshot %d, alpha %g, count %d", p.made, p.snapshot, p.alpha, p.count);
            host->log(line);
            host->context_complete_transition(context, true);
            """
        return bundle
    }

    @Test func callsFromABundlesOwnThreadAreRefused() throws {
        let push = try Self.push(Self.intruding)
        let refusal = "refused: called from a thread of libHostile.so's own, which is not running this stage"
        for call in ["view_snapshot", "view_set_alpha", "view_alpha", "view_subview_count", "view_remove_from_superview", "context_complete_transition"] {
            Self.expectMessage(push, "libHostile.so (test-effect): \(call): \(refusal)")
        }
        #expect(push.messages.contains("libHostile.so (test-effect): intruder got: made 0, snapshot 0, alpha 0, count 0"), "\(push.messages)")
        // The transition was neither cancelled nor spoiled by the intruder.
        #expect(push.events == ["began test-effect", "completed test-effect"])
        #expect(push.coordinator.topNavigationController?.topViewController?.title == "Page 1")
        let top = try #require(push.coordinator.topNavigationController?.topViewController?.view)
        #expect(top.window === push.stage.window && top.model.alpha == 1)
    }

    @Test func whatABundlesOwnThreadSaysWithoutAHandleReachesStandardError() throws {
        let workspace = try Workspace()
        let plugins = try workspace.directory("plugins")
        try workspace.compile(Self.intruding.source, to: "plugins/libHostile.so")
        let scenario = try workspace.write("push.json", """
            {"navigation": {"push": "test-effect"}, "steps": [{"push": {"title": "Article"}}, {"wait": 1}]}
            """)
        let run = try runStagehand(["play", scenario, "--plugins", plugins])
        #expect(run.status == 0, "\(run.errors)")
        // No stage to hold these: they are written at once, naming the bundle.
        #expect(run.errors.contains("note: libHostile.so: said on the intruding thread\n"), "\(run.errors)")
        #expect(run.errors.contains("warning: libHostile.so: view_create: refused: called from a thread of libHostile.so's own"), "\(run.errors)")
        // Those with a handle are the stage's, named after the effect.
        #expect(run.errors.contains("libHostile.so (test-effect): context_complete_transition: refused"), "\(run.errors)")
    }
}
