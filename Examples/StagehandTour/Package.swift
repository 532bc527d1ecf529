// swift-tools-version:6.1
//
// A small app that uses Stagehand as a library: it loads the built-in effects and runs
// a push, an interactive pop, a presentation and an interactive dismissal on the
// virtual clock, printing what happened. See Documentation/Library.md.
import Foundation
import PackageDescription

/// Stagehand is this repository, two levels up. SwiftPM names a path dependency after
/// its directory, which is whatever the checkout is called; the name is worked out here
/// so the example builds from any checkout. (An app depending on a release would write
/// `.package(url: "...", from: "...", traits: [])` and `package: "stagehand"`.)
let stagehandPath = "../.."
let stagehandIdentity = URL(fileURLWithPath: Context.packageDirectory)
    .appendingPathComponent(stagehandPath).standardizedFileURL.lastPathComponent.lowercased()

let package = Package(
    name: "StagehandTour",
    dependencies: [
        // `traits: []`: the library only, none of the command line's dependencies.
        .package(path: stagehandPath, traits: []),
    ],
    targets: [
        .executableTarget(name: "StagehandTour", dependencies: [
            .product(name: "StagehandHost", package: stagehandIdentity),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
