import Foundation
import StagehandTestSupport
import Testing

/// `stagehand new`: a third party's first bundle, from nothing to the catalog.
@Suite struct ScaffoldTests {
    static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }

    /// The next step `stagehand new` printed (its last line), run as a user would paste
    /// it into a shell, with `environment` added.
    static func runNextStep(_ created: ProcessRun, environment: [String: String] = [:]) throws -> ProcessRun {
        let step = try #require(created.output.split(separator: "\n").last.map { $0.trimmingCharacters(in: .whitespaces) })
        return try runProcess("/bin/sh", ["-c", step], in: "/", environment: environment)
    }

    /// No generated file names a directory of the machine it was made on: neither the
    /// checkout nor the new folder (as given, or with its symbolic links followed), other
    /// than at the end of a relative path.
    static func expectNoAbsolutePaths(in directory: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let machinePaths = Set([TestEnvironment.repositoryRoot, Self.resolved(TestEnvironment.repositoryRoot),
                                directory, Self.resolved(directory)])
        let files = try FileManager.default.subpathsOfDirectory(atPath: directory).filter { !$0.hasPrefix(".build") }
        #expect(files.contains("README.md"), sourceLocation: sourceLocation)
        for file in files {
            guard let text = try? String(contentsOfFile: directory + "/" + file, encoding: .utf8) else { continue }
            for path in machinePaths {
                // A relative path that climbs to the root ends with the absolute one:
                // that is not the machine's path written down.
                let text = text.replacingOccurrences(of: ".." + path, with: "")
                #expect(!text.contains(path), "\(file) names \(path)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func aScaffoldedCEffectBuildsHiddenLoadsAndRuns() throws {
        let workspace = try Workspace()
        let directory = workspace.path + "/FadeOut"
        let created = try runStagehand(["new", "fade-out", "--kind", "dismiss", "--language", "c", "--out", directory])
        #expect(created.status == 0, "\(created.errors)")
        try Self.expectNoAbsolutePaths(in: directory)
        let source = try String(contentsOfFile: directory + "/fade_out.c", encoding: .utf8)
        #expect(source.contains("STAGEHAND_BUNDLE(fade_out_manifest, fade_out_init, NULL)"))
        #expect(!source.contains("stagehand_bundle_entry"), "the entry is the header's macro, not written by hand")
        // Declared once with the header's helpers: no manifest JSON or factory prototype by hand.
        #expect(source.contains("SH_EFFECT_FACTORY(FADE_OUT_EFFECT, host) {"), "\(source)")
        #expect(source.contains("SH_BUNDLE_MANIFEST(\"FadeOut\", \"0.1.0\", SH_EFFECT_JSON(FADE_OUT_EFFECT))"), "\(source)")
        #expect(!source.contains("\\\"parameters\\\""), "no hand-written manifest")

        // The printed next step, as printed, with every symbol hidden but those marked
        // visible, and every warning an error.
        let step = try Self.runNextStep(created, environment: ["CFLAGS": "-O2 -Wall -Wextra -Werror -fvisibility=hidden"])
        try #require(step.status == 0, "\(step.output)\n\(step.errors)")
        #expect(step.output.contains("fade-out"), "\(step.output)")
        #expect(step.errors.isEmpty, "\(step.errors)")

        let catalog = try runStagehand(["catalog", "--json", "--plugins", directory])
        #expect(catalog.status == 0, "\(catalog.errors)")
        let effects = try #require(try JSONSerialization.jsonObject(with: Data(catalog.output.utf8)) as? [[String: Any]])
        let fade = try #require(effects.first { $0["name"] as? String == "fade-out" })
        #expect(fade["kind"] as? String == "dismiss")
        #expect(fade["source"] as? String == "discovered")

        // Valid, its duration parameter probed at its bounds included.
        let validated = try runStagehand(["validate", directory + "/libFadeOut.so"])
        #expect(validated.status == 0, "\(validated.output)\(validated.errors)")
        #expect(validated.output.contains("ok  fade-out (dismiss)"), "\(validated.output)")

        let scenario = workspace.path + "/s.json"
        try Data(#"{"steps": [{"present": {"title": "M", "dismissal": "fade-out"}}, {"wait": 1}, {"dismiss": {}}, {"wait": 1}]}"#.utf8)
            .write(to: URL(fileURLWithPath: scenario))
        let trace = workspace.path + "/t.json"
        let played = try runStagehand(["play", scenario, "--plugins", directory, "--trace", trace])
        #expect(played.status == 0, "\(played.errors)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: trace))) as? [String: Any])
        let events = try #require(json["events"] as? [[String: Any]])
        #expect(events.contains { $0["effect"] as? String == "fade-out" && $0["kind"] as? String == "completed" })
    }

    /// The folder moved away from the checkout: the Makefile takes the checkout from the
    /// environment, as the generated README says.
    @Test func aMovedCScaffoldBuildsWithTheCheckoutNamed() throws {
        let workspace = try Workspace()
        let created = try runStagehand(["new", "fade-in", "--kind", "present", "--language", "c", "--out", workspace.path + "/a/FadeIn"])
        #expect(created.status == 0, "\(created.errors)")
        let readme = try String(contentsOfFile: workspace.path + "/a/FadeIn/README.md", encoding: .utf8)
        #expect(readme.contains("make STAGEHAND_CHECKOUT=/path/to/Stagehand"))
        let moved = workspace.path + "/b/c/FadeIn"
        try FileManager.default.createDirectory(atPath: workspace.path + "/b/c", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: workspace.path + "/a/FadeIn", toPath: moved)
        let stale = try runProcess("/usr/bin/env", ["make", "-s"], in: moved)
        #expect(stale.status != 0, "the relative path no longer leads to the checkout")
        let make = try runProcess("/usr/bin/env", ["make", "-s"], in: moved,
                                               environment: ["STAGEHAND_CHECKOUT": TestEnvironment.repositoryRoot])
        #expect(make.status == 0, "\(make.errors)")
        let catalog = try runStagehand(["catalog", "--json", "--plugins", moved])
        #expect(catalog.output.contains("\"fade-in\""), "\(catalog.output)\n\(catalog.errors)")
    }

    /// A Swift scaffold of each kind builds with the authoring layer alone (nothing
    /// fetched: the command line's dependencies stay out) and without a warning, and its
    /// printed next step lists the effect; the push then plays. The builds keep their
    /// products in the system's temporary directory, so a second run only recompiles the
    /// new packages.
    @Test(.tags(.nestedBuild), .slow) func scaffoldedSwiftEffectsBuildOfflineLoadAndRun() throws {
        let root = TestEnvironment.scratch("scaffold")
        let fm = FileManager.default
        // One folder for every kind, its .build kept aside while `new` writes it: the
        // compiler's caches hold the package's path.
        let directory = root + "/project/Effect", build = root + "/build"
        try fm.createDirectory(atPath: root + "/project", withIntermediateDirectories: true)
        // The bundles an earlier run left were built against the SDK of that run's
        // checkout: two Swift bundles built from different SDK sources cannot share a
        // process, so only this run's bundles may be in the folder the catalog scans.
        for products in [directory + "/.build/debug", build + "/debug"] {
            for file in (try? fm.contentsOfDirectory(atPath: products)) ?? [] where file.hasSuffix(".so") {
                try fm.removeItem(atPath: products + "/" + file)
            }
        }

        for kind in ["push", "pop", "present", "dismiss", "container"] {
            if fm.fileExists(atPath: directory + "/.build") {
                try? fm.removeItem(atPath: build)
                try fm.moveItem(atPath: directory + "/.build", toPath: build)
            }
            try? fm.removeItem(atPath: directory)
            let created = try runStagehand(["new", "\(kind)-in", "--kind", kind, "--out", directory])
            #expect(created.status == 0, "\(created.errors)")
            try Self.expectNoAbsolutePaths(in: directory)
            let manifest = try String(contentsOfFile: directory + "/Package.swift", encoding: .utf8)
            #expect(manifest.contains("traits: []"))
            let bundleSource = try String(contentsOfFile: directory + "/Sources/\(kind.prefix(1).uppercased() + kind.dropFirst())In/\(kind.prefix(1).uppercased() + kind.dropFirst())InBundle.swift", encoding: .utf8)
            #expect(bundleSource.contains("static let declaration = EffectDeclaration("), "\(bundleSource)")
            #expect(bundleSource.contains(".declaration.export(duration)"), "\(bundleSource)")
            #expect(!bundleSource.contains("EffectManifest("), "declared once, no manifest by hand")
            if fm.fileExists(atPath: build) {
                try fm.moveItem(atPath: build, toPath: directory + "/.build")
            }
            // SwiftPM keeps a path dependency's list of files from the last build plan;
            // and nothing fetched before may hide what this build fetches.
            for stale in ["debug.yaml", "checkouts", "repositories"] { try? fm.removeItem(atPath: directory + "/.build/" + stale) }

            let step = try Self.runNextStep(created)
            try #require(step.status == 0, "\(kind):\n\(step.output)\n\(step.errors)")
            #expect(step.output.contains("\(kind)-in"), "\(step.output)")
            let warnings = (step.output + step.errors).split(separator: "\n").filter { $0.contains(directory) && $0.contains("warning:") }
            #expect(warnings.isEmpty, "\(kind): \(warnings.joined(separator: "\n"))")
            let checkouts = (try? fm.contentsOfDirectory(atPath: directory + "/.build/checkouts")) ?? []
            #expect(checkouts.isEmpty, "fetched: \(checkouts)")
        }

        // The declaration's parameters and the exported factory's arguments cannot
        // disagree: a factory taking a float for the double `duration` does not compile.
        let bundleFile = directory + "/Sources/ContainerIn/ContainerInBundle.swift"
        let declared = try String(contentsOfFile: bundleFile, encoding: .utf8)
        try declared.replacingOccurrences(of: "(_ duration: Double)", with: "(_ duration: Float)")
            .write(toFile: bundleFile, atomically: true, encoding: .utf8)
        let mismatched = try runProcess("/usr/bin/env", ["swift", "build"], in: directory)
        #expect(mismatched.status != 0)
        #expect((mismatched.output + mismatched.errors).contains("cannot convert value of type 'Float' to expected argument type 'Double'"),
                "\(mismatched.output)\(mismatched.errors)")
        try declared.write(toFile: bundleFile, atomically: true, encoding: .utf8)

        let workspace = try Workspace()
        let scenario = try workspace.write("s.json", #"{"root": {"title": "A", "embedInNavigation": true}, "navigation": {"push": "push-in"}, "steps": [{"push": {"title": "B"}}, {"wait": 1}]}"#)
        let trace = workspace.path + "/t.json"
        let played = try runStagehand(["play", scenario, "--plugins", directory + "/.build/debug", "--trace", trace])
        #expect(played.status == 0, "\(played.errors)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: trace))) as? [String: Any])
        let events = try #require(json["events"] as? [[String: Any]])
        #expect(events.contains { $0["effect"] as? String == "push-in" && $0["kind"] as? String == "completed" })
    }

    /// The next step names `stagehand` by name only when the PATH finds this very one.
    @Test func theNextStepNamesAStagehandThatRuns() throws {
        let workspace = try Workspace()
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let onPath = try runStagehand(["new", "a", "--language", "c", "--out", workspace.path + "/A"],
                                      environment: ["PATH": TestEnvironment.productsDirectory + ":" + path])
        #expect(onPath.output.hasSuffix("&& make && stagehand catalog --plugins .\n"), "\(onPath.output)")
        let elsewhere = try runStagehand(["new", "b", "--language", "c", "--out", workspace.path + "/B"],
                                         environment: ["PATH": "/usr/bin:/bin"])
        let executable = Self.resolved(TestEnvironment.productsDirectory + "/stagehand")
        #expect(elsewhere.output.hasSuffix("&& make && \(executable) catalog --plugins .\n"), "\(elsewhere.output)")
    }

    @Test func anExistingDirectoryIsNeverTouched() throws {
        let workspace = try Workspace()
        let directory = try workspace.directory("Taken")
        try Data("mine".utf8).write(to: URL(fileURLWithPath: directory + "/notes.txt"))
        let run = try runStagehand(["new", "taken", "--out", directory])
        #expect(run.status == 1)
        #expect(run.errors.contains("error: --out: \(directory) already exists"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["notes.txt"])
    }

    @Test(arguments: [(["new", "Bad_Name"], "error: NAME:"), (["new", "ok", "--kind", "sideways"], "error: --kind:"),
                      (["new", "ok", "--language", "rust"], "error: --language:")])
    func badArgumentsAreNamed(arguments: [String], message: String) throws {
        let workspace = try Workspace()
        let run = try runStagehand(arguments, in: workspace.path)
        #expect(run.status == 1)
        #expect(run.errors.hasPrefix(message), "\(run.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.path).isEmpty)
    }
}
