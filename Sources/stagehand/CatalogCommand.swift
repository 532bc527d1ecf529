import ArgumentParser
import StagehandCore
import StagehandHost
import TextTable

/// `stagehand catalog`: every effect that loaded, as a table or as JSON.
struct CatalogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog",
        abstract: "List the effects: from the catalog and discovered in bundles."
    )

    @OptionGroup var plugins: PluginOptions

    @Flag(help: "Print a JSON array of effects instead of a table.")
    var json = false

    func run() throws {
        let library = try plugins.loadLibrary()
        if json {
            try JSONOutput.print(library.effects.map(EffectRecord.init))
            return
        }
        let table = TextTable<EffectInfo> { effect in
            [Column(title: "NAME", value: effect.name.escapingControlCharacters),
             Column(title: "KIND", value: effect.kind.rawValue),
             Column(title: "INTERACTIVE", value: effect.interactive ? "yes" : "no"),
             Column(title: "BUNDLE", value: (effect.bundlePath.split(separator: "/").last.map(String.init) ?? effect.bundlePath).escapingControlCharacters),
             Column(title: "SOURCE", value: effect.source.rawValue),
             Column(title: "VERSION", value: effect.bundleVersion.escapingControlCharacters),
             Column(title: "DESCRIPTION", value: effect.description.escapingControlCharacters)]
        }
        print(TableOutput.render(table, library.effects))
    }
}
