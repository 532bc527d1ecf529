import Foundation
import StagehandTestSupport
import StagehandCore
@testable import StagehandHost
import Testing

/// The ABI 1.3 functions, called by a real C bundle built here: the pairs a transition
/// offers, flying copies and the real view taken to fly, match identifiers and
/// plus-lighter compositing; bad indexes, views and values refused with a diagnostic.
@Suite struct MatchedViewsBridgeTests {
    static let prelude = """
        #include <math.h>
        #include <string.h>
        static void say(const char *format, double a, double b, double c, double d) {
            char line[200];
            snprintf(line, sizeof line, format, a, b, c, d);
            host->log(line);
        }
        """

    static var bundle: TestBundle {
        var bundle = TestBundle()
        bundle.prelude = prelude
        bundle.animateBody = """
            (void)self;
            sh_view *container = host->context_container_view(context);
            sh_view *to = host->context_view(context, SH_KEY_TO);
            host->view_add_subview(container, to);
            say("has 1.3: %g, pairs %g", SH_HOST_HAS(host, view_set_compositing), sh_matched_pair_count(host, context), 0, 0);
            sh_matched_pair pair;
            if (sh_matched_pair_get(host, context, 0, &pair)) {
                host->log(pair.identifier);
                say("source %g %g %g %g", pair.source.frame.origin.x, pair.source.frame.origin.y, pair.source.frame.size.width, pair.source.frame.size.height);
                say("destination %g %g %g %g", pair.destination.frame.origin.x, pair.destination.frame.origin.y, pair.destination.frame.size.width, pair.destination.frame.size.height);
                say("radius %g %g, opacity %g, opaque %g", pair.source.corner_radius, pair.destination.corner_radius, pair.source.opacity, pair.destination.opaque);
                host->log(host->view_match_id(pair.destination.view));

                sh_view *copy = host->context_flying_copy(context, pair.source.view);
                sh_rect f = host->view_frame(copy);
                say("copy %g %g %g %g", f.origin.x, f.origin.y, f.size.width, f.size.height);
                say("copy id %g, subviews %g", host->view_match_id(copy) == NULL, host->view_subview_count(copy), 0, 0);
                sh_view *holder = host->view_create(host->view_bounds(container));
                host->view_add_subview(container, holder);
                sh_view *other = host->context_flying_copy(context, pair.destination.view);
                sh_cross_fade_pair(host, holder, copy, other);
                say("compositing %g", host->view_compositing(other), 0, 0, 0);
                host->view_set_compositing(other, 7);
                say("taken %g, not %g", host->context_take_view(context, pair.destination.view), host->context_take_view(context, to), 0, 0);
                sh_rect settled = host->context_settled_frame(context, pair.source.view);
                say("settled %g %g", settled.origin.x, settled.origin.y, 0, 0);
                host->view_set_match_id(to, "page");
                host->log(host->view_match_id(to));
                host->view_set_match_id(to, "");
                say("cleared %g", host->view_match_id(to) == NULL, 0, 0, 0);
            }
            pair.size = sizeof pair;
            say("pair 5: %g", host->context_matched_pair(context, 5, &pair), 0, 0, 0);
            host->context_complete_transition(context, true);
            """
        return bundle
    }

    @Test func aCBundleReadsThePairsFliesCopiesAndCrossFadesWithPlusLighter() throws {
        let workspace = try Workspace()
        let plugins = try workspace.directory("plugins")
        try workspace.compile(Self.bundle.source, to: "plugins/libHostile.so")
        let (library, _) = TestEnvironment.load(plugins: [plugins])
        let coordinator = Coordinator(library: library)
        try coordinator.use("test-effect", for: .push)
        let inbox = ViewController(title: "Inbox")
        coordinator.setRoot(coordinator.makeNavigationController(root: inbox))
        let thumb = View(frame: Rect(x: 12, y: 200, width: 40, height: 40), kind: .image)
        thumb.matchID = "mail-3"
        thumb.cornerRadius = 8
        thumb.addSubview(View(frame: Rect(x: 0, y: 0, width: 10, height: 10), kind: .panel))
        inbox.view.addSubview(thumb)
        let mail = ViewController(title: "Mail")
        let picture = View(frame: Rect(x: 16, y: 60, width: 358, height: 220), kind: .image)
        picture.matchID = "mail-3"
        picture.backgroundColor = Color(red: 1, green: 0, blue: 0)
        mail.view.addSubview(picture)
        coordinator.topNavigationController?.pushViewController(mail, animated: true)
        #expect(coordinator.stage.settle(limit: 5))

        let prefix = "libHostile.so (test-effect): "
        let said = coordinator.stage.diagnostics.compactMap { d -> String? in
            let line = "\(d.source ?? ""): \(d.message)"
            return line.hasPrefix(prefix) ? String(line.dropFirst(prefix.count)) : nil
        }
        for line in ["has 1.3: 1, pairs 1", "mail-3", "source 12 200 40 40", "destination 16 60 358 220",
                     "radius 8 0, opacity 1, opaque 1", "copy 12 200 40 40", "copy id 1, subviews 1", "compositing 1",
                     "taken 1, not 0", "settled 12 200", "page", "cleared 1", "pair 5: 0"] {
            #expect(said.contains(line), "\(line) not among:\n\(said.joined(separator: "\n"))")
        }
        for refusal in ["view_set_compositing: unknown compositing 7", "context_take_view: 'Mail' is in no matched pair",
                        "context_matched_pair: index 5 out of range (the transition has 1 pairs)"] {
            #expect(said.contains { $0.hasPrefix(refusal) }, "\(refusal) not among:\n\(said.joined(separator: "\n"))")
        }
        // The real picture, taken to fly, is back in its screen as it was.
        #expect(picture.superview === mail.view && picture.frame == Rect(x: 16, y: 60, width: 358, height: 220))
        #expect(mail.view.matchID == nil && thumb.superview === inbox.view)
    }
}
