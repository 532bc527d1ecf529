import Foundation
import StagehandTestSupport
import Testing

/// The public API of the library's modules, against the baseline committed in `API/`:
/// any change to what an app or an effect author can call (added, removed or changed)
/// fails here until the baseline is updated with it, so every change is deliberate and
/// shows in review as a change to `API/`.
///
/// The API is read from the built modules with the toolchain's `swift-symbolgraph-extract`
/// (public symbols only), one line per symbol: its path, then its declaration. To accept
/// a change, run `STAGEHAND_UPDATE_API=1 swift test --filter PublicAPITests` and commit
/// `API/` with a line in CHANGELOG.md.
@Suite struct PublicAPITests {
    /// The modules a package depending on Stagehand's library products sees: the
    /// products (Core, Host, SDK) and what they re-export.
    static let modules = ["StagehandGeometry", "StagehandShared", "StagehandTrace", "StagehandCore", "StagehandHost", "StagehandSDK"]

    @Test(arguments: modules) func thePublicAPIIsTheBaseline(module: String) throws {
        let actual = try PublicAPI.listing(of: module)
        let baselinePath = TestEnvironment.repositoryRoot + "/API/\(module).txt"
        if ProcessInfo.processInfo.environment["STAGEHAND_UPDATE_API"] == "1" {
            try FileManager.default.createDirectory(atPath: TestEnvironment.repositoryRoot + "/API", withIntermediateDirectories: true)
            try actual.write(toFile: baselinePath, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOfFile: baselinePath, encoding: .utf8)
        #expect(actual == expected, """
            the public API of \(module) differs from API/\(module).txt; if the change is meant, \
            run STAGEHAND_UPDATE_API=1 swift test --filter PublicAPITests, commit API/ and say it in CHANGELOG.md:
            \(TextDifference.unified(expected: expected, actual: actual, expectedName: "API/\(module).txt", actualName: "built \(module)"))
            """)
    }

    /// The listing is not empty and names what the library guide starts from, so a
    /// broken extraction cannot pass as an empty API.
    @Test func theListingNamesTheGuidesEntryPoints() throws {
        let host = try PublicAPI.listing(of: "StagehandHost")
        #expect(host.contains("EffectLibrary — final class EffectLibrary"))
        #expect(host.contains("Coordinator — final class Coordinator"))
        #expect(!host.contains("private"), "only public symbols are listed")
    }
}

/// Reads a built module's public symbols.
enum PublicAPI {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// One line per public symbol of `module` (its own and its extensions of other
    /// modules' types), sorted: `Type.member — declaration`.
    static func listing(of module: String) throws -> String {
        let products = TestEnvironment.productsDirectory
        let output = try Workspace()
        guard let tool = toolPath() else {
            throw Failure(description: "swift-symbolgraph-extract is not on the PATH (it comes with the Swift toolchain, beside swift)")
        }
        var machine = utsname()
        uname(&machine)
        let architecture = withUnsafeBytes(of: machine.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        // The C modules the Swift ones import, by their module maps.
        let maps = ["StagehandABI.build/module.modulemap"].map { products + "/" + $0 }
            + [TestEnvironment.repositoryRoot + "/Sources/CFFI/module.modulemap"]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["-module-name", module, "-I", products + "/Modules", "-target", "\(architecture)-unknown-linux-gnu",
                             "-minimum-access-level", "public", "-skip-synthesized-members", "-output-dir", output.path]
            + maps.flatMap { ["-Xcc", "-fmodule-map-file=" + $0] }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "swift-symbolgraph-extract failed for \(module) (status \(process.terminationStatus)): \(message)")
        }
        var lines: Set<String> = []
        for file in try FileManager.default.contentsOfDirectory(atPath: output.path) where file.hasSuffix(".symbols.json") {
            let data = try Data(contentsOf: URL(fileURLWithPath: output.path + "/" + file))
            guard let graph = try JSONSerialization.jsonObject(with: data) as? [String: Any],
                  let symbols = graph["symbols"] as? [[String: Any]] else {
                throw Failure(description: "\(file): not a symbol graph")
            }
            for symbol in symbols {
                let path = (symbol["pathComponents"] as? [String] ?? []).joined(separator: ".")
                let fragments = symbol["declarationFragments"] as? [[String: Any]] ?? []
                let declaration = fragments.compactMap { $0["spelling"] as? String }.joined()
                    .split(whereSeparator: \.isNewline).joined(separator: " ")
                lines.insert("\(path) — \(declaration)")
            }
        }
        return lines.sorted().joined(separator: "\n") + "\n"
    }

    private static func toolPath() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map { $0 + "/swift-symbolgraph-extract" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
