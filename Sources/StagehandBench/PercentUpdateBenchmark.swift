import StagehandCore
import CBenchSupport

/// `percent_update_100_us` and `percent_update_allocs`: an interactive pop whose
/// animation controller makes 100 animations, driven by
/// `PercentDrivenInteractiveTransition.update` once per frame, each update followed by
/// the frame that evaluates the animations (`stage.step()`): what a pan gesture's
/// `.changed` costs the engine.
enum PercentUpdateBenchmark {
    struct Result {
        var microseconds: Double
        var allocationsPerUpdate: Double
        var animations: Int
        var updatesCounted: Int
    }

    /// The pop: the from-view slides right, the to-view comes in from −30 %, and 49
    /// decorations of the from-view fade (Bézier) and drift (spring): 2 + 49 + 49
    /// animations.
    final class Animator: AnimatedTransitioning {
        let decorations: [View]
        init(decorations: [View]) { self.decorations = decorations }

        func transitionDuration(using context: TransitionContext?) -> Double { 0.5 }

        func animateTransition(using context: TransitionContext) {
            let from = context.viewController(forKey: .from).view
            let to = context.viewController(forKey: .to).view
            let width = context.containerView.bounds.width
            context.containerView.insertSubview(to, belowSubview: from)
            to.transform = Transform2D(translationX: -0.3 * width, y: 0)
            let decorations = decorations
            View.animate(withDuration: 0.5, animations: {
                from.transform = Transform2D(translationX: width, y: 0)
                to.transform = .identity
                for view in decorations { view.alpha = 0 }
            }, completion: { _ in
                context.completeTransition(!context.transitionWasCancelled)
            })
            View.animate(withDuration: 0.5, usingSpringWithDamping: 0.8, initialSpringVelocity: 0, animations: {
                for (i, view) in decorations.enumerated() {
                    view.center = Point(x: view.center.x + 40, y: view.center.y + Double(i % 5))
                }
            })
        }
    }

    final class Delegate: NavigationControllerDelegate {
        let animator: Animator
        let interaction = PercentDrivenInteractiveTransition()
        init(animator: Animator) { self.animator = animator }

        func navigationController(_ navigationController: NavigationController, animationControllerFor operation: NavigationOperation,
                                  from fromVC: ViewController, to toVC: ViewController) -> AnimatedTransitioning? {
            operation == .pop ? animator : nil
        }

        func navigationController(_ navigationController: NavigationController,
                                  interactionControllerFor animationController: AnimatedTransitioning) -> InteractiveTransitioning? {
            interaction
        }
    }

    static func measure(batches: Int, batchSize: Int, countedUpdates: Int) -> Result {
        let stage = Stage(screen: Size(width: 390, height: 844), framesPerSecond: 60)
        let nav = NavigationController(rootViewController: ViewController(title: "Inbox"))
        stage.window.rootViewController = nav
        let detail = ViewController(title: "Detail")
        var decorations: [View] = []
        for i in 0..<49 {
            let view = View(frame: Rect(x: Double(i % 7) * 50, y: Double(i / 7) * 100, width: 40, height: 40))
            detail.view.addSubview(view)
            decorations.append(view)
        }
        nav.pushViewController(detail, animated: false)
        stage.step()
        let delegate = Delegate(animator: Animator(decorations: decorations))
        nav.delegate = delegate
        _ = nav.popViewController(animated: true)
        let driver = delegate.interaction
        let animations = stage.animator.runningCount

        // A finger that moves back and forth between 10 % and 90 %.
        var step = 0
        func update() {
            let phase = Double(step % 160) / 80
            driver.update(0.1 + 0.8 * (phase <= 1 ? phase : 2 - phase))
            stage.step()
            step += 1
        }
        for _ in 0..<200 { update() }   // warm-up: caches, lazily made metadata, capacities

        var times: [Double] = []
        for _ in 0..<batches {
            let seconds = Measure.seconds { for _ in 0..<batchSize { update() } }
            times.append(seconds / Double(batchSize))
        }

        bench_alloc_count_begin()
        for _ in 0..<countedUpdates { update() }
        let allocations = bench_alloc_count_end()

        driver.cancel()
        stage.settle()
        _ = delegate
        return Result(microseconds: Measure.median(times) * 1e6,
                      allocationsPerUpdate: Double(allocations) / Double(countedUpdates),
                      animations: animations, updatesCounted: countedUpdates)
    }
}
