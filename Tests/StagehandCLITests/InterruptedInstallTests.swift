import Foundation
import StagehandTestSupport
import Testing

/// An install killed at each of its phases — pack extracted, every check passed, new
/// version swapped in — leaves the catalog whole: the old version or the new one, never
/// a mix, and the next install cleans up after it.
@Suite struct InterruptedInstallTests {
    @Test(arguments: ["extracted", "checked", "swapped"]) func aKilledInstallLeavesOneWholeVersion(_ phase: String) throws {
        let home = try PackInstallTests.Home()
        let first = try TestPack.declarative("interrupted-fade", name: "interrupted", version: "1.0.0").write(to: "v1.shpack", in: home.workspace)
        var secondPack = try TestPack.declarative("interrupted-fade", name: "interrupted", version: "2.0.0")
        secondPack.files.append(("interrupted-zoom.effect.json", try TestPack.declarativeEffect("interrupted-zoom")))
        secondPack.files.append(("previews/interrupted-zoom.gif", Data("GIF89a".utf8)))
        secondPack.effects.append(("interrupted-zoom", "any", "interrupted-zoom.effect.json"))
        let second = try secondPack.write(to: "v2.shpack", in: home.workspace)
        #expect(try home.run(["install", first]).status == 0)

        // Stopped at the phase (it waits on its standard input there), then killed.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestEnvironment.productsDirectory + "/stagehand")
        process.arguments = ["install", second, "--replace"]
        process.currentDirectoryURL = URL(fileURLWithPath: home.workspace.path)
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("STAGEHAND_") }
            .merging(["XDG_DATA_HOME": home.dataHome, "STAGEHAND_CACHE_DIR": TestEnvironment.scanCache,
                      "STAGEHAND_INSTALL_STOP_AT": phase], uniquingKeysWith: { $1 })
        let input = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var said = ""
        while !said.contains("install: reached \(phase)\n") {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { break }   // it ended without reaching the phase
            said += String(decoding: chunk, as: UTF8.self)
        }
        #expect(said.contains("install: reached \(phase)\n"), "\(said)")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? input.fileHandleForWriting.close()
        #expect(process.terminationReason == .uncaughtSignal)

        let catalog = try home.run(["catalog", "--json"])
        #expect(catalog.status == 0)
        #expect(catalog.errors.isEmpty, "\(catalog.errors)")
        let records = try #require(try JSONSerialization.jsonObject(with: Data(catalog.output.utf8)) as? [[String: Any]])
        let ours = records.filter { ($0["name"] as? String)?.hasPrefix("interrupted-") == true }
            .map { "\($0["name"]!) \(($0["provenance"] as? [String: String])?["packVersion"] ?? "?")" }.sorted()
        if phase == "swapped" {
            #expect(ours == ["interrupted-fade 2.0.0", "interrupted-zoom 2.0.0"])
        } else {
            #expect(ours == ["interrupted-fade 1.0.0"])
        }

        // The next install finishes the job and removes what the killed one left.
        let again = try home.run(["install", second, "--replace"])
        #expect(again.status == 0, "\(again.errors)")
        #expect(try home.provenance(of: "interrupted-zoom")?["packVersion"] == "2.0.0")
        #expect(!FileManager.default.fileExists(atPath: home.plugins + "/.staging"))
    }
}
