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
    /// The Stagehand checkout the package depends on (the SDK, or the header for C),
    /// relative to the package's own folder: the files name no directory of the machine
    /// they were made on, and the two folders can move together.
    let stagehandPath: String

    /// `slide-down` → `SlideDown`.
    static func bundleName(for name: String) -> String {
        name.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// The path that leads from the directory `from` to `to` (both absolute), e.g.
    /// `../Stagehand`.
    static func relativePath(from: String, to: String) -> String {
        let source = from.split(separator: "/"), target = to.split(separator: "/")
        var shared = 0
        while shared < source.count, shared < target.count, source[shared] == target[shared] { shared += 1 }
        let steps = Array(repeating: "..", count: source.count - shared) + target[shared...].map(String.init)
        return steps.isEmpty ? "." : steps.joined(separator: "/")
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
        let writing = language == .swift
            ? """
            Write the animation in `animateTransition`. The effect is declared once, in
            `\(bundle)Bundle.swift`: a parameter added there (`Parameter("name", default:, in:)`)
            is passed to `make`, and the exported factory must then take it too (the
            compiler says so). See Documentation/WritingEffects.md in the Stagehand checkout.
            """
            : """
            Write the animation in `animate_transition`. The effect is declared once, by the
            two macros at the top of `\(symbolPrefix).c`: a parameter added to the
            `_PARAMETERS` list becomes an argument of the factory and an entry of the
            manifest, and is checked against its bounds before the factory's body runs. See
            Documentation/WritingEffects.md in the Stagehand checkout.
            """
        let build = language == .swift ? "swift build" : "make"
        let plugins = language == .swift ? ".build/debug" : "."
        let override = language == .swift ? "STAGEHAND_CHECKOUT=/path/to/Stagehand swift build"
                                          : "make STAGEHAND_CHECKOUT=/path/to/Stagehand"
        let needs = language == .swift
            ? "Stagehand's authoring layer (StagehandSDK) and nothing else: the package depends on the checkout with `traits: []`, which leaves out the command line's own dependencies, so the build fetches nothing and works offline."
            : "Stagehand's headers (`stagehand.h` and `stagehand_effect.h` in `Sources/StagehandABI/include`) and a C compiler."
        return """
        # \(bundle)

        The `\(name)` effect (\(kind)) for Stagehand, as its own bundle.

        ```sh
        \(build)
        stagehand catalog --plugins \(plugins)
        stagehand info \(name) --plugins \(plugins)
        ```

        `stagehand` is the command line built in the Stagehand checkout
        (`.build/debug/stagehand` there, unless it is on your `PATH`).

        ## Where Stagehand is

        The build needs \(needs)

        It finds the Stagehand checkout at `\(stagehandPath)`, relative to this folder. If
        this folder or the checkout moves, or on another machine, name the checkout in
        `STAGEHAND_CHECKOUT`:

        ```sh
        \(override)
        ```

        ## Writing the effect

        \(writing)

        """
    }
}
