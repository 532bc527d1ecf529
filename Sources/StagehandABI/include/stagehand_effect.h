/*
 * stagehand_effect.h — declaring a C effect once.
 *
 * An effect's name, kind, factory, parameters (C type, name, default, bounds) and
 * description are written once, as an X-macro "row", and everything the host needs
 * comes from that row: the factory's exported prototype, a wrapper that checks every
 * argument against its bounds before the effect's own code runs, and the effect's entry
 * in the manifest text. The manifest and the factory therefore cannot disagree on the
 * parameters, their order or their types.
 *
 *     #include "stagehand.h"
 *     #include "stagehand_effect.h"
 *
 *     // The parameters, in the factory's order. NUMBER(type, name, default, min, max)
 *     // for a number with inclusive bounds; VALUE(type, name, default) for a parameter
 *     // without bounds (bool, string, or a number that takes any value). Either may end
 *     // with what a reader of the catalog is told: SH_DESCRIBED("...") and, for a
 *     // string, SH_CHOICES("a", "b", ...), the only values it takes.
 *     #define FADE_PARAMETERS(NUMBER, VALUE)                                     \
 *         NUMBER(double, duration, 0.3, 0.01, 10, SH_DESCRIBED("Seconds."))      \
 *         VALUE(bool, reversed, false)                                           \
 *         VALUE(string, edge, "bottom", SH_CHOICES("bottom", "top")              \
 *               SH_DESCRIBED("Where the modal comes from."))
 *
 *     // The effect: name, kind, interactive (true or false), factory, parameters,
 *     // description, and optional fields (SH_FIELD, any number, or none at all).
 *     #define FADE_EFFECT(EFFECT)                                               \
 *         EFFECT("fade", present, false, fade_create, FADE_PARAMETERS,          \
 *                "Present: the modal fades in.",                                \
 *                SH_FIELD("family", "Examples") SH_FIELD("license", "MIT"))
 *
 *     static const sh_host *fade_host;   // saved by init
 *
 *     // The factory: `sh_effect *fade_create(double duration, bool reversed, const char *edge)`,
 *     // exported. The block is its body; it runs only with arguments within bounds.
 *     SH_EFFECT_FACTORY(FADE_EFFECT, fade_host) {
 *         ... make the effect from duration and reversed ...
 *     }
 *
 *     static const char fade_manifest[] = SH_BUNDLE_MANIFEST("Fade", "1.0.0", SH_EFFECT_JSON(FADE_EFFECT));
 *     STAGEHAND_BUNDLE(fade_manifest, fade_init, NULL)
 *
 * Parameter types are the manifest's: double, float, int32, int64, uint32, bool,
 * string (`const char *`, valid only during the factory call; NULL is refused). Write
 * defaults and bounds as plain JSON literals — `0.3`, `-100`, `true`, `"edge"` — with
 * no C suffix (`0.3f`) and no macro: they are copied into the manifest as written.
 * Texts (names, description, fields) are C string literals copied into the JSON as
 * they are: escape a `"` or `\` in them for JSON (`\\\"`).
 *
 * A string's choices are checked by the host, which refuses any other value before it
 * calls the factory (naming the choices), and by `stagehand validate`, which calls the
 * factory with each of them; the wrapper below does not compare strings.
 *
 * A factory called with an argument outside its bounds (or a NULL string) returns NULL
 * without running the body, after one line in the host's log naming the parameter, its
 * value and bounds, and the factory (the host adds the effect's name). The host checks the bounds before it calls a
 * factory; the wrapper checks them again because an exported function can be called by
 * anyone holding the bundle (`stagehand validate` does, at the bounds).
 *
 * At most 16 parameters per effect and 16 effects per bundle manifest.
 */
#ifndef STAGEHAND_EFFECT_H
#define STAGEHAND_EFFECT_H

#include <stdio.h>

#include "stagehand.h"

/* -- What an author writes ------------------------------------------------------------ */

/** One optional string field of an effect's manifest entry: "family", "source",
 *  "author" or "license". Write several one after the other, without commas. */
#define SH_FIELD(key, value) ", \"" key "\": \"" value "\""

/** The exported factory of the effect `EFFECT` (its row macro, see the top of the file):
 *  a function named as the row's factory, with the row's parameters as C arguments,
 *  that returns NULL for an argument outside its bounds and otherwise runs the block
 *  that follows the macro, where the parameters are in scope by name. `host` is an
 *  expression giving the `const sh_host *` saved by `init`, used to log a refusal (it
 *  may be NULL: the refusal is then silent). */
#define SH_EFFECT_FACTORY(EFFECT, host) SH__FACTORY_INDIRECT(host, EFFECT(SH__ROW))

/** The manifest entry (a JSON object, as a string literal) of the effect `EFFECT`. */
#define SH_EFFECT_JSON(EFFECT) EFFECT(SH__EFFECT_JSON)

/** The whole manifest text (a string literal) of a bundle named `name` at version
 *  `version` making the effects given as `SH_EFFECT_JSON(...)` arguments. Its ABI
 *  version is the header's, so the two never disagree. */
#define SH_BUNDLE_MANIFEST(name, version, ...)                                              \
    "{\"abi\": {\"major\": " SH__STRING(STAGEHAND_ABI_MAJOR) ", \"minor\": "                \
    SH__STRING(STAGEHAND_ABI_MINOR) "}, \"bundle\": {\"name\": \"" name "\", \"version\": \"" \
    version "\"}, \"effects\": [" SH__JOIN(__VA_ARGS__) "]}"

/** A parameter's description, for `stagehand info`, the catalog and the playground:
 *  a C string literal, escaped for JSON as the other texts are. Written last in a
 *  NUMBER or VALUE row, after its bounds or default. */
#define SH_DESCRIBED(text) ", \"description\": \"" text "\""

/** The values a string parameter takes, as C string literals: the host refuses any
 *  other, `info` lists them and the playground offers them as a menu. Written last in a
 *  VALUE row (before or after SH_DESCRIBED, without a comma between them). Each literal
 *  is copied into the manifest as the JSON string it spells. */
#define SH_CHOICES(...) ", \"choices\": [" #__VA_ARGS__ "]"

/* -- How it works (nothing below is for authors to call) ------------------------------- */

#define SH__STRING_(x) #x
#define SH__STRING(x) SH__STRING_(x)
#define SH__CAT_(a, b) a##b
#define SH__CAT(a, b) SH__CAT_(a, b)

/* The C type of each manifest type. */
#define SH__CTYPE_double double
#define SH__CTYPE_float float
#define SH__CTYPE_int32 int32_t
#define SH__CTYPE_int64 int64_t
#define SH__CTYPE_uint32 uint32_t
#define SH__CTYPE_bool bool
#define SH__CTYPE_string const char *

/* A row's fields, as a comma-separated list. */
#define SH__ROW(...) __VA_ARGS__

/* Drops the first of a list: each parameter below expands with a leading comma, so
 * `SH__TAIL_(_ LIST)` is the list without the first comma. */
#define SH__TAIL(first, ...) __VA_ARGS__
#define SH__TAIL_(...) SH__TAIL(__VA_ARGS__)

/* Joins up to 16 string literals with "," between them. */
#define SH__COUNT(...) SH__COUNT_(__VA_ARGS__, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
#define SH__COUNT_(a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, n, ...) n
#define SH__JOIN(...) SH__CAT(SH__JOIN_, SH__COUNT(__VA_ARGS__))(__VA_ARGS__)
#define SH__JOIN_1(a) a
#define SH__JOIN_2(a, ...) a "," SH__JOIN_1(__VA_ARGS__)
#define SH__JOIN_3(a, ...) a "," SH__JOIN_2(__VA_ARGS__)
#define SH__JOIN_4(a, ...) a "," SH__JOIN_3(__VA_ARGS__)
#define SH__JOIN_5(a, ...) a "," SH__JOIN_4(__VA_ARGS__)
#define SH__JOIN_6(a, ...) a "," SH__JOIN_5(__VA_ARGS__)
#define SH__JOIN_7(a, ...) a "," SH__JOIN_6(__VA_ARGS__)
#define SH__JOIN_8(a, ...) a "," SH__JOIN_7(__VA_ARGS__)
#define SH__JOIN_9(a, ...) a "," SH__JOIN_8(__VA_ARGS__)
#define SH__JOIN_10(a, ...) a "," SH__JOIN_9(__VA_ARGS__)
#define SH__JOIN_11(a, ...) a "," SH__JOIN_10(__VA_ARGS__)
#define SH__JOIN_12(a, ...) a "," SH__JOIN_11(__VA_ARGS__)
#define SH__JOIN_13(a, ...) a "," SH__JOIN_12(__VA_ARGS__)
#define SH__JOIN_14(a, ...) a "," SH__JOIN_13(__VA_ARGS__)
#define SH__JOIN_15(a, ...) a "," SH__JOIN_14(__VA_ARGS__)
#define SH__JOIN_16(a, ...) a "," SH__JOIN_15(__VA_ARGS__)

/* A parameter as a C argument declaration, as an argument, and as manifest JSON. What
 * follows the bounds or the default (SH_DESCRIBED, SH_CHOICES: JSON fields as string
 * literals) goes into the JSON only. */
#define SH__DECLARE_NUMBER(type, name, default_value, min, max, ...) , SH__CTYPE_##type name
#define SH__DECLARE_VALUE(type, name, default_value, ...) , SH__CTYPE_##type name
#define SH__PASS_NUMBER(type, name, default_value, min, max, ...) , name
#define SH__PASS_VALUE(type, name, default_value, ...) , name
#define SH__JSON_NUMBER(type, name, default_value, min, max, ...)                            \
    , "{\"name\": \"" #name "\", \"type\": \"" #type "\", \"default\": " #default_value     \
      ", \"min\": " #min ", \"max\": " #max __VA_ARGS__ "}"
#define SH__JSON_VALUE(type, name, default_value, ...)                                       \
    , "{\"name\": \"" #name "\", \"type\": \"" #type "\", \"default\": " #default_value __VA_ARGS__ "}"

/* The checks the wrapper runs before the body: inclusive bounds (NaN is never within);
 * a string must not be NULL; other unbounded values pass. */
#define SH__CHECK_NUMBER(type, name, default_value, min, max, ...)                           \
    if (!sh_within_##type##_((name), (min), (max))) {                                         \
        sh_effect_refuse_(sh_host_, sh_factory_, #name, (double)(name), "outside its bounds " #min "..." #max); \
        return NULL;                                                                          \
    }
#define SH__CHECK_VALUE(type, name, default_value, ...) SH__CHECK_VALUE_##type(name)
#define SH__CHECK_VALUE_double(name)
#define SH__CHECK_VALUE_float(name)
#define SH__CHECK_VALUE_int32(name)
#define SH__CHECK_VALUE_int64(name)
#define SH__CHECK_VALUE_uint32(name)
#define SH__CHECK_VALUE_bool(name)
#define SH__CHECK_VALUE_string(name)                                                          \
    if ((name) == NULL) {                                                                     \
        sh_effect_refuse_(sh_host_, sh_factory_, #name, 0, "NULL, expected a string");         \
        return NULL;                                                                          \
    }

#define SH__PARAMETER_LIST(PARAMETERS, NUMBER, VALUE) SH__TAIL_(_ PARAMETERS(NUMBER, VALUE))

#define SH__FACTORY_INDIRECT(host, ...) SH__FACTORY(host, __VA_ARGS__)
#define SH__FACTORY(host, name, kind, interactive, factory, PARAMETERS, ...)                 \
    static sh_effect *factory##_body(SH__PARAMETER_LIST(PARAMETERS, SH__DECLARE_NUMBER, SH__DECLARE_VALUE)); \
    __attribute__((visibility("default")))                                                    \
    sh_effect *factory(SH__PARAMETER_LIST(PARAMETERS, SH__DECLARE_NUMBER, SH__DECLARE_VALUE)); \
    sh_effect *factory(SH__PARAMETER_LIST(PARAMETERS, SH__DECLARE_NUMBER, SH__DECLARE_VALUE)) { \
        const sh_host *sh_host_ = (host);                                                     \
        const char *sh_factory_ = #factory;                                                   \
        PARAMETERS(SH__CHECK_NUMBER, SH__CHECK_VALUE)                                         \
        (void)sh_host_;                                                                       \
        (void)sh_factory_;                                                                    \
        return factory##_body(SH__PARAMETER_LIST(PARAMETERS, SH__PASS_NUMBER, SH__PASS_VALUE)); \
    }                                                                                         \
    static sh_effect *factory##_body(SH__PARAMETER_LIST(PARAMETERS, SH__DECLARE_NUMBER, SH__DECLARE_VALUE))

#define SH__EFFECT_JSON(name, kind, interactive, factory, PARAMETERS, description, ...)       \
    "{\"name\": \"" name "\", \"kind\": \"" #kind "\", \"interactive\": " #interactive        \
    ", \"factory\": \"" #factory "\", \"parameters\": ["                                      \
    SH__JOIN(SH__PARAMETER_LIST(PARAMETERS, SH__JSON_NUMBER, SH__JSON_VALUE))                 \
    "], \"description\": \"" description "\"" __VA_ARGS__ "}"

/* Whether a value is within inclusive bounds, in its own type (NaN never is). Functions
 * rather than comparisons in the macro, so that `min` 0 for a uint32 does not make a
 * compiler warn that the comparison is always true. */
static inline bool sh_within_double_(double value, double min, double max) { return value >= min && value <= max; }
static inline bool sh_within_float_(float value, float min, float max) { return value >= min && value <= max; }
static inline bool sh_within_int32_(int32_t value, int32_t min, int32_t max) { return value >= min && value <= max; }
static inline bool sh_within_int64_(int64_t value, int64_t min, int64_t max) { return value >= min && value <= max; }
static inline bool sh_within_uint32_(uint32_t value, uint32_t min, uint32_t max) { return value >= min && value <= max; }

/* Logs one refusal: "parameter NAME is VALUE, outside its bounds MIN...MAX; the factory
 * FACTORY returns NULL" (the host's log line adds the name of the effect being made). */
static inline void sh_effect_refuse_(const sh_host *host, const char *factory,
                                     const char *parameter, double value, const char *why) {
    char line[256];
    if (host == NULL || host->log == NULL) return;
    if (why[0] == 'N') {
        snprintf(line, sizeof line, "parameter %s is %s; the factory %s returns NULL", parameter, why, factory);
    } else {
        snprintf(line, sizeof line, "parameter %s is %.15g, %s; the factory %s returns NULL", parameter, value, why, factory);
    }
    host->log(line);
}

#endif /* STAGEHAND_EFFECT_H */
