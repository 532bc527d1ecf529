import StagehandCore
import Foundation
import StagehandTestSupport
import StagehandABI
import StagehandHost
import Testing

/// Factories called through libffi with the declared parameters.
@Suite struct FactoryCallTests {
    @Test func crossfadeIsMadeWithItsDefaultDuration() throws {
        let (library, _) = TestEnvironment.load()
        let effect = try library.makeEffect("crossfade")
        #expect(Int(effect.pointee.size) == MemoryLayout<sh_effect>.size)
        #expect(effect.pointee.transition_duration(effect.pointee.`self`, nil) == 0.3)
        #expect(effect.pointee.animate_transition != nil)
        effect.pointee.destroy(effect.pointee.`self`)
    }

    @Test func crossfadeIsMadeWithAnOverriddenDuration() throws {
        let (library, _) = TestEnvironment.load()
        for (text, expected) in [("1.5", 1.5), ("0", 0.0), ("10", 10.0), ("2e-1", 0.2)] {
            let effect = try library.makeEffect("crossfade", overrides: ["duration": text])
            #expect(effect.pointee.transition_duration(effect.pointee.`self`, nil) == expected)
            effect.pointee.destroy(effect.pointee.`self`)
        }
    }

    @Test func badOverridesNameTheParameterTheTypeAndTheBounds() throws {
        let (library, _) = TestEnvironment.load()
        #expect(throws: Diagnostic(.error, .parameterWrongType, "parameter duration of effect crossfade: expected a double (a finite number) between 0 and 10, got \"fast\"")) {
            try library.makeEffect("crossfade", overrides: ["duration": "fast"])
        }
        #expect(throws: Diagnostic(.error, .parameterOutOfBounds, "parameter duration of effect crossfade: 12 is out of bounds: expected a double between 0 and 10")) {
            try library.makeEffect("crossfade", overrides: ["duration": "12"])
        }
        #expect(throws: Diagnostic(.error, .unknownParameter, "effect crossfade has no parameter durration (its parameters: duration); did you mean duration?")) {
            try library.makeEffect("crossfade", overrides: ["durration": "1"])
        }
    }

    @Test func everyParameterTypeReachesTheFactory() throws {
        let workspace = try Workspace()
        let plugins = try workspace.directory("plugins")
        var bundle = TestBundle(effect: "typed", factory: "typed_create")
        bundle.manifest = """
            {"abi": {"major": 1, "minor": 0}, "bundle": {"name": "Typed", "version": "1.0.0"},
             "effects": [{"name": "typed", "kind": "present", "interactive": true, "factory": "typed_create",
               "description": "Sums its arguments into its duration.",
               "parameters": [
                 {"name": "d", "type": "double", "default": 0.5},
                 {"name": "f", "type": "float", "default": 0.25},
                 {"name": "i", "type": "int32", "default": -3, "min": -10, "max": 10},
                 {"name": "l", "type": "int64", "default": 9007199254740992},
                 {"name": "u", "type": "uint32", "default": 4000000000},
                 {"name": "b", "type": "bool", "default": true},
                 {"name": "s", "type": "string", "default": "abc"}]}]}
            """
        // A factory of seven differently typed parameters, reporting them through its duration.
        let source = bundle.source.replacingOccurrences(of: "sh_effect *typed_create(double duration) {", with: """
            sh_effect *typed_create(double d, float f, int32_t i, int64_t l, uint32_t u, bool b, const char *s) {
                double duration = d + (double)f + (double)i + (double)(l - 9007199254740992LL) + (double)(u - 4000000000u)
                    + (b ? 100.0 : 0.0) + 1000.0 * (double)strlen(s);
            """).replacingOccurrences(of: "#include <stdlib.h>", with: "#include <stdlib.h>\n#include <string.h>")
        try workspace.compile(source, to: "plugins/libTyped.so")
        let (library, diagnostics) = TestEnvironment.load(plugins: [plugins])
        #expect(diagnostics.filter { $0.contains(workspace.path) }.isEmpty, "\(diagnostics)")
        let info = try library.effect(named: "typed")
        #expect(info.parameters.map(\.type) == [.double, .float, .int32, .int64, .uint32, .bool, .string])
        #expect(info.kind == .present && info.interactive)

        func duration(_ overrides: [String: String]) throws -> Double {
            let effect = try library.makeEffect("typed", overrides: overrides)
            defer { effect.pointee.destroy(effect.pointee.`self`) }
            return effect.pointee.transition_duration(effect.pointee.`self`, nil)
        }
        #expect(try duration([:]) == 0.5 + 0.25 - 3 + 0 + 0 + 100 + 3000)
        #expect(try duration(["i": "7", "b": "false", "s": "", "l": "9007199254740993", "u": "4000000001"]) == 0.5 + 0.25 + 7 + 1 + 1)
        #expect(throws: Diagnostic(.error, .parameterOutOfBounds, "parameter i of effect typed: -11 is out of bounds: expected an int32 between -10 and 10")) {
            try duration(["i": "-11"])
        }
        #expect(throws: Diagnostic(.error, .parameterWrongType, "parameter u of effect typed: expected a uint32 (an integer from 0 to 4294967295), got \"-1\"")) {
            try duration(["u": "-1"])
        }
        #expect(throws: Diagnostic(.error, .parameterWrongType, "parameter b of effect typed: expected a bool (true or false), got \"yes\"")) {
            try duration(["b": "yes"])
        }

        // The same values given typed, as an app gives them: a number for each numeric
        // type, whole for an integer one, within its range and bounds.
        _ = Stage()
        func typed(_ parameters: [String: EffectParameterValue]) throws(Diagnostic) -> Double {
            try library.animationController(named: "typed", parameters: parameters).transitionDuration(using: nil)
        }
        #expect(try typed([:]) == 0.5 + 0.25 - 3 + 0 + 0 + 100 + 3000)
        #expect(try typed(["i": 7, "b": false, "s": "", "l": 9007199254740994, "u": 4000000001, "d": 0.75, "f": 0.5]) == 0.75 + 0.5 + 7 + 2 + 1)
        #expect(try typed(["s": .string("ab")]) == 0.5 + 0.25 - 3 + 100 + 2000)
        #expect(throws: Diagnostic(.error, .parameterWrongType, "parameter d of effect typed: expected a double (a finite number), got the string \"0.5\"")) {
            try typed(["d": "0.5"])
        }
        #expect(throws: Diagnostic(.error, .parameterWrongType, "parameter i of effect typed: expected an int32 (an integer from -2147483648 to 2147483647) between -10 and 10, got the number 1.5")) {
            try typed(["i": 1.5])
        }
        #expect(throws: Diagnostic(.error, .parameterOutOfBounds, "parameter i of effect typed: -11 is out of bounds: expected an int32 between -10 and 10")) {
            try typed(["i": -11])
        }
        #expect(throws: Diagnostic(.error, .parameterWrongType, "parameter u of effect typed: expected a uint32 (an integer from 0 to 4294967295), got the number -1")) {
            try typed(["u": -1])
        }
        #expect(throws: Diagnostic(.error, .parameterWrongType, "parameter b of effect typed: expected a bool (true or false), got the number 1")) {
            try typed(["b": 1])
        }
        #expect(throws: Diagnostic(.error, .parameterWrongType, "parameter s of effect typed: expected a string, got the boolean true")) {
            try typed(["s": true])
        }
        #expect(throws: Diagnostic(.error, .parameterWrongType, "parameter d of effect typed: expected a double (a finite number), got the number inf")) {
            try typed(["d": .number(.infinity)])
        }
        #expect(throws: Diagnostic(.error, .unknownParameter, "effect typed has no parameter q (its parameters: d, f, i, l, u, b, s); did you mean b?")) {
            try typed(["q": 1])
        }
    }

    @Test func aFactoryReturningNullIsReported() throws {
        let workspace = try Workspace()
        let plugins = try workspace.directory("plugins")
        let null = try workspace.compile(TestBundle(effect: "nothing", factory: "nothing_create", factoryReturnsNull: true).source,
                                         to: "plugins/libNothing.so")
        try workspace.compile(TestBundle().source, to: "plugins/libTest.so")
        let (library, _) = TestEnvironment.load(plugins: [plugins])
        #expect(throws: Diagnostic(.error, .factoryFailed, "factory nothing_create of bundle \(null) returned NULL")) {
            try library.makeEffect("nothing")
        }
        let effect = try library.makeEffect("test-effect")
        #expect(effect.pointee.transition_duration(effect.pointee.`self`, nil) == 0.5)
        effect.pointee.destroy(effect.pointee.`self`)
        expectCrossfadeLoads(library)
    }

    @Test func slidePopLoadsFromTheCatalog() throws {
        let (library, diagnostics) = TestEnvironment.load()
        #expect(diagnostics.filter { $0.contains("libSlidePop.so") }.isEmpty, "\(diagnostics)")
        let info = try library.effect(named: "slide-pop")
        #expect(info.source == .catalog)
        #expect(info.kind == .pop && info.interactive)
        #expect(info.parameters.map(\.name) == ["duration", "threshold"])
        let effect = try library.makeEffect("slide-pop", overrides: ["duration": "0.4"])
        #expect(effect.pointee.transition_duration(effect.pointee.`self`, nil) == 0.4)
        effect.pointee.destroy(effect.pointee.`self`)
    }
}
