import ArgumentParser
import Foundation
import StagehandCore
import StagehandHost
import TextTable

/// `stagehand catalog`: every effect that loaded, as a table or as JSON; with `--write`,
/// a new `Catalog.json` made from the bundles' manifests.
struct CatalogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog",
        abstract: "List the effects: from the catalog and discovered in bundles.",
        discussion: """
            --write FILE makes the catalog from the manifests of the bundles on the plugin \
            search path (no catalog is read): entries sorted by effect name, the same bytes \
            for the same bundles. After changing an effect's declaration in its bundle, \
            rebuild (swift build) and run `stagehand catalog --write Catalog.json` at the \
            repository's root.
            """
    )

    @OptionGroup var plugins: PluginOptions

    @Flag(help: "Print a JSON array of effects instead of a table.")
    var json = false

    @Option(help: ArgumentHelp("Write a catalog of every effect the bundles' manifests declare to this file (replacing it), instead of listing.",
                               valueName: "file"))
    var write: String?

    func run() throws {
        if let write {
            try writeCatalog(to: write)
            return
        }
        let library = try plugins.loadLibrary()
        if json {
            try JSONOutput.print(library.effects.map { EffectRecord($0, provenance: library.provenance(of: $0.name)) })
            return
        }
        let table = TextTable<EffectInfo> { effect in
            [Column(title: "NAME", value: effect.name.escapingControlCharacters),
             Column(title: "KIND", value: effect.kind.rawValue),
             Column(title: "INTERACTIVE", value: effect.interactive ? "yes" : "no"),
             Column(title: "BUNDLE", value: (effect.bundlePath.split(separator: "/").last.map(String.init) ?? effect.bundlePath).escapingControlCharacters),
             Column(title: "SOURCE", value: effect.source.rawValue),
             Column(title: "VERSION", value: effect.bundleVersion.escapingControlCharacters),
             Column(title: "FROM", value: (library.provenance(of: effect.name)?.summary ?? "-").escapingControlCharacters),
             Column(title: "DESCRIPTION", value: effect.description.escapingControlCharacters)]
        }
        print(TableOutput.render(table, library.effects))
    }

    /// Writes the catalog of what the manifests declare, atomically. A refused bundle
    /// would silently lose its effects from the file, so any error leaves the file as
    /// it was and ends with exit code 1.
    private func writeCatalog(to file: String) throws {
        if json { throw InputError.fail("--json", "lists the effects; not with --write") }
        if let catalog = plugins.catalog {
            throw InputError.fail("--catalog \(catalog)", "not with --write, which makes the catalog from the bundles' manifests and reads none")
        }
        try OutputPath.checkFile(file, argument: "--write")
        let (library, diagnostics) = try plugins.loadLibrary(readingCatalog: false)
        let errors = diagnostics.filter { $0.severity == .error }.count
        guard errors == 0 else {
            throw InputError.fail("--write \(file)", "not written: \(errors == 1 ? "an error" : "\(errors) errors") above; the catalog would leave out what was refused")
        }
        try OutputPath.write(Data(CatalogWriter.text(for: library.effects).utf8), to: file, argument: "--write")
        let bundles = Set(library.effects.map(\.bundlePath)).count
        print("wrote \(file): \(library.effects.count) effect\(library.effects.count == 1 ? "" : "s") from \(bundles) bundle\(bundles == 1 ? "" : "s")")
    }
}
