import Foundation
import StagehandTestSupport
import StagehandCore
import StagehandHost
import Testing

/// An effect declared once: the manifest and the factory's bounds check both come from
/// one declaration, in Swift (`EffectDeclaration`) and in C (`stagehand_effect.h`).
///
/// The factories are called directly here, past the host (which checks bounds before it
/// calls a factory), by a small C program with a host table of its own that prints each
/// log line: in a process of its own, so its table never replaces the real host's.
@Suite struct DeclarationTests {
    /// A program that loads `bundle`, initialises it with a table whose only function is
    /// `log`, and calls `factory(a, b, c)` for each triple, printing the log lines, the
    /// made effect's duration or NULL.
    static let harness = """
        #include <dlfcn.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include "stagehand.h"

        static void say(const char *message) { printf("log: %s\\n", message); }
        typedef sh_effect *(*factory3)(double, double, double);

        int main(int argc, char **argv) {
            void *handle = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
            if (handle == NULL) { printf("dlopen: %s\\n", dlerror()); return 2; }
            const sh_bundle *(*entry)(void) = (const sh_bundle *(*)(void))dlsym(handle, "stagehand_bundle_entry");
            static sh_host host;
            host.abi_major = STAGEHAND_ABI_MAJOR;
            host.abi_minor = STAGEHAND_ABI_MINOR;
            host.size = sizeof host;
            host.log = say;
            if (entry == NULL || !entry()->init(&host, argv[1])) { puts("init failed"); return 2; }
            factory3 factory = (factory3)dlsym(handle, argv[2]);
            if (factory == NULL) { puts("no factory"); return 2; }
            for (int i = 3; i + 2 < argc; i += 3) {
                sh_effect *effect = factory(atof(argv[i]), atof(argv[i + 1]), atof(argv[i + 2]));
                if (effect == NULL) { puts("NULL"); continue; }
                printf("made, duration %g\\n", effect->transition_duration(effect->self, NULL));
                effect->destroy(effect->self);
            }
            return 0;
        }
        """

    static func callFactory(of bundle: String, _ factory: String, with triples: [[String]], in workspace: Workspace) throws -> [String] {
        let program = try workspace.compileProgram(harness, to: "harness")
        let run = try runProcess(program, [bundle, factory] + triples.flatMap { $0 }, in: workspace.path)
        try #require(run.status == 0, "\(run.output)\(run.errors)")
        return run.output.split(separator: "\n").map(String.init)
    }

    @Test func aSwiftFactoryRefusesAValueOutOfItsDeclaredBoundsNamingTheParameter() throws {
        let workspace = try Workspace()
        let lines = try Self.callFactory(of: TestEnvironment.productsDirectory + "/libBouncePresent.so", "bounce_present_create",
                                         with: [["0.8", "0.6", "0"], ["0.8", "1.5", "0"], ["nan", "0.6", "0"], ["10", "0.01", "-100"]],
                                         in: workspace)
        #expect(lines == [
            "made, duration 0.8",
            "log: parameter damping is 1.5, outside its bounds 0.01...1.0; the factory bounce_present_create returns NULL",
            "NULL",
            "log: parameter duration is nan, outside its bounds 0.01...10.0; the factory bounce_present_create returns NULL",
            "NULL",
            "made, duration 10",
        ])
    }

    /// A C effect with three parameters of three types, declared with the header's macros.
    static let cEffect = """
        #include <stdlib.h>
        #include "stagehand.h"
        #include "stagehand_effect.h"

        #define SPIN_PARAMETERS(NUMBER, VALUE)       \\
            NUMBER(double, duration, 0.5, 0.01, 10)  \\
            NUMBER(int32, turns, 2, 1, 8)            \\
            VALUE(bool, clockwise, true)

        #define SPIN_EFFECT(EFFECT)                                                 \\
            EFFECT("spin", present, false, spin_create, SPIN_PARAMETERS,            \\
                   "Present: the modal spins in.",                                  \\
                   SH_FIELD("family", "Tests") SH_FIELD("source", "a \\\\\\"quoted\\\\\\" recipe"))

        static const sh_host *spin_host;
        static bool spin_init(const sh_host *host, const char *path) { (void)path; spin_host = host; return host != NULL; }

        typedef struct { sh_effect table; double duration; } spin;
        static double spin_duration(void *self, sh_context *context) { (void)context; return ((spin *)self)->duration; }
        static void spin_animate(void *self, sh_context *context) { (void)self; spin_host->context_complete_transition(context, true); }
        static void spin_destroy(void *self) { free(self); }

        SH_EFFECT_FACTORY(SPIN_EFFECT, spin_host) {
            spin *effect = calloc(1, sizeof *effect);
            if (effect == NULL) return NULL;
            /* The three arguments reach the body: they make the duration. */
            effect->duration = duration * turns * (clockwise ? 1 : -1);
            effect->table.size = sizeof effect->table;
            effect->table.self = effect;
            effect->table.transition_duration = spin_duration;
            effect->table.animate_transition = spin_animate;
            effect->table.destroy = spin_destroy;
            return &effect->table;
        }

        static const char spin_manifest[] = SH_BUNDLE_MANIFEST("Spin", "1.0.0", SH_EFFECT_JSON(SPIN_EFFECT));
        STAGEHAND_BUNDLE(spin_manifest, spin_init, NULL)
        """

    @Test func aCEffectDeclaredWithTheHeaderMacrosListsItsParametersAndChecksThem() throws {
        let workspace = try Workspace()
        let plugins = try workspace.directory("plugins")
        // Hidden by default and every warning an error: the macros export the factory and
        // compile cleanly.
        _ = try workspace.compile(Self.cEffect, to: "plugins/libSpin.so", flags: ["-Wall", "-Wextra", "-Werror", "-fvisibility=hidden"])
        let info = try runStagehand(["info", "spin", "--json", "--plugins", plugins])
        try #require(info.status == 0, "\(info.errors)")
        let record = try #require(try JSONSerialization.jsonObject(with: Data(info.output.utf8)) as? [String: Any])
        #expect(record["factory"] as? String == "spin_create")
        #expect(record["kind"] as? String == "present")
        #expect(record["family"] as? String == "Tests")
        #expect(record["origin"] as? String == "a \"quoted\" recipe")
        let parameters = try #require(record["parameters"] as? [[String: Any]])
        #expect(parameters.map { $0["name"] as? String } == ["duration", "turns", "clockwise"])
        #expect(parameters.map { $0["type"] as? String } == ["double", "int32", "bool"])
        #expect(parameters[1]["min"] as? Int == 1 && parameters[1]["max"] as? Int == 8)
        #expect(parameters[2]["default"] as? Bool == true && parameters[2]["min"] == nil)
        #expect(info.errors.isEmpty, "\(info.errors)")
    }

    /// The spin effect with a string parameter that declares its choices, and a
    /// description on two parameters; `refused` is a choice the factory's body refuses.
    static func spinWithChoices(refusing refused: String) -> String {
        cEffect
            .replacingOccurrences(of: "NUMBER(double, duration, 0.5, 0.01, 10)  \\",
                                  with: "NUMBER(double, duration, 0.5, 0.01, 10, SH_DESCRIBED(\"Seconds a turn takes.\")) \\")
            .replacingOccurrences(of: "VALUE(bool, clockwise, true)",
                                  with: "VALUE(bool, clockwise, true) \\\n    VALUE(string, style, \"calm\", SH_CHOICES(\"calm\", \"wild\") SH_DESCRIBED(\"How it \\\\\\\"spins\\\\\\\".\"))")
            .replacingOccurrences(of: "spin *effect = calloc(1, sizeof *effect);",
                                  with: "if (strcmp(style, \"\(refused)\") == 0) return NULL;\n    spin *effect = calloc(1, sizeof *effect);")
            .replacingOccurrences(of: "#include <stdlib.h>", with: "#include <stdlib.h>\n#include <string.h>")
    }

    /// A C row declares a string's choices and each parameter's description, as a Swift
    /// declaration does: `info` lists them, a value outside the choices is refused naming
    /// them, and `validate` calls the factory with each choice.
    @Test func aCRowDeclaresAStringsChoicesAndItsParametersDescriptions() throws {
        let workspace = try Workspace()
        let plugins = try workspace.directory("plugins")
        _ = try workspace.compile(Self.spinWithChoices(refusing: "none of them"), to: "plugins/libSpin.so",
                                  flags: ["-Wall", "-Wextra", "-Werror", "-fvisibility=hidden"])
        let info = try runStagehand(["info", "spin", "--json", "--plugins", plugins])
        try #require(info.status == 0, "\(info.errors)")
        let record = try #require(try JSONSerialization.jsonObject(with: Data(info.output.utf8)) as? [String: Any])
        let parameters = try #require(record["parameters"] as? [[String: Any]])
        #expect(parameters.map { $0["name"] as? String } == ["duration", "turns", "clockwise", "style"])
        #expect(parameters[3]["choices"] as? [String] == ["calm", "wild"])
        #expect(parameters[3]["default"] as? String == "calm")
        #expect(parameters[3]["description"] as? String == "How it \"spins\".")
        #expect(parameters[0]["description"] as? String == "Seconds a turn takes.")
        #expect(parameters[1]["description"] == nil)
        #expect(info.errors.isEmpty, "\(info.errors)")

        let valid = try runStagehand(["validate", plugins + "/libSpin.so"])
        #expect(valid.status == 0, "\(valid.output)\(valid.errors)")

        let refused = try runStagehand(["preview", "spin", "--plugins", plugins, "--out", workspace.path + "/spin.gif",
                                        "--param", "style=giddy"])
        #expect(refused.status != 0)
        #expect(refused.errors.contains("parameter style of effect spin: expected one of calm, wild, got \"giddy\""),
                "\(refused.errors)")
        #expect(!FileManager.default.fileExists(atPath: workspace.path + "/spin.gif"))
    }

    /// `validate` fails a C effect whose factory refuses one of its own declared choices,
    /// naming it.
    @Test func validateFailsACEffectThatRefusesOneOfItsDeclaredChoices() throws {
        let workspace = try Workspace()
        _ = try workspace.directory("plugins")
        let bundle = try workspace.compile(Self.spinWithChoices(refusing: "wild"), to: "plugins/libSpin.so")
        let validate = try runStagehand(["validate", bundle])
        #expect(validate.status != 0)
        #expect((validate.output + validate.errors).contains("wild"), "\(validate.output)\(validate.errors)")
    }

    @Test func aCFactoryDeclaredWithTheMacrosRefusesOutOfBoundsArgumentsBeforeItsBody() throws {
        let workspace = try Workspace()
        // The same effect with three double parameters, so the harness can call it.
        let source = Self.cEffect
            .replacingOccurrences(of: "NUMBER(int32, turns, 2, 1, 8)", with: "NUMBER(double, turns, 2, 1, 8)")
            .replacingOccurrences(of: "VALUE(bool, clockwise, true)", with: "NUMBER(double, clockwise, 1, 0, 1)")
        let bundle = try workspace.compile(source, to: "libSpin3.so")
        let lines = try Self.callFactory(of: bundle, "spin_create",
                                         with: [["0.5", "3", "1"], ["0.5", "9", "1"], ["0", "3", "1"], ["nan", "3", "1"]], in: workspace)
        #expect(lines == [
            "made, duration 1.5",
            "log: parameter turns is 9, outside its bounds 1...8; the factory spin_create returns NULL",
            "NULL",
            "log: parameter duration is 0, outside its bounds 0.01...10; the factory spin_create returns NULL",
            "NULL",
            "log: parameter duration is nan, outside its bounds 0.01...10; the factory spin_create returns NULL",
            "NULL",
        ])
    }

    /// What the compiler cannot check, the name of the exported symbol, is reported when
    /// the bundle loads, with the two places a Swift or C author would look.
    @Test func aMisspelledFactoryIsReportedNamingTheSpelling() throws {
        let workspace = try Workspace()
        let plugins = try workspace.directory("plugins")
        var bundle = TestBundle()
        bundle.manifest = bundle.defaultManifest.replacingOccurrences(of: "test_effect_create", with: "test_efect_create")
        let path = try workspace.compile(bundle.source, to: "plugins/libTest.so")
        let (library, diagnostics) = TestEnvironment.load(plugins: [plugins])
        let lines = diagnostics.filter { $0.contains(path) }
        #expect(lines.count == 1, "\(diagnostics)")
        let line = try #require(lines.first)
        #expect(line.hasPrefix("warning: \(path): manifest.effects[0].factory: the bundle does not export the factory test_efect_create ("), "\(line)")
        #expect(line.contains("check that it is spelled as the manifest's factory — the name in @_cdecl for a Swift factory, the function's name in C"), "\(line)")
        #expect(throws: Diagnostic.self) { try library.effect(named: "test-effect") }
    }

    /// A string parameter with choices: the manifest declares them, so the host refuses
    /// any other value before the factory is called, naming the choices; `info` lists
    /// them.
    @Test func aStringOutsideItsChoicesIsRefusedNamingThem() throws {
        let workspace = try Workspace()
        let scenario = try workspace.write("s.json", #"{"root": {"title": "A", "embedInNavigation": true}, "navigation": {"push": "parallax-push", "pop": "parallax-pop"}, "steps": [{"push": {"title": "B"}}, {"wait": 1}, {"pop": {}}, {"wait": 1}]}"#)
        let run = try runStagehand(["play", scenario, "--param", "parallax-pop.gesture=diagonal"])
        #expect(run.status == 1)
        #expect(run.errors == #"error: --param parallax-pop.gesture: parameter gesture of effect parallax-pop: expected one of anywhere, edge, got "diagonal""# + "\n",
                "\(run.errors)")
        let info = try runStagehand(["info", "parallax-pop"])
        #expect(info.output.contains("CHOICES") && info.output.contains("anywhere, edge"), "\(info.output)")
        let accepted = try runStagehand(["play", scenario, "--param", "parallax-pop.gesture=edge"])
        #expect(accepted.status == 0 && !accepted.errors.contains("parameter gesture"), "\(accepted.errors)")
    }
}
