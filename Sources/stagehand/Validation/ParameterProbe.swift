import StagehandCore
import StagehandHost

/// The parameter checks of `stagehand validate`: each parameter in turn set to its
/// minimum, its maximum and values between (the others at their defaults), to find
/// what a mismatch between a hand-written manifest and its factory looks like from
/// outside — a factory that refuses a value its manifest declares valid, and a parameter
/// the effect ignores (its standard scenario's trace and its `transition_duration` are
/// the same at every probed value as at the default).
///
/// A parameter that only matters in a situation the standard scenario does not create
/// can be reported as ignored: the message says what was compared, so an author can tell.
struct ParameterProbe {
    let effect: EffectInfo
    let library: EffectLibrary
    let screen: Size
    let framesPerSecond: Int

    /// What the effect does with some parameter values: its duration and its standard
    /// scenario's trace.
    struct Behaviour: Equatable {
        var duration: Double
        var trace: Trace
    }

    /// One problem per finding, each naming the parameter.
    func problems(announce: (String) -> Void) -> [String] {
        guard case .success(let reference) = behaviour(with: [:]) else { return [] }
        var problems: [String] = []
        for parameter in effect.parameters {
            let values = Self.probeValues(for: parameter)
            guard !values.isEmpty else { continue }
            var differs = false
            var tried: [String] = []
            for value in values {
                announce("probing \(effect.name) with \(parameter.name) = \(value)")
                // Once one value is seen to change the motion, the others are still made
                // and played (a refusal or a crash at a bound is found) but their frames
                // are not recorded: nothing is compared with them any more.
                switch behaviour(with: [parameter.name: value], recordingFrames: !differs) {
                case .failure(let refusal):
                    let declared = parameter.choices == nil ? "within its declared bounds" : "one of its declared choices"
                    problems.append("parameter \(parameter.name) = \(value) is \(declared), but the factory refused it: \(refusal.message)")
                case .success(let behaviour):
                    tried.append(value)
                    if behaviour != reference { differs = true }
                }
            }
            // Choices are told apart by what they select (an edge, a gesture), which the
            // standard scenario need not exercise: only their acceptance is checked.
            if !differs && !tried.isEmpty && parameter.choices == nil {
                problems.append("parameter \(parameter.name) changes nothing: at \(tried.joined(separator: ", ")) the transition's duration and the standard scenario's trace are those of the default \(parameter.defaultValue); is it passed to the effect, in the declared order?")
            }
        }
        return problems
    }

    /// The effect made with `overrides` (its duration asked with no context, as UIKit
    /// allows) and run through its standard scenario with them.
    private func behaviour(with overrides: [String: String], recordingFrames: Bool = true) -> Result<Behaviour, ProbeRefusal> {
        let duration: Double
        do {
            let table = try library.makeEffect(effect.name, overrides: overrides)
            duration = table.pointee.transition_duration?(table.pointee.`self`, nil) ?? .nan
            table.pointee.destroy?(table.pointee.`self`)
        } catch {
            return .failure(ProbeRefusal(message: error.message))
        }
        var scenario = StandardScenario.make(for: effect, library: library, screen: screen,
                                             framesPerSecond: framesPerSecond, parameters: overrides)
        // A few views a screen: whether a parameter changes the motion shows as well, and
        // each frame compared holds a few views instead of a screenful of content. The
        // matched ones stay, so a matched effect's parameters still have pairs to move.
        scenario.screens = StandardScenario.fewViewsMatchedScreens
        var runner = ScenarioRunner(library: library, parameters: [effect.name: overrides])
        runner.recordsFrames = recordingFrames
        let run = runner.run(scenario) { _ in }
        return .success(Behaviour(duration: duration, trace: run.trace))
    }

    /// The values to try for `parameter`, as `--param` text: the minimum, a value just
    /// above it (a ten-thousandth of the range, or 1 for an integer: a threshold such as
    /// "start within N points of the edge" is often only felt there), one value between
    /// that is unlikely to be special (37 % of the way) and the maximum; for a bound not
    /// declared, a step away from the default; the other boolean; each of a string's
    /// declared choices (nothing for a string without). The default itself is left out.
    static func probeValues(for parameter: ParameterDeclaration) -> [String] {
        let values: [String]
        switch parameter.defaultValue {
        case .double(let value):
            let low = parameter.minimum.flatMap(number) ?? value - (abs(value) + 1)
            let high = parameter.maximum.flatMap(number) ?? value + (abs(value) + 1)
            values = [low, low + (high - low) * 0.0001, low + (high - low) * 0.37, high].map { "\($0)" }
        case .float(let value):
            let low = parameter.minimum.flatMap(number).map(Float.init) ?? value - (abs(value) + 1)
            let high = parameter.maximum.flatMap(number).map(Float.init) ?? value + (abs(value) + 1)
            values = [low, low + (high - low) * 0.0001, low + (high - low) * 0.37, high].map { "\($0)" }
        case .int32, .int64, .uint32:
            values = integerProbes(parameter)
        case .bool(let value):
            values = ["\(!value)"]
        case .string:
            // Each declared choice must be one the factory accepts; with no choices the
            // valid strings are not known.
            values = parameter.choices ?? []
        }
        var unique: [String] = []
        var defaultText = parameter.defaultValue.description
        if case .string(let text) = parameter.defaultValue { defaultText = text }
        for value in values where !unique.contains(value) && !(value == defaultText || (Double(value) != nil && Double(value) == Double(defaultText))) {
            unique.append(value)
        }
        return unique
    }

    private static func integerProbes(_ parameter: ParameterDeclaration) -> [String] {
        guard let value = integer(parameter.defaultValue) else { return [] }
        let (typeLow, typeHigh): (Int64, Int64)
        switch parameter.type {
        case .int32: (typeLow, typeHigh) = (Int64(Int32.min), Int64(Int32.max))
        case .uint32: (typeLow, typeHigh) = (0, Int64(UInt32.max))
        default: (typeLow, typeHigh) = (Int64.min / 2, Int64.max / 2)
        }
        let low = parameter.minimum.flatMap(integer) ?? max(typeLow, value - (value.magnitude > Int64.max.magnitude / 4 ? 1 : abs(value) + 1))
        let high = parameter.maximum.flatMap(integer) ?? min(typeHigh, value + (value.magnitude > Int64.max.magnitude / 4 ? 1 : abs(value) + 1))
        let between = low + Int64((Double(high) - Double(low)) * 0.37)
        return [low, min(low + 1, high), min(max(between, low), high), high].map { "\($0)" }
    }

    private static func number(_ value: ParameterValue) -> Double? {
        switch value {
        case .double(let n): return n
        case .float(let n): return Double(n)
        default: return nil
        }
    }

    private static func integer(_ value: ParameterValue) -> Int64? {
        switch value {
        case .int32(let n): return Int64(n)
        case .int64(let n): return n
        case .uint32(let n): return Int64(n)
        default: return nil
        }
    }
}

/// A factory's refusal of a probed value, with the host's message.
struct ProbeRefusal: Error {
    var message: String
}
