// swift-tools-version:6.1
//
// Stagehand: UIKit's iOS 7 transition model, headless, with every effect loaded from
// its own shared object. The targets follow the layers of ARCHITECTURE.md, bottom up:
//
//   StagehandABI   the C header, the only contract between host and bundle
//   StagehandGeometry points, rects, transforms, colours, timing curves, springs (both sides)
//   StagehandShared the lock, effect kinds, parameter types, geometry ↔ C, JSON strings (both sides)
//   StagehandCore  scene, controllers, animation engine, transitioning, gestures
//   StagehandSDK   the Swift authoring layer over the ABI (linked into each Swift bundle)
//   StagehandTrace a run and an effect as data: what the host writes and the renderer reads
//   StagehandHost  catalog, loader, libffi factories, registry, coordinator, scenarios
//   StagehandRender traces to pictures: PNG, GIF, SVG, HTML
//   StagehandServe `stagehand serve`: the live playground in a browser
//   StagehandPack  `stagehand pack`, `install`, `uninstall`: effect packs (only the CLI links it)
//   stagehand      the command line
//   stagehand-bench the performance figures (StagehandBench; CBenchSupport: its C side)
//
// Plugins/<Effect> holds one bundle each, built as a dynamic library product.
import PackageDescription

/// Swift bundles link only the SDK (which links only the header and the shared geometry):
/// never the host.
func swiftEffect(_ name: String) -> Target {
    .target(name: name, dependencies: ["StagehandSDK"], path: "Plugins/\(name)")
}

/// C bundles are written against the header alone.
func cEffect(_ name: String) -> Target {
    .target(name: name, dependencies: ["StagehandABI"], path: "Plugins/\(name)", publicHeadersPath: ".")
}

let swiftEffects = ["SlidePop", "FlipPop", "CubePop", "FullScreenPop", "Parallax", "PushStylePresent", "BouncePresent",
                    "MaterialMotion", "UILibraries", "Animators3D", "Hero", "MagicMove"]
let cEffects = ["Crossfade", "UIKitModalStyles", "Explode"]

let package = Package(
    name: "Stagehand",
    products: [
        .executable(name: "stagehand", targets: ["stagehand"]),
        .executable(name: "stagehand-bench", targets: ["stagehand-bench"]),
        .library(name: "StagehandCore", targets: ["StagehandCore"]),
        .library(name: "StagehandHost", targets: ["StagehandHost"]),
        .library(name: "StagehandSDK", targets: ["StagehandSDK"]),
        // The pack reader and writer, for the fuzz target (Fuzzing/). It needs the `CLI`
        // trait (on by default), which brings its archive and hash libraries.
        .library(name: "StagehandPack", targets: ["StagehandPack"]),
    ] + (swiftEffects + cEffects).map { .library(name: $0, type: .dynamic, targets: [$0]) },
    // The command line's own dependencies are behind the `CLI` trait, on by default so
    // `swift build` here builds `stagehand`. A package that uses Stagehand as a library
    // depends on it with `traits: []` and then resolves none of them (see
    // Documentation/Library.md).
    traits: [
        .trait(name: "CLI", description: "The stagehand and stagehand-bench command lines: swift-argument-parser, TextTable, and for packs ZIPFoundation and swift-crypto."),
        .default(enabledTraits: ["CLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/ordo-one/TextTable.git", from: "0.0.2"),
        // `stagehand pack` and `install`: the archive and its sums (StagehandPack).
        .package(url: "https://github.com/weichsel/ZIPFoundation.git", from: "0.9.20"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
        // Tests only: random scenarios with shrinking (StagehandHostTests).
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    ],
    targets: [
        // The ABI: a header and nothing else of substance; depends on nothing.
        .target(name: "StagehandABI"),
        .systemLibrary(name: "CFFI", pkgConfig: "libffi", providers: [.apt(["libffi-dev"])]),

        // The value types and timing math that the runtime and the SDK share. Each Swift
        // bundle links its own copy, built from the host's sources (SourceIdentity says
        // why that matters). Depends on nothing.
        .target(name: "StagehandGeometry"),

        // What the host and the SDK both need besides the geometry: the lock, the effect
        // kinds and parameter types a manifest names, and the geometry's conversions to
        // and from the header's structs. Built into each Swift bundle too, from the same
        // sources (under the same identity check as the geometry).
        .target(name: "StagehandShared", dependencies: ["StagehandABI", "StagehandGeometry"]),

        // The headless runtime (scene, animation, transitioning, gestures). Nothing but the
        // shared geometry.
        .target(name: "StagehandCore", dependencies: ["StagehandGeometry", "StagehandShared"]),

        // The Swift authoring layer for effect bundles: the header and the shared geometry,
        // never the host.
        .target(name: "StagehandSDK", dependencies: ["StagehandABI", "StagehandGeometry", "StagehandShared"]),

        // Traces and effect records: plain data, so reading a trace never links the host.
        .target(name: "StagehandTrace", dependencies: ["StagehandShared"]),

        // The host.
        .target(name: "StagehandHost", dependencies: ["StagehandCore", "StagehandGeometry", "StagehandShared", "StagehandABI", "CFFI", "StagehandTrace"]),

        // The renderer, through Debian's cairo (drawing) and libgd (GIF), loaded at run
        // time from the runtime packages libcairo2 and libgd3 (CRenderLibraries declares
        // what is used and finds it with dlopen): building needs neither library's -dev
        // package, and commands that draw nothing never load them.
        .target(name: "CRenderLibraries", linkerSettings: [.linkedLibrary("dl")]),
        // The renderer's inner loops that wider vector instructions speed up (the polygon
        // filler's edges and compositing, the GIF encoder's runs, palette and indices), in
        // C so that each can be built for several instruction sets, the widest the
        // processor has chosen at run time (Swift builds for baseline x86-64 only).
        .target(name: "CKernels"),
        .target(name: "StagehandRender", dependencies: ["StagehandTrace", "StagehandCore", "CRenderLibraries", "CKernels"]),

        // `stagehand serve`: the live playground (a web page driving stages over a
        // WebSocket), with its own small HTTP/1.1 and WebSocket server (Server/: every
        // limit a hostile client meets is checked as the bytes arrive).
        // The handshake's SHA-1 comes from swift-crypto, which the command line (the only
        // thing that links the playground) already resolves for packs.
        .target(name: "StagehandServe", dependencies: [
            "StagehandHost", "StagehandRender", "StagehandTrace", "StagehandCore",
            .product(name: "Crypto", package: "swift-crypto", condition: .when(traits: ["CLI"])),
        ]),

        // The benchmark behind `stagehand bench`, and its C side: an exact allocation
        // counter (it defines malloc & co. for the executable that links it) and the plain
        // C reference loops (-O2 in a release build, as SwiftPM compiles C there). Only
        // stagehand-bench links them; `stagehand bench` runs it from beside itself.
        .target(name: "CBenchSupport", dependencies: ["CFFI"]),
        .target(name: "StagehandBench", dependencies: [
            "StagehandCore", "StagehandHost", "StagehandRender", "StagehandABI", "CFFI", "CBenchSupport",
        ]),

        // The benchmark's options, shared by `stagehand-bench` and `stagehand bench`
        // (which must not link the benchmark itself).
        .target(name: "StagehandBenchOptions", dependencies: [
            .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["CLI"])),
        ]),

        .executableTarget(name: "stagehand-bench", dependencies: [
            "StagehandBench",
            .target(name: "StagehandBenchOptions", condition: .when(traits: ["CLI"])),
            .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["CLI"])),
            .product(name: "TextTable", package: "TextTable", condition: .when(traits: ["CLI"])),
        ]),

        // Effect packs: one zip file of bundles and declarative effects with a manifest,
        // previews and sums; read as hostile input, installed atomically into the user
        // plugin directory. Only the command line links it (through the `CLI` trait), so
        // a library user resolves neither the archive nor the hash library.
        .target(name: "StagehandPack", dependencies: [
            "StagehandHost", "StagehandShared", "StagehandCore",
            .product(name: "ZIPFoundation", package: "ZIPFoundation", condition: .when(traits: ["CLI"])),
            .product(name: "Crypto", package: "swift-crypto", condition: .when(traits: ["CLI"])),
        ]),

        // The command line.
        .executableTarget(name: "stagehand", dependencies: [
            "StagehandHost", "StagehandCore", "StagehandRender", "StagehandServe",
            .target(name: "StagehandPack", condition: .when(traits: ["CLI"])),
            .target(name: "StagehandBenchOptions", condition: .when(traits: ["CLI"])),
            .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["CLI"])),
            .product(name: "TextTable", package: "TextTable", condition: .when(traits: ["CLI"])),
        ]),

        // What the test targets share: the tags of the slow tests and the condition that
        // skips them (STAGEHAND_SKIP_SLOW=1), the test environment (the repository, the
        // products, the host table), workspaces, test bundles and running `stagehand`.
        // Built with the tests only.
        .target(name: "StagehandTestSupport", dependencies: ["StagehandHost", "StagehandCore", "StagehandABI"], path: "Tests/StagehandTestSupport"),
        .testTarget(name: "StagehandCoreTests", dependencies: ["StagehandCore", "StagehandTestSupport"]),
        .testTarget(name: "StagehandHostTests", dependencies: ["StagehandHost", "StagehandCore", "StagehandABI", "StagehandTestSupport",
                                                               .product(name: "PropertyBased", package: "swift-property-based")],
                    exclude: ["Fixtures"]),
        // The command line's own tests: each runs the built `stagehand` executable (`new`,
        // `validate`, `pack`, `install`, …).
        .testTarget(name: "StagehandCLITests", dependencies: ["StagehandHost", "StagehandCore", "StagehandABI", "StagehandTestSupport",
                                                              // The packs the pack tests make by hand carry SHA-256 sums.
                                                              .product(name: "Crypto", package: "swift-crypto", condition: .when(traits: ["CLI"]))]),
        .testTarget(name: "StagehandRenderTests", dependencies: ["StagehandRender", "StagehandHost", "StagehandCore", "StagehandTestSupport"]),
        .testTarget(name: "StagehandServeTests", dependencies: ["StagehandServe", "StagehandHost", "StagehandCore", "StagehandTestSupport"]),
    ] + swiftEffects.map(swiftEffect) + cEffects.map(cEffect),
    swiftLanguageModes: [.v6]
)

// DocC for the SDK's public API, generated by
//   STAGEHAND_DOCC=1 swift package --scratch-path .build-docc generate-documentation --target StagehandSDK
// The documentation plugin is a dependency only while STAGEHAND_DOCC is set, so a
// package that uses Stagehand, and CI, never resolve nor fetch it.
if Context.environment["STAGEHAND_DOCC"] != nil {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"))
}
