import Testing
@testable import StagehandCore
import StagehandTestSupport

/// Completion lands on the first frame at or after start + duration, whatever frame the
/// animation or transition starts on. Clock times are frame counts over the frame rate,
/// so a start like 0.8 s (48/60) and an end like 1.4 s (84/60) are not exactly what
/// their decimal names say; the engine must not lose a frame to that rounding.
@Suite struct CompletionFrameTests {
    /// Durations are whole milliseconds: at 30, 60 or 120 Hz such a duration is either a
    /// whole number of frames or at least 0.03 frames away from one, so the expected
    /// frame count is exact.
    static func expectedFrames(milliseconds: Int, fps: Int) -> Int {
        (milliseconds * fps + 999) / 1000
    }

    /// An animation controller that lasts a given time and completes from its
    /// animation's completion, as effects do.
    final class TimedAnimator: AnimatedTransitioning {
        let duration: Double
        init(duration: Double) { self.duration = duration }
        func transitionDuration(using context: TransitionContext?) -> Double { duration }
        func animateTransition(using context: TransitionContext) {
            guard let toView = context.view(forKey: .to) else { return }
            context.containerView.addSubview(toView)
            toView.alpha = 0
            View.animate(withDuration: duration, animations: { toView.alpha = 1 }, completion: { _ in
                context.completeTransition(!context.transitionWasCancelled)
            })
        }
    }

    final class TimedDelegate: NavigationControllerDelegate {
        let animator: TimedAnimator
        init(_ animator: TimedAnimator) { self.animator = animator }
        func navigationController(_ navigationController: NavigationController, animationControllerFor operation: NavigationOperation,
                                  from fromVC: ViewController, to toVC: ViewController) -> AnimatedTransitioning? { animator }
    }

    /// The cases first seen: a 0.6 s push started at 0.8 s took 0.6167 s; a 0.8 s
    /// transition started at 0.6, 1.25 or 1.75 s took 0.8167 s.
    @Test(arguments: [(48, 600), (36, 800), (75, 800), (105, 800)])
    func knownLateStarts(startFrame: Int, milliseconds: Int) {
        let (stage, nav) = makeNavigationStage(["Inbox"])
        let delegate = TimedDelegate(TimedAnimator(duration: Double(milliseconds) / 1000))
        nav.delegate = delegate
        for _ in 0..<startFrame { stage.step() }
        nav.pushViewController(ViewController(title: "Detail"), animated: true)
        #expect(stage.settle())
        let began = stage.transitionEvents.first { $0.kind == .began }
        let completed = stage.transitionEvents.first { $0.kind == .completed }
        #expect(began.map { Int(($0.time * 60).rounded()) } == startFrame)
        #expect(completed.map { Int(($0.time * 60).rounded()) } == startFrame + milliseconds * 60 / 1000)
    }

    @Test func aTransitionCompletesOnTheFrameAtOrAfterItsEndWhateverItsStart() {
        var random = SplitMix64(state: 0x5EED_0F_F12A)
        for trial in 0..<1000 {
            let fps = [30, 60, 120][random.int(in: 0...2)]
            let startFrame = random.int(in: 0...600)
            let milliseconds = random.int(in: 1...2000)
            let (stage, nav) = makeNavigationStage(["Inbox"], fps: fps)
            let delegate = TimedDelegate(TimedAnimator(duration: Double(milliseconds) / 1000))
            nav.delegate = delegate
            for _ in 0..<startFrame { stage.step() }
            nav.pushViewController(ViewController(title: "Detail"), animated: true)
            #expect(stage.settle())
            let completed = stage.transitionEvents.first { $0.kind == .completed }
            let frames = completed.map { Int(($0.time * Double(fps)).rounded()) - startFrame }
            #expect(frames == Self.expectedFrames(milliseconds: milliseconds, fps: fps),
                    "trial \(trial): \(milliseconds) ms started on frame \(startFrame) at \(fps) Hz")
        }
    }

    @Test func anAnimationCompletesOnTheFrameAtOrAfterItsEndWhateverItsStart() {
        var random = SplitMix64(state: 0xC0FF_EE11)
        for trial in 0..<1000 {
            let fps = [30, 60, 120][random.int(in: 0...2)]
            let startFrame = random.int(in: 0...600)
            let milliseconds = random.int(in: 1...2000)
            let delayMilliseconds = random.int(in: 0...1) == 0 ? 0 : random.int(in: 1...500)
            let stage = Stage(framesPerSecond: fps)
            let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
            stage.window.addSubview(view)
            for _ in 0..<startFrame { stage.step() }
            var completedOn: Int?
            View.animate(withDuration: Double(milliseconds) / 1000, delay: Double(delayMilliseconds) / 1000,
                         animations: { view.alpha = 0.5 }, completion: { _ in completedOn = stage.frameIndex })
            #expect(stage.settle())
            #expect(completedOn.map { $0 - startFrame } == Self.expectedFrames(milliseconds: milliseconds + delayMilliseconds, fps: fps),
                    "trial \(trial): \(milliseconds) ms after \(delayMilliseconds) ms, started on frame \(startFrame) at \(fps) Hz")
        }
    }
}
