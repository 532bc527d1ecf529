/// What `preview` and `play` write, chosen by `--format` or by the output's extension.
enum OutputFormat: String, CaseIterable {
    case gif, png, svg, html

    static let expectation = "expected one of gif, png, svg, html"

    /// The format `--format` names; nil when it names none.
    init?(option: String) {
        self.init(rawValue: option.lowercased())
    }

    /// The format a file name's extension names.
    init?(extensionOf path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        self.init(rawValue: path[path.index(after: dot)...].lowercased())
    }

    /// Resolves `--format` and `--out` into a format; `fallback` when neither says.
    static func resolve(format: String?, out: String?, fallback: OutputFormat?) throws -> OutputFormat {
        if let format {
            guard let chosen = OutputFormat(option: format) else { throw InputError.fail("--format \(format)", "unknown format; \(expectation)") }
            return chosen
        }
        if let out, !OutputPath.namesDirectory(out) {
            if let chosen = OutputFormat(extensionOf: out) { return chosen }
            if fallback == nil || out.contains(".") {
                throw InputError.fail("--out \(out)", "cannot tell the format from the extension; expected .gif, .png, .svg or .html (or give --format)")
            }
        }
        if let fallback { return fallback }
        throw InputError.fail("--out", "missing; give a file ending in .gif, .png, .svg or .html")
    }
}
