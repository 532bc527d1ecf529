import Foundation
import StagehandTestSupport
import Testing
@testable import StagehandServe

/// A bundle rebuilt in a watched `--plugins` directory while the server runs: the page is
/// sent the new catalog, and the next transition runs the new code, with no restart.
@Suite(.serialized, .ownThread) struct HotReloadTests {
    /// A push effect in C whose duration is fixed when it is compiled (`PROBE_DURATION`),
    /// so only a rebuild can change it: the manifest, read before any code runs, stays
    /// the same.
    static let source = """
        #include <stdlib.h>
        #include "stagehand.h"

        sh_effect *reload_probe_create(void);

        #define PROBE_STRING(x) #x
        #define PROBE_XSTRING(x) PROBE_STRING(x)

        static const char probe_manifest[] =
            "{\\"abi\\": {\\"major\\": " PROBE_XSTRING(STAGEHAND_ABI_MAJOR) ", \\"minor\\": " PROBE_XSTRING(STAGEHAND_ABI_MINOR) "},"
            " \\"bundle\\": {\\"name\\": \\"ReloadProbe\\", \\"version\\": \\"1.0.0\\"},"
            " \\"effects\\": [{\\"name\\": \\"reload-probe\\", \\"kind\\": \\"push\\", \\"interactive\\": false,"
            " \\"factory\\": \\"reload_probe_create\\", \\"parameters\\": [],"
            " \\"description\\": \\"A push whose duration is fixed at build time.\\", \\"author\\": \\"Tests\\", \\"license\\": \\"MIT\\"}]}";

        static const sh_host *probe_host;

        static bool probe_init(const sh_host *host, const char *path) {
            (void)path;
            if (host == NULL || !SH_HOST_HAS(host, context_complete_transition)) return false;
            probe_host = host;
            return true;
        }

        typedef struct probe { sh_effect table; } probe;
        typedef struct probe_run { sh_context *context; sh_view *to; } probe_run;

        static double probe_duration(void *self, sh_context *context) { (void)self; (void)context; return PROBE_DURATION; }

        static void probe_animations(void *user) {
            probe_run *run = user;
            if (run->to != NULL) probe_host->view_set_alpha(run->to, 1.0);
        }

        static void probe_completion(void *user, bool finished) {
            (void)finished;
            probe_run *run = user;
            probe_host->context_complete_transition(run->context, !probe_host->context_transition_was_cancelled(run->context));
            free(run);
        }

        static void probe_animate(void *self, sh_context *context) {
            (void)self;
            const sh_host *host = probe_host;
            probe_run *run = malloc(sizeof *run);
            if (run == NULL) { host->context_complete_transition(context, false); return; }
            run->context = context;
            run->to = host->context_view(context, SH_KEY_TO);
            if (run->to != NULL) {
                sh_controller *to = host->context_view_controller(context, SH_KEY_TO);
                if (to != NULL) host->view_set_frame(run->to, host->context_final_frame(context, to));
                host->view_set_alpha(run->to, 0.0);
                host->view_add_subview(host->context_container_view(context), run->to);
            }
            sh_animation animation = {0};
            animation.size = sizeof animation;
            animation.duration = PROBE_DURATION;
            animation.curve = SH_CURVE_LINEAR;
            host->animate(&animation, probe_animations, probe_completion, run);
        }

        static void probe_destroy(void *self) { free(self); }

        sh_effect *reload_probe_create(void) {
            probe *effect = calloc(1, sizeof *effect);
            if (effect == NULL) return NULL;
            effect->table.size = sizeof effect->table;
            effect->table.self = effect;
            effect->table.transition_duration = probe_duration;
            effect->table.animate_transition = probe_animate;
            effect->table.destroy = probe_destroy;
            return &effect->table;
        }

        STAGEHAND_BUNDLE(probe_manifest, probe_init, NULL)
        """

    struct CompileFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// Compiles the probe with `duration` into `directory/libReloadProbe.so`: built
    /// beside it, then renamed into place, as a build that finishes replaces the file.
    static func build(duration: Double, into directory: String, scratch: String) throws {
        let sourceFile = scratch + "/probe.c", output = scratch + "/libReloadProbe.so"
        try source.write(toFile: sourceFile, atomically: true, encoding: .utf8)
        let compiler = Process()
        compiler.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        compiler.arguments = ["cc", "-shared", "-fPIC", "-std=c11", "-I", TestServer.repositoryRoot + "/Sources/StagehandABI/include",
                              "-DPROBE_DURATION=\(duration)", "-o", output, sourceFile]
        let errors = Pipe()
        compiler.standardError = errors
        try compiler.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        compiler.waitUntilExit()
        guard compiler.terminationStatus == 0 else { throw CompileFailure(description: "cc failed:\n\(message)") }
        _ = rename(output, directory + "/libReloadProbe.so")
    }

    /// Selects the probe (as the page does after each catalog update), pushes, lets the
    /// push end, exports, and returns the push's length from the exported trace. A try
    /// whose recording holds no complete push, or whose export is refused or not
    /// answered within two minutes (a machine loaded by every other test, under a
    /// sanitizer), is made again from the start, with a new stage; what each failed try
    /// saw, and the server's last log lines, are in the issue recorded after five.
    static func pushLength(_ page: PageClient, _ server: TestServer) async throws -> Double {
        var tries: [String] = []
        for attempt in 1...5 {
            try await page.send(["type": "select", "effect": "reload-probe"])
            let selected = try await page.next("selected") { $0["effect"] as? String == "reload-probe" }
            #expect(selected["operations"] as? [String] == ["push", "pop"])
            try await page.send(["type": "operation", "name": "push"])
            // Counted from a frame after the push was sent (a busy machine may deliver it
            // a few frames late), with room for the longest build's push to end.
            let start = try await page.next("frame")["t"] as? Double ?? 0
            _ = try await page.next("frame") { ($0["t"] as? Double ?? 0) >= start + 3 }
            try await page.send(["type": "export"])
            guard let answer = try await page.first(of: ["exported", "error"], within: 120) else {
                tries.append("try \(attempt): no answer to the export within 120 s")
                continue
            }
            guard answer["type"] as? String == "exported" else {
                tries.append("try \(attempt): the export was refused: \(answer["message"] ?? answer)")
                continue
            }
            let data = try await HTTPGet.fetch(port: server.port, path: try #require(answer["trace"] as? String))
            let trace = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let events = try #require(trace["events"] as? [[String: Any]])
            let push = events.filter { $0["effect"] as? String == "reload-probe" && $0["operation"] as? String == "push" }
            if let began = push.first(where: { $0["kind"] as? String == "began" })?["t"] as? Double,
               let completed = push.first(where: { $0["kind"] as? String == "completed" })?["t"] as? Double {
                return completed - began
            }
            tries.append("try \(attempt): no complete push of reload-probe in the recording: \(events)")
        }
        Issue.record("no complete push of reload-probe in five tries: \(tries.joined(separator: "; ")); the server's last log lines: \(server.log.suffix(20).joined(separator: " | "))")
        return 0
    }

    @Test func aRebuiltBundlesNextTransitionRunsItsNewCode() async throws {
        let root = NSTemporaryDirectory() + "stagehand-serve-reload-\(UUID().uuidString)"
        let plugins = root + "/plugins", scratch = root + "/build"
        for directory in [plugins, scratch] {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.build(duration: 0.25, into: plugins, scratch: scratch)
        let server = try await TestServer(pluginDirectories: [plugins])
        let page = try await server.page()
        let first = try await page.next("catalog")
        #expect((first["problems"] as? [String])?.isEmpty == true, "\(first["problems"] ?? "")")
        #expect((first["effects"] as? [[String: Any]])?.contains { $0["name"] as? String == "reload-probe" } == true)
        let before = try await Self.pushLength(page, server)
        #expect(abs(before - 0.25) < 0.02, "the first build's push lasts \(before) s")

        try Self.build(duration: 0.75, into: plugins, scratch: scratch)
        let generation = first["generation"] as? Int ?? 0
        let updated = try await page.next("catalog") { ($0["generation"] as? Int ?? 0) > generation }
        #expect((updated["problems"] as? [String])?.isEmpty == true, "\(updated["problems"] ?? "")")
        let after = try await Self.pushLength(page, server)
        #expect(abs(after - 0.75) < 0.02, "the rebuilt push lasts \(after) s")
        page.close()
        await server.stop()
    }
}
