import ArgumentParser
import StagehandHost

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
        var table = TextTable()
        table.append(["NAME", "KIND", "INTERACTIVE", "BUNDLE", "SOURCE", "VERSION", "DESCRIPTION"])
        for effect in library.effects {
            table.append([
                effect.name, effect.kind.rawValue, effect.interactive ? "yes" : "no",
                effect.bundlePath.split(separator: "/").last.map(String.init) ?? effect.bundlePath,
                effect.source.rawValue, effect.bundleVersion, effect.description,
            ])
        }
        print(table.render())
    }
}
