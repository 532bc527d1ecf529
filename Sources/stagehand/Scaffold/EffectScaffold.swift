import Foundation

/// What `stagehand new` writes: a package outside this repository that builds one
/// effect bundle, in Swift (through StagehandSDK) or in C (against the header alone).
/// Each file is a template with the names filled in; nothing is generated that the
/// author would not write by hand.
struct EffectScaffold {
    enum Language: String, CaseIterable {
        case swift, c
    }

    /// The effect's catalog name, e.g. `slide-down`.
    let name: String
    /// The bundle's name, e.g. `SlideDown` (library `libSlideDown.so`).
    let bundle: String
    /// push, pop, present, dismiss or container.
    let kind: String
    let language: Language
    /// The Stagehand checkout the package depends on (the SDK, or the header for C).
    let stagehandRoot: String

    /// `slide-down` → `SlideDown`.
    static func bundleName(for name: String) -> String {
        name.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// `slide-down` → `slide_down`, the factory's C prefix.
    var symbolPrefix: String { name.replacingOccurrences(of: "-", with: "_") }

    /// Relative path → contents.
    var files: [(String, String)] {
        switch language {
        case .swift:
            return [("Package.swift", SwiftTemplates.package(self)),
                    ("Sources/\(bundle)/\(bundle).swift", SwiftTemplates.effect(self)),
                    ("Sources/\(bundle)/\(bundle)Bundle.swift", SwiftTemplates.bundle(self)),
                    (".gitignore", ".build/\nPackage.resolved\n"),
                    ("README.md", readme)]
        case .c:
            return [("\(symbolPrefix).c", CTemplates.effect(self)),
                    ("Makefile", CTemplates.makefile(self)),
                    (".gitignore", "*.so\n"),
                    ("README.md", readme)]
        }
    }

    var readme: String {
        let build = language == .swift ? "swift build" : "make"
        let plugins = language == .swift ? ".build/debug" : "."
        return """
        # \(bundle)

        The `\(name)` effect (\(kind)) for Stagehand, as its own bundle.

        ```sh
        \(build)
        stagehand catalog --plugins \(plugins)
        stagehand info \(name) --plugins \(plugins)
        ```

        Write the animation in `animateTransition`; keep the manifest's parameters and the
        factory's arguments in the same order. See Documentation/WritingEffects.md in the
        Stagehand repository (\(stagehandRoot)).

        """
    }
}
