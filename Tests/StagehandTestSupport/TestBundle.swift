/// The C source of a small bundle, compiled at test time, whose every part a test can
/// spoil: its ABI version, its manifest, its factory's result.
///
/// By default it is valid: one effect (`name`, kind `push`) whose factory
/// `FACTORY(double duration)` returns an `sh_effect` reporting that duration.
package struct TestBundle {
    package var effect = "test-effect"
    package var factory = "test_effect_create"
    package var abiMajor = "STAGEHAND_ABI_MAJOR"
    package var factoryReturnsNull = false
    /// Replaces the whole manifest when set.
    package var manifest: String?
    /// The body of `animate_transition(void *self, sh_context *context)`: by default it
    /// does nothing (it never completes the transition). The host's table is `host`.
    package var animateBody = "(void)self; (void)context;"
    /// The body of `transition_duration(void *self, sh_context *context)`: by default the
    /// factory's duration.
    package var durationBody = "(void)context; return ((test_effect *)self)->duration;"
    /// The body of `init(const sh_host *host, const char *path)`: by default it accepts.
    package var initBody = "(void)path; return host != NULL;"
    /// Statements run by `stagehand_bundle_entry` before it returns the bundle.
    package var entryBody = ""
    /// Declarations and functions placed before everything else (after the includes).
    package var prelude = ""
    /// Defines the entry with the header's `STAGEHAND_BUNDLE` (stamping the header's ABI
    /// version, which the manifest then states too) instead of by hand.
    package var usesBundleMacro = false
    /// Written before the factory's definition, e.g. a visibility attribute.
    package var factoryAttributes = ""
    /// When set, the bundle is an ABI 1.2 one (`STAGEHAND_BUNDLE_WITH_CONTEXT`, the
    /// manifest stamped with the header's version) whose `init_with_context` runs this
    /// body, with `host`, `bundle`, `path` and `error_message` in scope; the bundle's
    /// context is kept in the global `bundle_context` for the effect's functions.
    package var initWithContextBody: String?

    /// The memberwise initialiser, spelled out: a test target imports this one.
    package init(effect: String = "test-effect", factory: String = "test_effect_create",
                 abiMajor: String = "STAGEHAND_ABI_MAJOR", factoryReturnsNull: Bool = false,
                 usesBundleMacro: Bool = false, factoryAttributes: String = "") {
        self.effect = effect
        self.factory = factory
        self.abiMajor = abiMajor
        self.factoryReturnsNull = factoryReturnsNull
        self.usesBundleMacro = usesBundleMacro
        self.factoryAttributes = factoryAttributes
    }

    /// A push effect's `animateBody` that shows the pushed view and completes, after
    /// `before`.
    package static func pushing(_ before: String) -> String {
        """
        (void)self;
        sh_view *to = host->context_view(context, SH_KEY_TO);
        host->view_add_subview(host->context_container_view(context), to);
        \(before)
        host->context_complete_transition(context, true);
        """
    }

    package var defaultManifest: String {
        """
        {"abi": {"major": 1, "minor": 0}, "bundle": {"name": "Test", "version": "0.1.0"},
         "effects": [{"name": "\(effect)", "kind": "push", "interactive": false, "factory": "\(factory)",
                      "parameters": [{"name": "duration", "type": "double", "default": 0.5, "min": 0, "max": 5}],
                      "description": "A test effect.", "author": "Tests", "license": "MIT"}]}
        """
    }

    package var source: String {
        let text = manifest ?? defaultManifest
        var literal = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n")
        if usesBundleMacro || initWithContextBody != nil {
            literal = literal.replacingOccurrences(of: "\\\"minor\\\": 0", with: "\\\"minor\\\": \" TEST_XSTRING(STAGEHAND_ABI_MINOR) \"")
        }
        let bundle = initWithContextBody.map { body in
            """
            #define TEST_STRING(x) #x
            #define TEST_XSTRING(x) TEST_STRING(x)
            static bool test_init_with_context(const sh_host *table, sh_bundle_context *bundle, const char *path,
                                               const char **error_message) {
                host = table;
                bundle_context = bundle;
                { const sh_host *host = table; \(body) }
            }
            STAGEHAND_BUNDLE_WITH_CONTEXT("\(literal)", test_init_with_context, NULL)
            """
        } ?? (usesBundleMacro
            ? """
              #define TEST_STRING(x) #x
              #define TEST_XSTRING(x) TEST_STRING(x)
              STAGEHAND_BUNDLE("\(literal)", test_init, NULL)
              """
            : """
              static const sh_bundle test_bundle = {
                  \(abiMajor), 0 /* built against ABI 1.0: an older minor still loads */, sizeof(sh_bundle), "\(literal)", test_init, NULL,
              };

              const sh_bundle *stagehand_bundle_entry(void) { \(entryBody) return &test_bundle; }
              """)
        return """
        #include <stdio.h>
        #include <stdlib.h>
        #include <signal.h>
        #include <unistd.h>
        #include "stagehand.h"

        /* The host's table, kept by init for the effect's functions. */
        static const sh_host *host;
        /* The bundle's context (ABI 1.2 bundles only). */
        static sh_bundle_context *bundle_context;

        \(prelude)

        typedef struct test_effect { sh_effect table; double duration; } test_effect;

        static double test_duration(void *self, sh_context *context) { \(durationBody) }
        static void test_animate(void *self, sh_context *context) { \(animateBody) }
        static void test_destroy(void *self) { free(self); }

        \(factoryAttributes) sh_effect *\(factory)(double duration) {
            if (\(factoryReturnsNull ? 1 : 0)) return NULL;
            test_effect *effect = calloc(1, sizeof *effect);
            effect->duration = duration;
            effect->table.size = sizeof(sh_effect);
            effect->table.self = effect;
            effect->table.transition_duration = test_duration;
            effect->table.animate_transition = test_animate;
            effect->table.destroy = test_destroy;
            return &effect->table;
        }

        static bool test_init(const sh_host *table, const char *path) {
            host = table;
            { const sh_host *host = table; \(initBody) }
        }

        \(bundle)
        """
    }
}
