import ArgumentParser
import StagehandCore
import StagehandHost
import TextTable

/// `stagehand info NAME`: everything known about one effect.
struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Show one effect: its bundle, factory, parameters with their bounds, author and license."
    )

    @OptionGroup var plugins: PluginOptions

    @Flag(help: "Print a JSON object instead of text.")
    var json = false

    @Argument(help: "The effect's name, as `stagehand catalog` lists it.")
    var name: String

    func run() throws {
        let library = try plugins.loadLibrary()
        let effect = try plugins.effect(named: name, in: library)
        if json {
            try JSONOutput.print(EffectRecord(effect, provenance: library.provenance(of: effect.name)))
            return
        }
        let about: [(String, String)] = [
            ("name:", effect.name),
            ("kind:", effect.kind.plays.count > 1
                ? "\(effect.kind.rawValue) (plays \(effect.kind.plays.map(\.rawValue).joined(separator: ", ")))" : effect.kind.rawValue),
            ("interactive:", effect.interactive ? "yes" : "no"),
            ("source:", effect.source == .catalog ? "catalog (\(library.catalogPath ?? "?"))" : "discovered"),
            ("bundle:", "\(effect.bundlePath) (\(effect.bundleName) \(effect.bundleVersion))"),
            ("resolved:", effect.resolvedBundlePath),
            ("from:", library.provenance(of: effect.name)?.summary ?? "-"),
            ("factory:", effect.factory),
            ("author:", effect.author ?? "-"),
            ("license:", effect.license ?? "-"),
            ("family:", effect.family ?? "-"),
            ("re-creates:", effect.origin ?? "-"),
            ("description:", effect.description),
            ("gesture:", effect.interaction?.description ?? "none (no gesture drives it)"),
        ]
        let fields = TextTable<(String, String)> { [Column(title: "", value: $0.0), Column(title: "", value: $0.1.escapingControlCharacters)] }
        print(TableOutput.render(fields, about, header: false))
        guard !effect.parameters.isEmpty else {
            print("parameters:   none")
            return
        }
        print("parameters:")
        // A CHOICES column only for an effect with a string parameter that declares some.
        let hasChoices = effect.parameters.contains { $0.choices != nil }
        // A DESCRIPTION column, last (the longest), when any parameter says what it does.
        let hasDescriptions = effect.parameters.contains { $0.description != nil }
        let parameters = TextTable<ParameterDeclaration> { parameter in
            [Column(title: "  NAME", value: "  " + parameter.name.escapingControlCharacters),
             Column(title: "TYPE", value: parameter.type.rawValue),
             Column(title: "DEFAULT", value: parameter.defaultValue.description),
             Column(title: "MIN", value: parameter.minimum?.description ?? "-"),
             Column(title: "MAX", value: parameter.maximum?.description ?? "-")]
                + (hasChoices ? [Column(title: "CHOICES", value: parameter.choices?.joined(separator: ", ").escapingControlCharacters ?? "-")] : [])
                + (hasDescriptions ? [Column(title: "DESCRIPTION", value: parameter.description?.escapingControlCharacters ?? "-")] : [])
        }
        print(TableOutput.render(parameters, effect.parameters))
    }
}
