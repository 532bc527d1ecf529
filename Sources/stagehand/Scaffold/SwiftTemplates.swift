/// The Swift package `stagehand new --language swift` writes.
enum SwiftTemplates {
    static func package(_ s: EffectScaffold) -> String {
        """
        // swift-tools-version:6.1
        // A Stagehand effect bundle: a dynamic library that links only StagehandSDK.
        import Foundation
        import PackageDescription

        /// The Stagehand checkout, relative to this folder unless STAGEHAND_CHECKOUT names
        /// another (see README.md).
        let stagehand = Context.environment["STAGEHAND_CHECKOUT"] ?? "\(s.stagehandPath)"
        /// SwiftPM names a package found by path after its folder.
        let stagehandPackage = URL(fileURLWithPath: stagehand, relativeTo: URL(fileURLWithPath: Context.packageDirectory, isDirectory: true))
            .standardizedFileURL.lastPathComponent.lowercased()

        let package = Package(
            name: "\(s.bundle)",
            products: [.library(name: "\(s.bundle)", type: .dynamic, targets: ["\(s.bundle)"])],
            // No traits: the authoring layer alone, without the command line's dependencies,
            // so the build fetches nothing.
            dependencies: [.package(path: stagehand, traits: [])],
            targets: [
                .target(name: "\(s.bundle)", dependencies: [.product(name: "StagehandSDK", package: stagehandPackage)]),
            ],
            swiftLanguageModes: [.v6]
        )

        """
    }

    /// The animation: what a UIKit author would write first for each kind. `setup` runs
    /// before the animation block; `cleanup`, in the completion, gives a view that leaves
    /// the window back its transform and alpha, since its controller may show it again.
    static func animation(_ kind: String) -> (setup: [String], animations: [String], cleanup: [String]) {
        switch kind {
        case "push":
            return (["container.addSubview(toView)",
                     "toView.transform = Transform2D(translationX: container.bounds.width, y: 0)"],
                    ["toView.transform = .identity"],
                    [])
        case "present":
            return (["container.addSubview(toView)",
                     "toView.transform = Transform2D(translationX: 0, y: container.bounds.height)"],
                    ["toView.transform = .identity"],
                    [])
        case "dismiss":
            return ([],
                    ["fromView.transform = Transform2D(translationX: 0, y: container.bounds.height)"],
                    ["fromView.transform = .identity"])
        case "container":
            return (["container.addSubview(toView)", "toView.alpha = 0"],
                    ["toView.alpha = 1", "fromView.alpha = 0"],
                    ["fromView.alpha = 1"])
        default: // pop
            return (["container.insertSubview(toView, belowSubview: fromView)"],
                    ["fromView.transform = Transform2D(translationX: container.bounds.width, y: 0)"],
                    ["fromView.transform = .identity"])
        }
    }

    static func effect(_ s: EffectScaffold) -> String {
        let (setup, animations, cleanup) = animation(s.kind)
        func lines(_ code: [String], indent: Int) -> String {
            code.map { String(repeating: " ", count: indent) + $0 + "\n" }.joined()
        }
        // Only the views the animation touches.
        let code = (setup + animations + cleanup).joined(separator: "\n")
        let views = ["from", "to"].filter { code.contains("\($0)View") }
            .map { "              let \($0)View = context.viewController(forKey: .\($0))?.view" }
            .joined(separator: ",\n") + " "
        let restore = cleanup.isEmpty ? ""
            : "            View.performWithoutAnimation {\n" + lines(cleanup, indent: 16) + "            }\n"
        // Presentations keep the presenter's view out of the context (as UIKit): use the
        // controllers' views, which always exist.
        return """
        import StagehandSDK

        /// \(s.name): a \(s.kind) effect.
        public final class \(s.bundle): Effect {
            let duration: Double

            /// A duration within the bounds its declaration gives it.
            init(duration: Double) {
                self.duration = duration
            }

            public func transitionDuration(using context: TransitionContext?) -> Double {
                duration
            }

            public func animateTransition(using context: TransitionContext) {
                guard let container = context.containerView,
        \(views)else {
                    context.completeTransition(!context.transitionWasCancelled)
                    return
                }
        \(lines(setup, indent: 8))        View.animate(withDuration: duration, animations: {
        \(lines(animations, indent: 12))        }, completion: { _ in
        \(restore)            context.completeTransition(!context.transitionWasCancelled)
                })
            }
        }

        """
    }

    static func bundle(_ s: EffectScaffold) -> String {
        let factory = s.symbolPrefix + "_create"
        let function = s.symbolPrefix.split(separator: "_").enumerated()
            .map { $0 == 0 ? String($1) : $1.prefix(1).uppercased() + $1.dropFirst() }.joined() + "Create"
        return """
        import StagehandSDK

        // \(s.name), declared once: the manifest, the bounds check and the factory's body
        // all come from this declaration. Then the bundle's two C symbols: the entry and
        // the factory the declaration names (its argument types must be the parameters').

        extension \(s.bundle) {
            static let declaration = EffectDeclaration(
                name: "\(s.name)", kind: .\(s.kind), factory: "\(factory)",
                description: "A \(s.kind) effect.", author: "You", license: "MIT",
                parameters: Parameter("duration", default: 0.3, in: 0.01...10),
                make: { \(s.bundle)(duration: $0) })
        }

        @_cdecl("stagehand_bundle_entry")
        public func stagehandBundleEntry() -> UnsafeRawPointer {
            StagehandBundle.entry(name: "\(s.bundle)", version: "0.1.0", effects: [\(s.bundle).declaration])
        }

        @_cdecl("\(factory)")
        public func \(function)(_ duration: Double) -> UnsafeRawPointer? {
            \(s.bundle).declaration.export(duration)
        }

        """
    }
}
