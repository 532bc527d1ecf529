// swift-tools-version:6.0
//
// libFuzzer targets for the host's readers of untrusted input: Catalog.json, a bundle's
// manifest, a scenario file, a declarative effect and a pack file. A package of its own, depending on Stagehand by path, so
// that the normal build never sees the fuzzer's instrumentation. Build and run one with
// `Fuzzing/run catalog|manifest|scenario|declarative|pack [seconds]` (see README.md here).
import PackageDescription

let targets = ["FuzzCatalog", "FuzzManifest", "FuzzScenario", "FuzzDeclarative"]

let package = Package(
    name: "StagehandFuzz",
    products: (targets + ["FuzzPack"]).map { .executable(name: $0, targets: [$0]) },
    dependencies: [.package(name: "Stagehand", path: "..")],
    targets: [
        .target(name: "FuzzSupport", dependencies: [.product(name: "StagehandHost", package: "Stagehand")]),
        .executableTarget(name: "FuzzPack", dependencies: [.product(name: "StagehandPack", package: "Stagehand")]),
    ] + targets.map {
        .executableTarget(name: $0, dependencies: ["FuzzSupport", .product(name: "StagehandHost", package: "Stagehand")])
    },
    swiftLanguageModes: [.v6]
)
