/// Writes `Catalog.json` from what the bundles' manifests declare
/// (`stagehand catalog --write FILE`).
///
/// The manifest built into each bundle is the one place an effect is declared; the
/// catalog is derived from it, so that listing the effects never needs the bundles'
/// code and never disagrees with it. The text depends only on the effects, never on the
/// order they were found in or on the machine: entries sorted by effect name, fields in
/// the documented order, two-space indentation, one line per parameter, numbers in their
/// shortest form, a final newline. Regenerating an unchanged set of bundles therefore
/// rewrites the committed file byte for byte, and any difference is a real change.
package enum CatalogWriter {
    /// The catalog of `effects`, each listed as its bundle's manifest declares it. The
    /// `bundle` of an entry is the bundle's file name: a bundle found on the plugin
    /// search path lies directly in a plugin directory.
    package static func text(for effects: [EffectInfo]) -> String {
        let entries = effects.sorted { $0.name < $1.name }.map(entry)
        var text = "{\n  \"schemaVersion\": \(Catalog.schemaVersion),\n"
        text += entries.isEmpty ? "  \"effects\": []\n" : "  \"effects\": [\n" + entries.joined(separator: ",\n") + "\n  ]\n"
        return text + "}\n"
    }

    private static func entry(_ effect: EffectInfo) -> String {
        let bundle = effect.bundlePath.split(separator: "/").last.map(String.init) ?? effect.bundlePath
        let parameters = effect.parameters.isEmpty
            ? "[]"
            : "[\n" + effect.parameters.map { "        " + parameter($0) }.joined(separator: ",\n") + "\n      ]"
        var fields = [
            ("name", quoted(effect.name)),
            ("bundle", quoted(bundle)),
            ("factory", quoted(effect.factory)),
            ("kind", quoted(effect.kind.rawValue)),
            ("interactive", effect.interactive ? "true" : "false"),
            ("parameters", parameters),
            ("description", quoted(effect.description)),
        ]
        if let family = effect.family { fields.append(("family", quoted(family))) }
        if let origin = effect.origin { fields.append(("source", quoted(origin))) }
        return "    {\n" + fields.map { "      \"\($0.0)\": \($0.1)" }.joined(separator: ",\n") + "\n    }"
    }

    private static func parameter(_ parameter: ParameterDeclaration) -> String {
        var fields = [("name", quoted(parameter.name)), ("type", quoted(parameter.type.rawValue)),
                      ("default", parameter.defaultValue.description)]
        if let minimum = parameter.minimum { fields.append(("min", minimum.description)) }
        if let maximum = parameter.maximum { fields.append(("max", maximum.description)) }
        if let choices = parameter.choices { fields.append(("choices", "[" + choices.map(quoted).joined(separator: ", ") + "]")) }
        if let description = parameter.description { fields.append(("description", quoted(description))) }
        return "{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
    }

    /// A JSON string literal, escaped as a string parameter's value is written.
    private static func quoted(_ text: String) -> String {
        ParameterValue.string(text).description
    }
}
