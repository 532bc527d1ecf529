import StagehandCore
import Foundation
import StagehandTestSupport
@testable import StagehandHost
import Testing

/// Where the catalog is found: --catalog, STAGEHAND_CATALOG, ./Catalog.json, then the
/// nearest Catalog.json above the executable.
@Suite struct CatalogLocationTests {
    @Test func theOrderOfThePlacesLooked() throws {
        let workspace = try Workspace()
        let root = try workspace.write("Catalog.json", "{}")
        let products = try workspace.directory(".build/x86_64-unknown-linux-gnu/debug")
        let here = try workspace.directory("elsewhere")
        func locate(_ option: String?, _ environment: [String: String], in directory: String) -> String? {
            CatalogLocation.locate(option: option, environment: environment, currentDirectory: directory, executableDirectory: products)
        }
        #expect(locate("mine.json", ["STAGEHAND_CATALOG": "/env.json"], in: here) == here + "/mine.json")
        #expect(locate(nil, ["STAGEHAND_CATALOG": "/env.json"], in: here) == "/env.json")
        let local = try workspace.write("elsewhere/Catalog.json", "{}")
        #expect(locate(nil, [:], in: here) == local)
        // From the products directory up to the repository root.
        #expect(locate(nil, [:], in: products) == root)
        #expect(CatalogLocation.locate(option: nil, environment: [:], currentDirectory: "/", executableDirectory: "/") == nil)
    }

    @Test func theEnvironmentVariableNamesTheCatalog() throws {
        let workspace = try Workspace()
        let file = try workspace.write("Named.json", "[]")
        let (library, diagnostics) = EffectLibrary.load(catalogPath: nil, host: TestEnvironment.host,
                                                        environment: ["STAGEHAND_CATALOG": file])
        #expect(library.catalogPath == file)
        expectDiagnostic(diagnostics.map(\.description),
                         "error: \(file): expected a catalog object {\"schemaVersion\": 1, \"effects\": [...]}, found an array; the catalog is not used")
    }
}
