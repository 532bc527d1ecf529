/// The Swift package `stagehand new --language swift` writes.
enum SwiftTemplates {
    static func package(_ s: EffectScaffold) -> String {
        let identity = (s.stagehandRoot as NSString).lastPathComponent.lowercased()
        return """
        // swift-tools-version:6.0
        // A Stagehand effect bundle: a dynamic library that links only StagehandSDK.
        import PackageDescription

        let package = Package(
            name: "\(s.bundle)",
            products: [.library(name: "\(s.bundle)", type: .dynamic, targets: ["\(s.bundle)"])],
            dependencies: [.package(path: "\(s.stagehandRoot)")],
            targets: [
                .target(name: "\(s.bundle)", dependencies: [.product(name: "StagehandSDK", package: "\(identity)")]),
            ],
            swiftLanguageModes: [.v5]
        )

        """
    }

    /// The animation: what a UIKit author would write first for each kind.
    static func animation(_ kind: String) -> (setup: String, animations: String) {
        switch kind {
        case "push":
            return ("        container.addSubview(toView)\n        toView.transform = Transform2D(translationX: width, y: 0)",
                    "            toView.transform = .identity")
        case "present":
            return ("        container.addSubview(toView)\n        toView.transform = Transform2D(translationX: 0, y: height)",
                    "            toView.transform = .identity")
        case "dismiss":
            return ("", "            fromView.transform = Transform2D(translationX: 0, y: height)")
        case "container":
            return ("        container.addSubview(toView)\n        toView.alpha = 0",
                    "            toView.alpha = 1\n            fromView.alpha = 0")
        default: // pop
            return ("        container.insertSubview(toView, belowSubview: fromView)",
                    "            fromView.transform = Transform2D(translationX: width, y: 0)")
        }
    }

    static func effect(_ s: EffectScaffold) -> String {
        let (setup, animations) = animation(s.kind)
        // Presentations keep the presenter's view out of the context (as UIKit): use the
        // controllers' views, which always exist.
        return """
        import StagehandSDK

        /// \(s.name): a \(s.kind) effect.
        public final class \(s.bundle): Effect {
            let duration: Double

            public init(duration: Double) {
                self.duration = duration
            }

            public func transitionDuration(using context: TransitionContext?) -> Double {
                duration
            }

            public func animateTransition(using context: TransitionContext) {
                guard let container = context.containerView,
                      let fromView = context.viewController(forKey: .from)?.view,
                      let toView = context.viewController(forKey: .to)?.view else {
                    context.completeTransition(!context.transitionWasCancelled)
                    return
                }
                let width = container.bounds.width, height = container.bounds.height
                _ = (width, height)
        \(setup)
                View.animate(withDuration: duration, animations: {
        \(animations)
                }, completion: { _ in
                    // The host puts everything back on a cancel; leave the views clean.
                    let completed = !context.transitionWasCancelled
                    View.performWithoutAnimation {
                        fromView.transform = .identity
                        fromView.alpha = 1
                    }
                    context.completeTransition(completed)
                })
            }
        }

        """
    }

    static func bundle(_ s: EffectScaffold) -> String {
        """
        import StagehandSDK

        // The bundle's two C symbols: the entry (with the manifest) and the factory.

        @_cdecl("stagehand_bundle_entry")
        public func stagehandBundleEntry() -> UnsafeRawPointer {
            StagehandBundle.entry(BundleManifest(name: "\(s.bundle)", version: "0.1.0", effects: [
                EffectManifest(
                    name: "\(s.name)", kind: .\(s.kind), interactive: false, factory: "\(s.symbolPrefix)_create",
                    parameters: [.double("duration", default: 0.3, min: 0.01, max: 10)],
                    description: "A \(s.kind) effect.", author: "You", license: "MIT"),
            ]))
        }

        /// `sh_effect *\(s.symbolPrefix)_create(double duration)`
        @_cdecl("\(s.symbolPrefix)_create")
        public func \(s.symbolPrefix.split(separator: "_").enumerated().map { $0 == 0 ? String($1) : $1.prefix(1).uppercased() + $1.dropFirst() }.joined())Create(duration: Double) -> UnsafeRawPointer? {
            StagehandBundle.export(\(s.bundle)(duration: duration))
        }

        """
    }
}

import Foundation
