import Foundation
import StagehandTestSupport
import Testing

/// Stagehand used as a library from another package, as its users do: the example
/// package under Examples/ and the program made of Documentation/Library.md's snippets
/// are built with SwiftPM (depending on this checkout by path) and run against the
/// bundles built beside this test binary.
///
/// The builds keep their own scratch directories (`TestEnvironment.scratch`), so a
/// second run only relinks. In a sanitized build (`swift test --sanitize=…`) they
/// are built with the same sanitizer, since the bundles they load are.
@Suite(.serialized, .tags(.nestedBuild), .slow) struct LibraryPackageTests {
    /// `swift build` of the package in `directory`, then its executable `product`, run
    /// with the built-in bundles and this checkout's catalog.
    static func buildAndRun(package directory: String, product: String, scratch: String) throws -> ProcessRun {
        // SwiftPM keeps a path dependency's list of files from the last build plan:
        // without the plan, a file added to Stagehand since then would be missed.
        try? FileManager.default.removeItem(atPath: scratch + "/debug.yaml")
        var arguments = ["swift", "build", "--scratch-path", scratch, "--product", product]
        if let sanitizer = Sanitizer.current {
            // The bundles it loads are built sanitized: so must it be, exporting the
            // sanitizer runtime to them as the test runner does.
            arguments += ["--sanitize=\(sanitizer.rawValue)", "-Xlinker", "--export-dynamic"]
        }
        let build = try runProcess("/usr/bin/env", arguments, in: directory)
        try #require(build.status == 0, "swift build failed in \(directory):\n\(build.output)\n\(build.errors)")
        let binary = scratch + "/debug/" + product
        return try runProcess(binary, [], in: directory, environment: [
            "STAGEHAND_PLUGIN_PATH": TestEnvironment.productsDirectory,
            "STAGEHAND_CATALOG": TestEnvironment.catalog,
        ])
    }

    @Test func theExamplePackageBuildsAndRuns() throws {
        let example = TestEnvironment.repositoryRoot + "/Examples/StagehandTour"
        let scratch = TestEnvironment.scratch("tour")
        let result = try Self.buildAndRun(package: example, product: "StagehandTour", scratch: scratch)
        #expect(result.status == 0, "\(result.errors)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("loaded ") == true)
        // Half way through parallax-push the navigation view is on its way in: between
        // the right edge and its place, while the model already says 0.
        let push = try #require(lines.first { $0.hasPrefix("push at 0.300 s: on screen at x = ") })
        let x = Double(push.dropFirst("push at 0.300 s: on screen at x = ".count).prefix { $0 != "," }) ?? -1
        #expect(x > 1 && x < 389, "\(push)")
        #expect(push.hasSuffix("model x = 0.0"))
        for expected in [
            "refused: parameter damping of effect bounce-present: expected a double (a finite number) between 0.01 and 1, got the string \"soft\"",
            "after the drag the stack is [\"Inbox\"]",
            "after the swipe: dismissed",
            "0.000 began parallax-push push",
            "0.600 completed parallax-push push",
            "0.617 began parallax-pop pop (interactive)",
            "1.250 completed parallax-pop pop (interactive)",
            "1.250 began bounce-present present",
            "2.050 completed bounce-present present",
            "2.067 began swipe-dismiss dismiss (interactive)",
            "2.750 completed swipe-dismiss dismiss (interactive)",
        ] {
            #expect(lines.contains(expected), "missing \"\(expected)\" in:\n\(result.output)")
        }
        // A library user's build fetched nothing: no command-line dependencies.
        let checkouts = (try? FileManager.default.contentsOfDirectory(atPath: scratch + "/checkouts")) ?? []
        #expect(checkouts.isEmpty, "fetched: \(checkouts)")
    }

    /// The guide's ```swift blocks: the one that starts with `// swift-tools-version` is
    /// the manifest; the others, in order, are one program.
    static func guideBlocks() throws -> (manifest: String, program: String) {
        let text = try String(contentsOfFile: TestEnvironment.repositoryRoot + "/Documentation/Library.md", encoding: .utf8)
        let blocks = GuideSnippets(markdown: text).blocks.filter { $0.language == "swift" }.map(\.code)
        let manifests = blocks.filter { $0.hasPrefix("// swift-tools-version") }
        try #require(manifests.count == 1, "the guide has \(manifests.count) manifests")
        let program = blocks.filter { !$0.hasPrefix("// swift-tools-version") }
        try #require(program.count >= 8, "only \(program.count) program blocks")
        return (manifests[0], program.joined(separator: "\n\n"))
    }

    @Test func theLibraryGuidesSnippetsCompileAndRun() throws {
        let (manifest, program) = try Self.guideBlocks()
        // The guide's package, beside a "Stagehand" that is this checkout, as its
        // manifest expects (`.package(path: "../Stagehand")`).
        let root = TestEnvironment.scratch("guide")
        let app = root + "/MyApp"
        let fm = FileManager.default
        try fm.createDirectory(atPath: app + "/Sources/MyApp", withIntermediateDirectories: true)
        let link = root + "/Stagehand"
        if (try? fm.destinationOfSymbolicLink(atPath: link)) != TestEnvironment.repositoryRoot {
            try? fm.removeItem(atPath: link)
            try fm.createSymbolicLink(atPath: link, withDestinationPath: TestEnvironment.repositoryRoot)
        }
        try writeIfChanged(manifest + "\n", to: app + "/Package.swift")
        try writeIfChanged(program + "\n", to: app + "/Sources/MyApp/main.swift")
        let result = try Self.buildAndRun(package: app, product: "MyApp", scratch: root + "/build")
        #expect(result.status == 0, "\(result.errors)")
        let output = result.output
        for expected in ["[Optional(\"Inbox\")]", "own 0.25", "[0.6, 0.6, 0.6, 0.6]", "now: completed",
                         "unknown effect: no effect named parallax-pussh", "skipped bundles: ",
                         "completed parallax-pop pop true", "completed swipe-dismiss dismiss true",
                         "copies flying: 2 picture hidden: true", "matched: [\"began magic-move\", \"completed magic-move\"] picture hidden: false"] {
            #expect(output.contains(expected), "missing \"\(expected)\" in:\n\(output)")
        }
    }
}
