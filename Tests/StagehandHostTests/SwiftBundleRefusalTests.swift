import Foundation
import StagehandTestSupport
import Testing

/// A Swift bundle's own initialisation (`StagehandBundle.entry(_:initialize:)`): one that
/// throws is refused by the host with its message and the bundle's path; one that
/// returns loads, and `Host.log` lines from it name the bundle and its effect.
@Suite(.tags(.nestedBuild), .slow) struct SwiftBundleRefusalTests {
    /// A package of two bundles against the SDK, built once (kept in the system's
    /// temporary directory, so a second run recompiles nothing).
    static func build() throws -> String {
        let directory = TestEnvironment.scratch("sdk-initialize")
        let fm = FileManager.default
        func write(_ path: String, _ text: String) throws {
            try writeIfChanged(text, to: directory + "/" + path)
        }
        let checkout = TestEnvironment.repositoryRoot
        let identity = (checkout as NSString).lastPathComponent.lowercased()
        try write("Package.swift", """
            // swift-tools-version:6.1
            import PackageDescription

            let package = Package(
                name: "Initialize",
                products: [.library(name: "Picky", type: .dynamic, targets: ["Picky"]),
                           .library(name: "Chatty", type: .dynamic, targets: ["Chatty"])],
                dependencies: [.package(path: "\(checkout)", traits: [])],
                targets: [.target(name: "Picky", dependencies: [.product(name: "StagehandSDK", package: "\(identity)")]),
                          .target(name: "Chatty", dependencies: [.product(name: "StagehandSDK", package: "\(identity)")])],
                swiftLanguageModes: [.v6]
            )

            """)
        for (name, initialize) in [("Picky", #"throw BundleRefusal("needs picky.png beside \(Host.bundlePath ?? "the bundle")")"#),
                                   ("Chatty", #"Host.log("initialised", level: .info)"#)] {
            let effect = name.lowercased()
            try write("Sources/\(name)/\(name).swift", """
                import StagehandSDK

                public final class \(name): Effect {
                    let duration: Double
                    init(duration: Double) { self.duration = duration }

                    public func transitionDuration(using context: TransitionContext?) -> Double { duration }

                    public func animateTransition(using context: TransitionContext) {
                        Host.log("animating")
                        Host.log("careful", level: .warning)
                        if let container = context.containerView, let view = context.view(forKey: .to) {
                            container.addSubview(view)
                        }
                        View.animate(withDuration: duration, animations: {}, completion: { _ in
                            context.completeTransition(!context.transitionWasCancelled)
                        })
                    }

                    static let declaration = EffectDeclaration(
                        name: "\(effect)", kind: .push, factory: "\(effect)_create", description: "A push.",
                        parameters: Parameter("duration", default: 0.3, in: 0.01...10),
                        make: { \(name)(duration: $0) })
                }

                @_cdecl("stagehand_bundle_entry")
                public func stagehandBundleEntry() -> UnsafeRawPointer {
                    StagehandBundle.entry(name: "\(name)", version: "1.0.0", effects: [\(name).declaration]) {
                        \(initialize)
                    }
                }

                @_cdecl("\(effect)_create")
                public func create(_ duration: Double) -> UnsafeRawPointer? {
                    \(name).declaration.export(duration)
                }

                """)
        }
        try? fm.removeItem(atPath: directory + "/.build/debug.yaml")
        var arguments = ["swift", "build"]
        if let sanitizer = Sanitizer.current { arguments += ["--sanitize=\(sanitizer.rawValue)"] }
        let build = try runProcess("/usr/bin/env", arguments, in: directory)
        try #require(build.status == 0, "swift build failed in \(directory):\n\(build.output)\n\(build.errors)")
        return directory + "/.build/debug"
    }

    @Test func aThrowingInitializeRefusesTheBundleWithItsMessageAndALoggingOneLoads() throws {
        let products = try Self.build()
        let workspace = try Workspace()
        let plugins = try workspace.directory("plugins")
        let picky = try workspace.copy(products + "/libPicky.so", to: "plugins/libPicky.so")
        try workspace.copy(products + "/libChatty.so", to: "plugins/libChatty.so")
        let environment = ["STAGEHAND_CACHE_DIR": workspace.path + "/cache"]

        let catalog = try runStagehand(["catalog", "--plugins", plugins], environment: environment)
        #expect(catalog.status == 0, "\(catalog.errors)")
        #expect(catalog.output.contains("chatty") && !catalog.output.contains("picky"), "\(catalog.output)")
        #expect(catalog.errors.contains(
            "error: \(picky): sh_bundle.init_with_context: the bundle refused to initialise: needs picky.png beside \(picky)\n"),
            "\(catalog.errors)")

        let scenario = try workspace.write("push.json", """
            {"navigation": {"push": "chatty"}, "steps": [{"push": {"title": "Article"}}, {"wait": 1}]}
            """)
        let play = try runStagehand(["play", scenario, "--plugins", plugins], environment: environment)
        #expect(play.status == 0, "\(play.errors)")
        #expect(play.errors.contains("""
            note: libChatty.so (chatty): animating
            note: libChatty.so (chatty): warning: careful

            """), "\(play.errors)")

        let validate = try runStagehand(["validate", plugins + "/libChatty.so"], environment: environment)
        #expect(validate.status == 0, "\(validate.output)\(validate.errors)")
    }
}
