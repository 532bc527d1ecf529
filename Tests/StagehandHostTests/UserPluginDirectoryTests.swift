import Foundation
import StagehandTestSupport
import StagehandHost
import Testing

/// The user plugin directory: where it is, that the command line searches it with no
/// flag and the library only when asked, its place after the built-in bundles, and the
/// warning when one of its effects has a name already taken.
@Suite struct UserPluginDirectoryTests {
    @Test func itFollowsTheXDGRule() {
        #expect(UserPluginDirectory.path(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/u"]) == "/data/stagehand/plugins")
        #expect(UserPluginDirectory.path(environment: ["HOME": "/home/u"]) == "/home/u/.local/share/stagehand/plugins")
        // A relative XDG_DATA_HOME is ignored, as the XDG rule says.
        #expect(UserPluginDirectory.path(environment: ["XDG_DATA_HOME": "data", "HOME": "/home/u"]) == "/home/u/.local/share/stagehand/plugins")
        #expect(UserPluginDirectory.path(environment: [:]) == nil)
    }

    /// A data home whose plugin directory holds one loose bundle and one installed pack.
    struct Setup {
        let workspace: Workspace
        var dataHome: String { workspace.path + "/data" }
        var plugins: String { dataHome + "/stagehand/plugins" }

        init() throws {
            workspace = try Workspace()
            _ = try workspace.directory("data/stagehand/plugins/packs/demo")
            try workspace.compile(TestBundle(effect: "loose-effect", factory: "loose_create").source,
                                  to: "data/stagehand/plugins/libLoose.so")
            try workspace.compile(TestBundle(effect: "packed-effect", factory: "packed_create").source,
                                  to: "data/stagehand/plugins/packs/demo/libPacked.so")
            try workspace.write("data/stagehand/plugins/packs/demo/pack.json", #"{"name": "demo", "version": "1.2.0"}"#)
        }
    }

    @Test func theLibraryReadsItOnlyWhenAsked() throws {
        let setup = try Setup()
        let environment = ["XDG_DATA_HOME": setup.dataHome]
        let (plain, _) = EffectLibrary.load(catalogPath: TestEnvironment.catalog, host: TestEnvironment.host, environment: environment)
        #expect(!plain.effects.contains { $0.name == "loose-effect" || $0.name == "packed-effect" })
        #expect(!plain.pluginDirectories.contains(setup.plugins))

        let (asked, _) = EffectLibrary.load(catalogPath: TestEnvironment.catalog, host: TestEnvironment.host, environment: environment,
                                            userPluginDirectory: UserPluginDirectory.path(environment: environment))
        #expect(asked.provenance(of: "loose-effect") == .pluginDirectory(setup.plugins))
        #expect(asked.provenance(of: "packed-effect") == .installedPack(name: "demo", version: "1.2.0"))
        #expect(asked.provenance(of: "crossfade") == .builtIn)
        // After the built-in bundles, then the packs.
        let directories = asked.pluginDirectories
        #expect(directories.suffix(2) == [setup.plugins, setup.plugins + "/packs/demo"], "\(directories)")
    }

    @Test func theCommandLineSearchesItWithoutFlagsAndShowsWhereEachEffectComesFrom() throws {
        let setup = try Setup()
        let run = try runStagehand(["catalog", "--json"], environment: ["XDG_DATA_HOME": setup.dataHome])
        #expect(run.status == 0, "\(run.errors)")
        let records = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[String: Any]])
        func provenance(_ name: String) -> [String: String]? {
            records.first { $0["name"] as? String == name }?["provenance"] as? [String: String]
        }
        #expect(provenance("loose-effect") == ["kind": "directory", "directory": setup.plugins])
        #expect(provenance("packed-effect") == ["kind": "pack", "pack": "demo", "packVersion": "1.2.0"])
        #expect(provenance("crossfade") == ["kind": "built-in"])

        let table = try runStagehand(["catalog"], environment: ["XDG_DATA_HOME": setup.dataHome])
        let line = try #require(table.output.split(separator: "\n").first { $0.hasPrefix("packed-effect ") })
        #expect(line.contains("pack demo 1.2.0"), "\(line)")
    }

    @Test func aBuiltInNameWinsOverTheUserDirectoryWithAWarningNamingBoth() throws {
        let setup = try Setup()
        let fade = try String(contentsOfFile: TestEnvironment.repositoryRoot + "/Examples/DeclarativeEffects/fade.effect.json", encoding: .utf8)
        let impostor = try setup.workspace.write("data/stagehand/plugins/crossfade.effect.json",
                                                 fade.replacingOccurrences(of: #""name": "fade""#, with: #""name": "crossfade""#))
        let run = try runStagehand(["info", "crossfade", "--json"], environment: ["XDG_DATA_HOME": setup.dataHome])
        #expect(run.status == 0, "\(run.errors)")
        let record = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        #expect(record["bundle"] as? String == TestEnvironment.productsDirectory + "/libCrossfade.so")
        #expect(run.errors.contains("warning: \(impostor): name: effect crossfade is also provided by \(TestEnvironment.productsDirectory)/libCrossfade.so, which comes first in the plugin search path; this one is ignored"),
                "\(run.errors)")
    }
}
