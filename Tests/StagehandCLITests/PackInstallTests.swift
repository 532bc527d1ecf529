import Foundation
import StagehandTestSupport
import Testing

/// `stagehand pack`, `install` and `uninstall`, run as a user runs them: real bundles
/// built here, real zip files, a user plugin directory of the test's own
/// (`XDG_DATA_HOME`), and what `catalog`, `preview` and `validate` then see.
@Suite struct PackInstallTests {
    /// A workspace with a data home of its own, and the `stagehand` runs that use it.
    struct Home {
        let workspace: Workspace
        var dataHome: String { workspace.path + "/data" }
        var plugins: String { dataHome + "/stagehand/plugins" }

        init() throws {
            workspace = try Workspace()
            _ = try workspace.directory("data")
        }

        func run(_ arguments: [String]) throws -> ProcessRun {
            try runStagehand(arguments, in: workspace.path, environment: ["XDG_DATA_HOME": dataHome])
        }

        /// A C bundle of one push effect that shows the pushed view and completes.
        func nativeBundle(_ effect: String, library: String) throws -> String {
            var bundle = TestBundle(effect: effect, factory: effect.replacingOccurrences(of: "-", with: "_") + "_create")
            bundle.animateBody = TestBundle.pushing("")
            return try workspace.compile(bundle.source, to: "lib\(library).so")
        }

        /// Every path under the data home with its bytes' SHA-256, to compare before and after.
        var tree: [String: String] {
            var result: [String: String] = [:]
            let enumerator = FileManager.default.enumerator(atPath: dataHome)
            while let path = enumerator?.nextObject() as? String {
                let full = dataHome + "/" + path
                result[path] = FileManager.default.contents(atPath: full).map(TestPack.sha256) ?? "directory"
            }
            return result
        }

        var installed: [String] {
            (try? FileManager.default.contentsOfDirectory(atPath: plugins + "/packs"))?.sorted() ?? []
        }

        func catalog() throws -> [[String: Any]] {
            let run = try run(["catalog", "--json"])
            #expect(run.status == 0, "\(run.errors)")
            return try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[String: Any]])
        }

        func provenance(of effect: String) throws -> [String: String]? {
            try catalog().first { $0["name"] as? String == effect }?["provenance"] as? [String: String]
        }
    }

    @Test func aPackOfANativeBundleAndAnEffectFileInstallsPlaysAndUninstallsExactly() throws {
        let home = try Home()
        let bundle = try home.nativeBundle("packed-push", library: "PackedPush")
        let effectFile = try home.workspace.write("packed-fade.effect.json", String(decoding: try TestPack.declarativeEffect("packed-fade"), as: UTF8.self))
        let pack = home.workspace.path + "/demo.shpack"
        let made = try home.run(["pack", bundle, effectFile, "--name", "demo", "--version", "1.0.0", "--out", pack])
        #expect(made.status == 0, "\(made.errors)")
        #expect(made.output.hasPrefix("wrote \(pack): pack demo 1.0.0, 2 effects (packed-push, packed-fade), "), "\(made.output)")

        let before = home.tree
        let install = try home.run(["install", pack])
        #expect(install.status == 0, "\(install.errors)")
        let bundleSum = TestPack.sha256(try Data(contentsOf: URL(fileURLWithPath: bundle)))
        #expect(install.output.contains("pack demo 1.0.0 holds native code, which runs inside stagehand's own process: libPackedPush.so sha256 \(bundleSum)\n"),
                "\(install.output)")
        #expect(install.output.contains("installed pack demo 1.0.0 into \(home.plugins)/packs/demo: packed-push, packed-fade"), "\(install.output)")

        // The manifest: every file's sum, the ABI, the machine, a preview per effect.
        let directory = home.plugins + "/packs/demo"
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: directory + "/pack.json"))) as? [String: Any])
        #expect(manifest["architecture"] as? String == "x86_64")
        #expect((manifest["abi"] as? [String: Int])?["major"] == 1)
        #expect(manifest["author"] as? String == "Tests" && manifest["license"] as? String == "MIT")
        let files = try #require(manifest["files"] as? [[String: Any]])
        #expect(Set(files.compactMap { $0["path"] as? String })
                == ["libPackedPush.so", "packed-fade.effect.json", "previews/packed-push.gif", "previews/packed-fade.gif"])
        for file in files {
            let path = try #require(file["path"] as? String)
            let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + path))
            #expect(file["sha256"] as? String == TestPack.sha256(data), "\(path)")
            if path.hasPrefix("previews/") { #expect(data.prefix(6) == Data("GIF89a".utf8), "\(path)") }
        }

        // Found with no flag, shown with its pack, and it plays, previews and validates.
        #expect(try home.provenance(of: "packed-push") == ["kind": "pack", "pack": "demo", "packVersion": "1.0.0"])
        #expect(try home.provenance(of: "packed-fade") == ["kind": "pack", "pack": "demo", "packVersion": "1.0.0"])
        let preview = try home.run(["preview", "packed-push", "--out", home.workspace.path + "/push.svg"])
        #expect(preview.status == 0, "\(preview.errors)")
        let validate = try home.run(["validate", directory + "/libPackedPush.so"])
        #expect(validate.status == 0, "\(validate.output)")

        // The same version again: nothing done.
        let again = try home.run(["install", pack])
        #expect(again.status == 0)
        #expect(again.output == "pack demo 1.0.0 is already installed in \(directory); nothing done\n", "\(again.output)")

        let uninstall = try home.run(["uninstall", "demo"])
        #expect(uninstall.status == 0, "\(uninstall.errors)")
        #expect(uninstall.output == "uninstalled pack demo 1.0.0: removed 5 files from \(directory)\n", "\(uninstall.output)")
        // Exactly what install placed is gone, the folders it made included.
        #expect(home.tree == before, "\(home.tree)")
        #expect(try home.provenance(of: "packed-push") == nil)

        let unknown = try home.run(["uninstall", "demo"])
        #expect(unknown.status == 1)
        #expect(unknown.errors == "error: NAME demo: no pack of that name is installed in \(home.plugins) (installed: none)\n", "\(unknown.errors)")
    }

    /// A pack carries everything its effects need: made in one place, with its files then
    /// gone, it installs in another (its own working directory, data home and scan cache)
    /// with no flag, and its effects play, preview and validate there.
    @Test func aPackMadeElsewhereInstallsWithNoFlagAndItsEffectsWork() throws {
        let maker = try Home()
        let bundle = try maker.nativeBundle("travelling-push", library: "TravellingPush")
        let effectFile = try maker.workspace.write("travelling-fade.effect.json",
                                                   String(decoding: try TestPack.declarativeEffect("travelling-fade"), as: UTF8.self))
        let user = try Home()
        let pack = user.workspace.path + "/travelling.shpack"
        #expect(try maker.run(["pack", bundle, effectFile, "--name", "travelling", "--version", "1.0.0", "--out", pack]).status == 0)
        try FileManager.default.removeItem(atPath: bundle)
        try FileManager.default.removeItem(atPath: effectFile)

        let environment = ["XDG_DATA_HOME": user.dataHome, "STAGEHAND_CACHE_DIR": user.workspace.path + "/cache"]
        func run(_ arguments: [String]) throws -> ProcessRun {
            try runStagehand(arguments, in: user.workspace.path, environment: environment)
        }
        let install = try run(["install", "travelling.shpack"])
        #expect(install.status == 0, "\(install.errors)")
        let scenario = try user.workspace.write("run.json", """
            {"root": {"title": "Inbox", "embedInNavigation": true},
             "navigation": {"push": "travelling-push", "pop": "travelling-fade"},
             "steps": [{"push": {"title": "Detail"}}, {"wait": 1}, {"pop": {}}, {"wait": 1}]}
            """)
        let play = try run(["play", scenario])
        #expect(play.status == 0, "\(play.errors)")
        #expect(play.output.contains("completed push      travelling-push") && play.output.contains("completed pop       travelling-fade"),
                "\(play.output)")
        for effect in ["travelling-push", "travelling-fade"] {
            let preview = try run(["preview", effect, "--format", "svg", "--out", user.workspace.path + "/\(effect).svg"])
            #expect(preview.status == 0, "\(effect): \(preview.errors)")
        }
        let installed = user.plugins + "/packs/travelling"
        let validate = try run(["validate", installed + "/libTravellingPush.so", installed + "/travelling-fade.effect.json"])
        #expect(validate.status == 0, "\(validate.output)")
        #expect(validate.output.contains("libTravellingPush.so: valid\n") && validate.output.hasSuffix("travelling-fade.effect.json: valid\n"),
                "\(validate.output)")
    }

    @Test func anotherVersionReplacesOnlyWithReplace() throws {
        let home = try Home()
        let first = try TestPack.declarative("versioned-fade", name: "versioned", version: "1.0.0").write(to: "v1.shpack", in: home.workspace)
        let second = try TestPack.declarative("versioned-fade", name: "versioned", version: "2.0.0").write(to: "v2.shpack", in: home.workspace)
        #expect(try home.run(["install", first]).status == 0)
        let refused = try home.run(["install", second])
        #expect(refused.status == 1)
        #expect(refused.errors == "error: pack versioned 2.0.0: version 1.0.0 is installed; --replace installs 2.0.0 in its place; nothing installed\n",
                "\(refused.errors)")
        #expect(try home.provenance(of: "versioned-fade")?["packVersion"] == "1.0.0")
        let replaced = try home.run(["install", second, "--replace"])
        #expect(replaced.status == 0, "\(replaced.errors)")
        #expect(!replaced.output.contains("native code"), "\(replaced.output)")
        #expect(try home.provenance(of: "versioned-fade")?["packVersion"] == "2.0.0")
        #expect(home.installed == ["versioned"])
        #expect(!FileManager.default.fileExists(atPath: home.plugins + "/.staging"))
    }

    @Test func anEffectNameAlreadyTakenIsRefused() throws {
        let home = try Home()
        let pack = try TestPack.declarative("crossfade", name: "impostor").write(to: "impostor.shpack", in: home.workspace)
        let run = try home.run(["install", pack])
        #expect(run.status == 1)
        #expect(run.errors.hasPrefix("error: pack impostor 1.0.0: crossfade.effect.json: effect crossfade is already provided by "), "\(run.errors)")
        #expect(run.errors.hasSuffix("libCrossfade.so (built in); installed, this one would be ignored; nothing installed\n"), "\(run.errors)")
        #expect(home.installed.isEmpty)
    }

    /// Each hostile archive: refused with its own message, and nothing placed.
    @Test(arguments: HostileArchive.allCases) func aHostileArchiveIsRefusedWithNothingWritten(_ hostile: HostileArchive) throws {
        let home = try Home()
        let path = home.workspace.path + "/hostile.shpack"
        try hostile.bytes().write(to: URL(fileURLWithPath: path))
        let before = home.tree
        let run = try home.run(["install", path])
        #expect(run.status == 1)
        let expected = hostile.message.replacingOccurrences(of: "PACK", with: path)
        #expect(run.errors.contains(expected), "\(hostile): \(run.errors)")
        #expect(run.errors.split(separator: "\n").count == 1, "\(run.errors)")
        #expect(home.installed.isEmpty)
        #expect(home.tree.keys.filter { !["stagehand", "stagehand/plugins", "stagehand/plugins/packs"].contains($0) } == (before.keys.map { $0 }),
                "\(home.tree.keys.sorted())")
        #expect(!FileManager.default.fileExists(atPath: home.workspace.path + "/evil"))
    }

    @Test func aSwiftBundleFromOtherSourcesAndABundleForAnotherMachineAreRefused() throws {
        let home = try Home()
        let slidePop = try Data(contentsOf: URL(fileURLWithPath: TestEnvironment.productsDirectory + "/libSlidePop.so"))
        var swift = TestPack(name: "other-sources")
        swift.files = [("libSlidePop.so", slidePop), ("previews/slide-pop.gif", Data("GIF89a".utf8))]
        swift.effects = [("slide-pop", "pop", "libSlidePop.so")]
        swift.identities = ["libSlidePop.so": "0000000000000000"]
        let run = try home.run(["install", try swift.write(to: "swift.shpack", in: home.workspace)])
        #expect(run.status == 1)
        #expect(run.errors.hasPrefix("error: pack other-sources 1.0.0: libSlidePop.so: is a Swift bundle built from other Stagehand sources (sources 0000000000000000) than this host ("),
                "\(run.errors)")

        var thirtyTwo = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try home.nativeBundle("narrow", library: "Narrow"))))
        thirtyTwo[4] = 1   // ELFCLASS32
        var narrow = TestPack(name: "narrow")
        narrow.files = [("libNarrow.so", Data(thirtyTwo)), ("previews/narrow.gif", Data("GIF89a".utf8))]
        narrow.effects = [("narrow", "push", "libNarrow.so")]
        let refused = try home.run(["install", try narrow.write(to: "narrow.shpack", in: home.workspace)])
        #expect(refused.errors.hasPrefix("error: pack narrow 1.0.0: libNarrow.so: is a 32-bit ELF file; this host is 64-bit"), "\(refused.errors)")

        narrow.architecture = "aarch64"
        let arm = try home.run(["install", try narrow.write(to: "arm.shpack", in: home.workspace)])
        #expect(arm.errors == "error: pack narrow 1.0.0: pack.json: its bundles are built for aarch64; this host is x86_64; nothing installed\n", "\(arm.errors)")
        narrow.architecture = "x86_64"
        narrow.abi = (2, 0)
        let abi = try home.run(["install", try narrow.write(to: "abi.shpack", in: home.workspace)])
        #expect(abi.errors.hasPrefix("error: pack narrow 1.0.0: pack.json: its bundles need ABI 2.0; this host speaks 1.0 to 1."), "\(abi.errors)")
        #expect(home.installed.isEmpty)
    }

    /// Every file of a pack is validated in one child, and the one that fails is named
    /// with the effect and the step it failed in.
    @Test func aPacksFilesAreValidatedInOneChildAndTheFailingOneIsNamed() throws {
        let home = try Home()
        let pids = home.workspace.path + "/pids"
        var recording = TestBundle(effect: "first-recorder", factory: "first_recorder_create")
        recording.animateBody = TestBundle.pushing(#"FILE *f = fopen("\#(pids)", "a"); if (f) { fprintf(f, "%d\n", (int)getpid()); fclose(f); }"#)
        let first = try Data(contentsOf: URL(fileURLWithPath: try home.workspace.compile(recording.source, to: "libFirstRecorder.so")))
        recording.effect = "second-recorder"
        recording.factory = "second_recorder_create"
        let second = try Data(contentsOf: URL(fileURLWithPath: try home.workspace.compile(recording.source, to: "libSecondRecorder.so")))
        var pack = TestPack(name: "recorders")
        pack.files = [("libFirstRecorder.so", first), ("libSecondRecorder.so", second), ("fade-too.effect.json", try TestPack.declarativeEffect("fade-too")),
                      ("previews/first-recorder.gif", Data("GIF89a".utf8)), ("previews/second-recorder.gif", Data("GIF89a".utf8)),
                      ("previews/fade-too.gif", Data("GIF89a".utf8))]
        pack.effects = [("first-recorder", "push", "libFirstRecorder.so"), ("second-recorder", "push", "libSecondRecorder.so"),
                        ("fade-too", "any", "fade-too.effect.json")]
        let run = try home.run(["install", try pack.write(to: "recorders.shpack", in: home.workspace)])
        #expect(run.status == 0, "\(run.errors)")
        let recorded = try String(contentsOfFile: pids, encoding: .utf8).split(separator: "\n")
        #expect(recorded.count >= 2 && Set(recorded).count == 1, "both bundles' effects ran in one process: \(recorded)")

        var crashing = TestBundle(effect: "late-crasher", factory: "late_crasher_create")
        crashing.animateBody = "(void)self; (void)context; volatile int *p = 0; *p = 1;"
        var crashy = TestPack(name: "crashy")
        crashy.files = [("libFirstRecorder.so", first), ("libLateCrasher.so", try Data(contentsOf: URL(fileURLWithPath: try home.workspace.compile(crashing.source, to: "libLateCrasher.so")))),
                        ("previews/first-recorder.gif", Data("GIF89a".utf8)), ("previews/late-crasher.gif", Data("GIF89a".utf8))]
        crashy.effects = [("first-recorder", "push", "libFirstRecorder.so"), ("late-crasher", "push", "libLateCrasher.so")]
        #expect(try home.run(["uninstall", "recorders"]).status == 0)
        let refused = try home.run(["install", try crashy.write(to: "crashy.shpack", in: home.workspace)])
        #expect(refused.status == 1)
        #expect(refused.errors == "error: pack crashy 1.0.0: libLateCrasher.so: fails validation (stagehand validate): crashed with signal 11 (SIGSEGV) during running late-crasher through its standard scenario; nothing installed\n",
                "\(refused.errors)")
        #expect(home.installed.isEmpty)
    }

    @Test func aBundleThatFailsValidationIsRefused() throws {
        let home = try Home()
        // Its transition never completes: validate reports it.
        let bundle = try home.workspace.compile(TestBundle(effect: "stuck", factory: "stuck_create").source, to: "libStuck.so")
        var pack = TestPack(name: "stuck")
        pack.files = [("libStuck.so", try Data(contentsOf: URL(fileURLWithPath: bundle))), ("previews/stuck.gif", Data("GIF89a".utf8))]
        pack.effects = [("stuck", "push", "libStuck.so")]
        let run = try home.run(["install", try pack.write(to: "stuck.shpack", in: home.workspace)])
        #expect(run.status == 1)
        #expect(run.errors.hasPrefix("error: pack stuck 1.0.0: libStuck.so: fails validation (stagehand validate): effect stuck: "), "\(run.errors)")
        #expect(home.installed.isEmpty)
    }
}
