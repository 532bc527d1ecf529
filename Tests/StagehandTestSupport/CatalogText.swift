/// Catalog texts for the tests: a valid `crossfade` entry to keep beside the bad ones,
/// so each test can check that the valid effects still load.
package enum CatalogText {
    package static let crossfade = """
        {"name": "crossfade", "bundle": "libCrossfade.so", "factory": "crossfade_create", "kind": "container",
         "interactive": false, "description": "Cross-dissolve.",
         "parameters": [{"name": "duration", "type": "double", "default": 0.3, "min": 0, "max": 10}]}
        """

    /// An entry for the `TestBundle` effect, with `change` applied to its text.
    package static func testEffect(bundle: String = "libTest.so", name: String = "test-effect") -> String {
        """
        {"name": "\(name)", "bundle": "\(bundle)", "factory": "test_effect_create", "kind": "push",
         "interactive": false, "description": "A test effect.",
         "parameters": [{"name": "duration", "type": "double", "default": 0.5, "min": 0, "max": 5}]}
        """
    }

    /// A schemaVersion 1 catalog of `entries`, one per line after the first two lines.
    package static func catalog(_ entries: String...) -> String {
        "{\"schemaVersion\": 1,\n \"effects\": [\n" + entries.joined(separator: ",\n") + "\n]}\n"
    }
}
