import ArgumentParser
import StagehandHost

/// `--param NAME.key=value`, repeatable: parameter values for the named effects.
struct ParameterOptions: ParsableArguments {
    @Option(name: .customLong("param"),
            help: ArgumentHelp("A factory parameter for one effect, as NAME.key=value (e.g. slide-pop.duration=0.5). Repeatable.",
                               valueName: "name.key=value"))
    var values: [String] = []

    /// Per effect name, per key, the value as typed. Malformed ones are a usage error
    /// naming the argument.
    func parsed() throws -> [String: [String: String]] {
        var out: [String: [String: String]] = [:]
        for raw in values {
            guard let eq = raw.firstIndex(of: "="), let dot = raw[..<eq].lastIndex(of: ".") else {
                throw ValidationError("--param \(raw): expected NAME.key=value, e.g. slide-pop.duration=0.5")
            }
            let name = String(raw[..<dot]), key = String(raw[raw.index(after: dot)..<eq])
            guard !name.isEmpty, !key.isEmpty else {
                throw ValidationError("--param \(raw): expected NAME.key=value with a non-empty effect name and key")
            }
            out[name, default: [:]][key] = String(raw[raw.index(after: eq)...])
        }
        return out
    }

    /// The values, checked against the effects they name: an unknown effect, an unknown
    /// parameter or a value of the wrong type or out of bounds is reported on standard
    /// error (naming the argument) and the command ends with exit code 1.
    func validated(against library: EffectLibrary) throws -> [String: [String: String]] {
        let values = try parsed()
        for (name, overrides) in values.sorted(by: { $0.key < $1.key }) {
            do {
                try library.validate(overrides: overrides, for: name)
            } catch {
                StandardError.write("error: --param \(name).\(overrides.keys.sorted().joined(separator: ",")): \(error.message)")
                throw ExitCode.failure
            }
        }
        return values
    }
}
