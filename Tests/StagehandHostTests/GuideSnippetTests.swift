import Foundation
import StagehandTestSupport
import Testing

/// Every Swift and C block of the authoring guide (Documentation/WritingEffects.md and
/// its chapter InteractiveEffects.md) is built and run: the C
/// bundles with the C compiler against the header (every warning an error, symbols
/// hidden unless marked), the Swift ones as one package of bundles against the SDK
/// (nothing fetched), and each built bundle passes `stagehand validate`, which makes
/// and runs every effect in it.
@Suite struct GuideSnippetTests {
    /// The guide's files, in reading order: a bundle's blocks may span them.
    static let guide = ["WritingEffects.md", "InteractiveEffects.md"].map { TestEnvironment.repositoryRoot + "/Documentation/" + $0 }

    static func snippets() throws -> GuideSnippets {
        GuideSnippets(markdown: try guide.map { try String(contentsOfFile: $0, encoding: .utf8) }.joined(separator: "\n"))
    }

    /// `stagehand validate` passes `bundle`, listing every effect `names` as ok.
    static func expectValid(_ bundle: String, effects names: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let validate = try runStagehand(["validate", bundle])
        #expect(validate.status == 0, "\(validate.output)\(validate.errors)", sourceLocation: sourceLocation)
        #expect(validate.output.hasSuffix("\(bundle): valid\n"), "\(validate.output)", sourceLocation: sourceLocation)
        for name in names {
            #expect(validate.output.contains("ok  \(name) ("), "\(validate.output)", sourceLocation: sourceLocation)
        }
    }

    @Test func everySwiftAndCBlockBelongsToABundleTheTestsBuild() throws {
        let snippets = try Self.snippets()
        #expect(snippets.unnamed.isEmpty, "unnamed swift/c blocks at lines \(snippets.unnamed) of \(Self.guide.joined(separator: " + ")): name them (```swift NAME) so they are built")
        let names = Set(snippets.units.map { "\($0.language) \($0.name)" })
        #expect(names.isSuperset(of: ["swift my-bounce", "c my-bounce-c", "swift swipe-down", "c swipe-down-c"]), "\(names)")
    }

    @Test func theGuidesCBundlesBuildWithoutWarningsAndValidate() throws {
        let units = try Self.snippets().units.filter { $0.language == "c" }
        try #require(!units.isEmpty)
        let workspace = try Workspace()
        for unit in units {
            let library = try workspace.compile(unit.code, to: "\(unit.name)/lib\(unit.typeName).so",
                                                flags: ["-Wall", "-Wextra", "-Werror", "-fvisibility=hidden"])
            try Self.expectValid(library, effects: Self.effectNames(in: unit.code))
        }
    }

    /// The guide's C swipe-down, built as a reader would and played with real drags: down
    /// 200 of its 300 points and held (past half way, no flick), the dismissal finishes;
    /// down 100, it springs back; a sideways drag before it never begins a dismissal.
    @Test(arguments: [(200.0, "completed"), (100.0, "cancelled")])
    func theGuidesCSwipeDownFollowsTheFinger(distance: Double, outcome: String) throws {
        let unit = try #require(try Self.snippets().units.first { $0.language == "c" && $0.name == "swipe-down-c" })
        let workspace = try Workspace()
        _ = try workspace.directory("plugins")
        _ = try workspace.compile(unit.code, to: "plugins/libSwipeDownC.so", flags: ["-Wall", "-Wextra", "-Werror"])
        let scenario = try workspace.write("drag.json", """
            {"root": {"title": "Inbox"}, "steps": [
              {"present": {"title": "Compose", "interactiveDismissal": "swipe-down-c"}}, {"wait": 1},
              {"drag": {"from": [195, 300], "to": [320, 300], "duration": 0.3, "hold": 0.2, "release": true}}, {"wait": 1},
              {"drag": {"from": [195, 300], "to": [195, \(300 + distance)], "duration": 0.3, "hold": 0.2, "release": true}},
              {"wait": 1}]}
            """)
        let trace = workspace.path + "/trace.json"
        let run = try runStagehand(["play", scenario, "--plugins", workspace.path + "/plugins", "--trace", trace],
                                   environment: ["STAGEHAND_CACHE_DIR": workspace.path + "/cache"])
        try #require(run.status == 0, "\(run.errors)")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: trace))) as? [String: Any]
        let events = try #require(object?["events"] as? [[String: Any]])
        let dismissals = events.filter { $0["operation"] as? String == "dismiss" }
        #expect(dismissals.map { $0["kind"] as? String } == ["began", outcome], "\(dismissals)")
        #expect(dismissals.allSatisfy { $0["effect"] as? String == "swipe-down-c" && $0["interactive"] as? Bool == true },
                "\(dismissals)")
    }

    @Test(.tags(.nestedBuild), .slow) func theGuidesSwiftBundlesBuildAgainstTheSDKAndValidate() throws {
        let units = try Self.snippets().units.filter { $0.language == "swift" }
        try #require(!units.isEmpty)
        let directory = TestEnvironment.scratch("effect-guide")
        let fm = FileManager.default
        try fm.createDirectory(atPath: directory, withIntermediateDirectories: true)
        // Files rewritten only when they change, so a second run recompiles nothing.
        func write(_ path: String, _ text: String) throws {
            try writeIfChanged(text, to: directory + "/" + path)
        }
        let checkout = TestEnvironment.repositoryRoot
        let identity = (checkout as NSString).lastPathComponent.lowercased()
        try write("Package.swift", """
            // swift-tools-version:6.1
            import PackageDescription

            let package = Package(
                name: "GuideSnippets",
                products: [\(units.map { ".library(name: \"\($0.typeName)\", type: .dynamic, targets: [\"\($0.typeName)\"])" }.joined(separator: ", "))],
                dependencies: [.package(path: "\(checkout)", traits: [])],
                targets: [\(units.map { ".target(name: \"\($0.typeName)\", dependencies: [.product(name: \"StagehandSDK\", package: \"\(identity)\")])" }.joined(separator: ", "))],
                swiftLanguageModes: [.v6]
            )

            """)
        for unit in units {
            try write("Sources/\(unit.typeName)/\(unit.typeName).swift", unit.code)
        }
        // SwiftPM keeps a path dependency's list of files from the last build plan.
        try? fm.removeItem(atPath: directory + "/.build/debug.yaml")
        var arguments = ["swift", "build"]
        if let sanitizer = Sanitizer.current { arguments += ["--sanitize=\(sanitizer.rawValue)"] }
        let build = try runProcess("/usr/bin/env", arguments, in: directory)
        try #require(build.status == 0, "swift build failed in \(directory):\n\(build.output)\n\(build.errors)")
        let warnings = (build.output + build.errors).split(separator: "\n").filter { $0.contains(directory + "/Sources") && $0.contains("warning:") }
        #expect(warnings.isEmpty, "\(warnings.joined(separator: "\n"))")
        for unit in units {
            try Self.expectValid(directory + "/.build/debug/lib\(unit.typeName).so", effects: Self.effectNames(in: unit.code))
        }
    }

    /// The effect names a unit declares (`name: "..."` in Swift, the first string of an
    /// `EFFECT(` row in C).
    static func effectNames(in code: String) -> [String] {
        let patterns = [#"name: "([a-z0-9-]+)", kind:"#, #"EFFECT\("([a-z0-9-]+)","#]
        return patterns.flatMap { pattern -> [String] in
            guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
            return regex.matches(in: code, range: NSRange(code.startIndex..., in: code)).compactMap {
                Range($0.range(at: 1), in: code).map { String(code[$0]) }
            }
        }
    }
}
