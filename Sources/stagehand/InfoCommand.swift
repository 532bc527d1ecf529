import ArgumentParser
import StagehandHost

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
        let effect: EffectInfo
        do {
            effect = try library.effect(named: name)
        } catch {
            StandardError.write(error.description)
            throw ExitCode.failure
        }
        if json {
            try JSONOutput.print(EffectRecord(effect))
            return
        }
        var about = TextTable()
        about.append(["name:", effect.name])
        about.append(["kind:", effect.kind.rawValue])
        about.append(["interactive:", effect.interactive ? "yes" : "no"])
        about.append(["source:", effect.source == .catalog ? "catalog (\(library.catalogPath ?? "?"))" : "discovered"])
        about.append(["bundle:", "\(effect.bundlePath) (\(effect.bundleName) \(effect.bundleVersion))"])
        about.append(["factory:", effect.factory])
        about.append(["author:", effect.author ?? "-"])
        about.append(["license:", effect.license ?? "-"])
        about.append(["description:", effect.description])
        print(about.render())
        guard !effect.parameters.isEmpty else {
            print("parameters:   none")
            return
        }
        print("parameters:")
        var parameters = TextTable()
        parameters.append(["  NAME", "TYPE", "DEFAULT", "MIN", "MAX"])
        for parameter in effect.parameters {
            parameters.append(["  " + parameter.name, parameter.type.rawValue, parameter.defaultValue.description,
                               parameter.minimum?.description ?? "-", parameter.maximum?.description ?? "-"])
        }
        print(parameters.render())
    }
}
