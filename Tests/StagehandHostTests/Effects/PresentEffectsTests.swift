import StagehandTestSupport
import Testing
import StagehandCore
@testable import StagehandHost

// push-style-present / pop-style-dismiss (libPushStylePresent.so) and bounce-present /
// normal-dismiss / swipe-dismiss (libBouncePresent.so), run through scenarios with the
// real bundles. Every expected position is computed here from the effects' constants:
// 390 × 844 points, 60 frames per second.

/// The constants of these tests, in a namespace of their own (other test files of the
/// module have their own helpers).
private enum Present {
    static let width = 390.0
    static let height = 844.0
    /// One frame at 60 fps.
    static let frameTime = 1.0 / 60
    /// Trace values are rounded to 6 decimals.
    static let tolerance = 1e-3
}

/// The present step of the push-style pair, chosen also as the interactive dismissal.
private let pushStylePresentStep = """
{"present": {"title": "Compose", "effect": "push-style-present", "dismissal": "pop-style-dismiss", \
"interactiveDismissal": "pop-style-dismiss", "embedInNavigation": true}}
"""

/// The present step of the WWDC 2013 trio.
private let bouncePresentStep = """
{"present": {"title": "Compose", "effect": "bounce-present", "dismissal": "normal-dismiss", \
"interactiveDismissal": "swipe-dismiss", "embedInNavigation": true}}
"""

/// Runs `steps` from a root navigation controller titled Inbox.
private func playPresent(_ steps: [String]) throws -> ScenarioResult {
    try BuiltInEffects.play("""
    {"screen": {"width": 390, "height": 844, "fps": 60}, "root": {"title": "Inbox"},
     "steps": [\(steps.joined(separator: ", "))]}
    """)
}

/// One finger from `from` to `to` in 0.3 s, held still `hold` s, then lifted (or, with
/// `release` "cancel", cancelled by the system).
private func dragStep(from: (Double, Double), to: (Double, Double), hold: Double = 0.2, release: String = "true") -> String {
    """
    {"drag": {"from": [\(from.0), \(from.1)], "to": [\(to.0), \(to.1)], "duration": 0.3, "hold": \(hold), "release": \(release)}}
    """
}

extension Trace.Frame {
    /// The view of the navigation controller titled `title`: the view the effects move
    /// (the controller inside it, and its navigation bar, share the title).
    fileprivate func navigationView(_ title: String) -> Trace.ViewRecord? {
        views(title, kind: "container").first
    }
}

extension Trace {
    /// The first event of that kind and operation.
    fileprivate func event(_ kind: String, _ operation: String) -> Event? {
        events.first { $0.kind == kind && $0.operation == operation }
    }

    /// The frames strictly between two times.
    fileprivate func frames(after start: Double, before end: Double) -> [Frame] {
        frames.filter { $0.t > start + 1e-9 && $0.t < end - 1e-9 }
    }
}

/// `expectSettled`, and nothing the runtime had to repair or refuse on the way (no
/// watchdog, no gesture left running, no second completion).
private func expectCleanPresent(_ result: ScenarioResult, sourceLocation: SourceLocation = #_sourceLocation) {
    expectSettled(result, sourceLocation: sourceLocation)
    let problems = result.stage.diagnostics.filter { $0.severity != .note }
    #expect(problems.isEmpty, "diagnostics: \(problems.map(\.description))", sourceLocation: sourceLocation)
}

/// The exact time of a frame: traces round times to 6 decimals, which at a few
/// thousand points per second is a thousandth of a point off.
private func exactFrameTime(_ t: Double) -> Double {
    (t / Present.frameTime).rounded() * Present.frameTime
}

/// UIView's default curve, the one push-style uses when no finger drives it.
private func easeInOutFraction(_ x: Double) -> Double {
    StagehandCore.TimingCurve.easeInOut.progress(at: min(max(x, 0), 1))
}

// MARK: - push-style-present / pop-style-dismiss

@Suite struct PushStylePresentTests {
    /// Presented: tx = width·(1 − f); presenter: tx = −width·f (it travels the full
    /// width, as in the recipe); f = easeInOut(t / 0.3).
    @Test func presentSlidesInFromTheRightWhileThePresenterTravelsTheFullWidthLeft() throws {
        let result = try playPresent([pushStylePresentStep])
        let trace = result.trace
        let began = try #require(trace.event("began", "present"))
        #expect(began.effect == "push-style-present" && !began.interactive)
        #expect(abs(began.t) < 1e-9)

        // Start: the first frame, before any time passed, has no presentation yet; the
        // next one is one frame into the ease-in-out.
        let first = try #require(trace.frame(at: 0))
        #expect(first.navigationView("Compose") == nil)
        #expect(first.navigationView("Inbox")?.transform == [1, 0, 0, 1, 0, 0])
        let start = try #require(trace.frame(at: Present.frameTime))
        let f1 = easeInOutFraction(Present.frameTime / 0.3)
        #expect(abs(try #require(start.navigationView("Compose")).transform[4] - Present.width * (1 - f1)) < Present.tolerance)
        #expect(abs(try #require(start.navigationView("Inbox")).transform[4] + Present.width * f1) < Present.tolerance)

        // Mid-way: ease-in-ease-out is symmetric, so half the time is half the way: the
        // presented view at x = 195, the presenter at x = −195, side by side.
        let mid = try #require(trace.frame(at: 0.15))
        #expect(abs(mid.t - 0.15) < 1e-6)
        #expect(try #require(mid.navigationView("Compose")).transform == [1, 0, 0, 1, 195, 0])
        #expect(try #require(mid.navigationView("Inbox")).transform == [1, 0, 0, 1, -195, 0])
        #expect(try #require(mid.navigationView("Inbox")).corners.first == [-195, 0])

        // Every frame of the move, against the formula.
        let moving = trace.frames(after: 0, before: 0.3)
        #expect(moving.count == 17)
        for frame in moving {
            let f = easeInOutFraction(exactFrameTime(frame.t) / 0.3)
            let presented = try #require(frame.navigationView("Compose"))
            let presenter = try #require(frame.navigationView("Inbox"))
            #expect(abs(presented.transform[4] - Present.width * (1 - f)) < Present.tolerance, "t = \(frame.t)")
            #expect(abs(presenter.transform[4] + Present.width * f) < Present.tolerance, "t = \(frame.t)")
            #expect(presented.transform[5] == 0 && presenter.transform[5] == 0)
            #expect(presented.frame[1] == 0 && presented.frame[2] == Present.width)
            #expect(frame.presented == ["Compose"])
        }
        // The last frame before the end: the presenter is almost off the screen.
        let last = try #require(moving.last)
        #expect(try #require(last.navigationView("Inbox")).transform[4] < -0.98 * Present.width)

        // End: at 0.3 s the presented view is in place; the presenter, covered now, is
        // handed back untransformed (it stays in the window under the presentation).
        let completed = try #require(trace.event("completed", "present"))
        #expect(abs(completed.t - 0.3) < 1e-6)
        let end = try #require(trace.frame(at: 0.3))
        #expect(try #require(end.navigationView("Compose")).transform == [1, 0, 0, 1, 0, 0])
        #expect(try #require(end.navigationView("Inbox")).transform == [1, 0, 0, 1, 0, 0])
        #expect(end.percent == nil)
        let settled = try #require(trace.frames.last)
        #expect(settled.presented == ["Compose"])
        #expect(settled.stack == ["Compose"])
        #expect(settled.navigationView("Inbox") != nil, "the presenter's view stays in the window")
        expectCleanPresent(result)
    }

    /// The reverse: presented tx = width·f, presenter tx = −width·(1 − f).
    @Test func dismissSlidesOffToTheRightAsIfPopped() throws {
        let result = try playPresent([pushStylePresentStep, #"{"wait": 0.5}"#, #"{"dismiss": {}}"#])
        let trace = result.trace
        let began = try #require(trace.event("began", "dismiss"))
        #expect(began.effect == "pop-style-dismiss" && !began.interactive)
        let t0 = began.t

        let start = try #require(trace.frame(at: t0 + Present.frameTime))
        let f1 = easeInOutFraction(exactFrameTime(start.t - t0) / 0.3)
        #expect(abs(try #require(start.navigationView("Compose")).transform[4] - Present.width * f1) < Present.tolerance)
        #expect(abs(try #require(start.navigationView("Inbox")).transform[4] + Present.width * (1 - f1)) < Present.tolerance)

        let mid = try #require(trace.frame(at: t0 + 0.15))
        #expect(abs(mid.t - t0 - 0.15) < 1e-6)
        #expect(abs(try #require(mid.navigationView("Compose")).transform[4] - 195) < Present.tolerance)
        #expect(abs(try #require(mid.navigationView("Inbox")).transform[4] + 195) < Present.tolerance)

        let moving = trace.frames(after: t0, before: t0 + 0.3)
        #expect(moving.count == 17)
        for frame in moving {
            let f = easeInOutFraction(exactFrameTime(frame.t - t0) / 0.3)
            #expect(abs(try #require(frame.navigationView("Compose")).transform[4] - Present.width * f) < Present.tolerance, "t = \(frame.t)")
            #expect(abs(try #require(frame.navigationView("Inbox")).transform[4] + Present.width * (1 - f)) < Present.tolerance, "t = \(frame.t)")
        }

        let completed = try #require(trace.event("completed", "dismiss"))
        #expect(abs(completed.t - t0 - 0.3) < 1e-6)
        let end = try #require(trace.frame(at: t0 + 0.3))
        #expect(end.navigationView("Compose") == nil)
        #expect(try #require(end.navigationView("Inbox")).transform == [1, 0, 0, 1, 0, 0])
        #expect(end.presented.isEmpty)
        #expect(end.stack == ["Inbox"])
        expectCleanPresent(result)
    }

    /// Inside a presented stack of two, a left-edge swipe is the navigation controller's
    /// own pop: the edge pan of pop-style-dismiss waits for it to fail, and it does not.
    @Test func edgeSwipePopsInsideAPresentedStackOfTwo() throws {
        let result = try playPresent([pushStylePresentStep, #"{"wait": 0.5}"#, #"{"push": {"title": "Detail"}}"#, #"{"wait": 1}"#,
                               dragStep(from: (5, 400), to: (300, 400), hold: 0.1), #"{"wait": 1}"#])
        let trace = result.trace
        let pushed = try #require(trace.event("completed", "push"))
        #expect(try #require(trace.frame(at: pushed.t)).stack == ["Compose", "Detail"])
        let pop = try #require(trace.event("completed", "pop"))
        #expect(trace.event("began", "pop")?.interactive == true)
        #expect(try #require(trace.frame(at: pop.t)).stack == ["Compose"])
        #expect(trace.event("began", "dismiss") == nil, "the edge swipe dismissed: \(trace.events)")
        let settled = try #require(trace.frames.last)
        #expect(settled.presented == ["Compose"])
        #expect(settled.stack == ["Compose"])
        #expect(try #require(settled.navigationView("Compose")).transform == [1, 0, 0, 1, 0, 0])
        expectCleanPresent(result)
    }

    /// With one controller in the presented stack its pop gesture fails, and the same
    /// swipe dismisses the whole navigation controller.
    @Test func edgeSwipeDismissesAPresentedStackOfOne() throws {
        let result = try playPresent([pushStylePresentStep, #"{"wait": 0.5}"#, dragStep(from: (5, 400), to: (300, 400), hold: 0.1)])
        let trace = result.trace
        #expect(trace.event("began", "pop") == nil)
        let began = try #require(trace.event("began", "dismiss"))
        #expect(began.effect == "pop-style-dismiss" && began.interactive)
        #expect(trace.event("completed", "dismiss") != nil)
        let settled = try #require(trace.frames.last)
        #expect(settled.presented.isEmpty)
        #expect(settled.stack == ["Inbox"])
        #expect(settled.navigationView("Compose") == nil)
        #expect(try #require(settled.navigationView("Inbox")).transform == [1, 0, 0, 1, 0, 0])
        expectCleanPresent(result)
    }

    /// progress = translation.x / 390 (from touch-down); finished only above 0.5.
    @Test(arguments: [(0.1, false), (0.49, false), (0.5 - 1 / Present.width, false), (0.5 + 1 / Present.width, true)])
    func edgeSwipeThreshold(progress: Double, finishes: Bool) throws {
        // Touch-down at x = 5 (in the 20-point edge band); present 0…0.3 s, the finger
        // goes down at 0.5 s, moves until 0.8 s, rests until 1.0 s, then lifts.
        let result = try playPresent([pushStylePresentStep, #"{"wait": 0.5}"#, dragStep(from: (5, 400), to: (5 + progress * Present.width, 400))])
        let trace = result.trace
        let began = try #require(trace.event("began", "dismiss"))
        #expect(began.interactive)

        // Held still: the views sit exactly where the finger put them (linear while
        // interactive): presented tx = width·p, presenter tx = −width·(1 − p).
        let held = try #require(trace.frame(at: 0.9))
        #expect(abs(try #require(held.percent) - progress) < 1e-6)
        #expect(abs(try #require(held.navigationView("Compose")).transform[4] - Present.width * progress) < Present.tolerance)
        #expect(abs(try #require(held.navigationView("Inbox")).transform[4] + Present.width * (1 - progress)) < Present.tolerance)

        let ended = try #require(trace.events.last)
        #expect(ended.operation == "dismiss")
        #expect(ended.kind == (finishes ? "completed" : "cancelled"))
        #expect(ended.t > 1 - 1e-9, "ended before the finger lifted")
        let settled = try #require(trace.frames.last)
        #expect(settled.presented == (finishes ? [] : ["Compose"]))
        #expect(settled.stack == (finishes ? ["Inbox"] : ["Compose"]))
        #expect(try #require(settled.navigationView("Inbox")).transform == [1, 0, 0, 1, 0, 0])
        if !finishes {
            #expect(try #require(settled.navigationView("Compose")).transform == [1, 0, 0, 1, 0, 0])
        }
        expectCleanPresent(result)
    }

    /// The dismissal stays where it is when the edge pan begins: the finger's first
    /// movement after `began` moves it. The finger goes down at x = 5 at 0.5 s and moves
    /// 0.3·390 = 117 pt in 18 steps of 6.5 pt.
    @Test func edgeSwipeMovesNothingUntilTheFirstMoveAfterBegan() throws {
        let result = try playPresent([pushStylePresentStep, #"{"wait": 0.5}"#, dragStep(from: (5, 400), to: (122, 400))])
        let trace = result.trace
        let began = try #require(trace.event("began", "dismiss"))
        // Frames are recorded as the clock steps, before that frame's touch: the frame
        // after `began` shows the pan begun, the one after it the next step.
        let steps = ((began.t - 0.5) * 60).rounded()
        let atBegan = try #require(trace.frame(at: began.t + Present.frameTime))
        #expect(atBegan.percent == 0)
        #expect(try #require(atBegan.navigationView("Compose")).transform[4] == 0)
        #expect(try #require(atBegan.navigationView("Inbox")).transform[4] == -Present.width)
        let next = try #require(trace.frame(at: began.t + 2 * Present.frameTime))
        let progress = (steps + 1) * 6.5 / Present.width
        #expect(abs(try #require(next.percent) - progress) < 1e-6)
        #expect(abs(try #require(next.navigationView("Compose")).transform[4] - Present.width * progress) < Present.tolerance)
        expectCleanPresent(result)
    }

    /// The recipe's handler treats a cancelled pan like an ended one: the threshold (0.5)
    /// decides where the system cancelled it.
    @Test(arguments: [(0.3, false), (0.6, true)])
    func edgeSwipeCancelledByTheSystemIsDecidedByTheThreshold(progress: Double, finishes: Bool) throws {
        let result = try playPresent([pushStylePresentStep, #"{"wait": 0.5}"#,
                                      dragStep(from: (5, 400), to: (5 + progress * Present.width, 400), release: #""cancel""#)])
        let trace = result.trace
        let held = try #require(trace.frame(at: 0.9))
        #expect(abs(try #require(held.percent) - progress) < 1e-6)
        let ended = try #require(trace.events.last)
        #expect(ended.operation == "dismiss" && ended.effect == "pop-style-dismiss")
        #expect(ended.kind == (finishes ? "completed" : "cancelled"))
        #expect(ended.t > 1 - 1e-9, "ended before the system cancelled the touch")
        #expect(try #require(trace.frames.last).presented == (finishes ? [] : ["Compose"]))
        expectCleanPresent(result)
    }

    /// offset 0.3 keeps UIKit's push parallax as a variant: the presenter drifts 30 %.
    @Test func offsetParameterGivesThePushParallaxVariant() throws {
        let result = try BuiltInEffects.play("""
        {"screen": {"width": 390, "height": 844, "fps": 60}, "root": {"title": "Inbox"},
         "steps": [\(pushStylePresentStep)]}
        """, parameters: ["push-style-present": ["offset": "0.3"]])
        let mid = try #require(result.trace.frame(at: 0.15))
        #expect(try #require(mid.navigationView("Compose")).transform == [1, 0, 0, 1, 195, 0])
        #expect(try #require(mid.navigationView("Inbox")).transform == [1, 0, 0, 1, -58.5, 0])
        expectCleanPresent(result)
    }
}

// MARK: - bounce-present / normal-dismiss / swipe-dismiss

@Suite struct BouncePresentTests {
    /// The modal's y = height·(1 − spring(t)), spring of 0.8 s with damping ratio 0.6.
    @Test func presentBouncesUpFromBelow() throws {
        let result = try playPresent([bouncePresentStep])
        let trace = result.trace
        let spring = StagehandCore.Spring(duration: 0.8, dampingRatio: 0.6)
        let began = try #require(trace.event("began", "present"))
        #expect(began.effect == "bounce-present" && abs(began.t) < 1e-9)

        // Start: one frame in, the modal is still almost a screen height down.
        let start = try #require(trace.frame(at: Present.frameTime))
        let startView = try #require(start.navigationView("Compose"))
        #expect(abs(startView.frame[1] - Present.height * (1 - spring.value(at: Present.frameTime))) < Present.tolerance)
        #expect(startView.frame[1] > 0.9 * Present.height)

        // Mid-way.
        let mid = try #require(trace.frame(at: 0.4))
        #expect(abs(mid.t - 0.4) < 1e-6)
        #expect(abs(try #require(mid.navigationView("Compose")).frame[1] - Present.height * (1 - spring.value(at: 0.4))) < Present.tolerance)

        // Every frame, and the overshoot: the modal goes above its final place.
        let moving = trace.frames(after: 0, before: 0.8)
        #expect(moving.count == 47)
        var highest = Double.infinity
        for frame in moving {
            let view = try #require(frame.navigationView("Compose"))
            #expect(abs(view.frame[1] - Present.height * (1 - spring.value(at: exactFrameTime(frame.t)))) < Present.tolerance, "t = \(frame.t)")
            #expect(view.frame[0] == 0 && view.frame[2] == Present.width && view.frame[3] == Present.height)
            #expect(view.transform == [1, 0, 0, 1, 0, 0])
            #expect(try #require(frame.navigationView("Inbox")).frame == [0, 0, Present.width, Present.height], "the presenter moved")
            highest = min(highest, view.frame[1])
        }
        #expect(highest < -10, "no overshoot: the highest y was \(highest)")

        // Settled at 0.8 s.
        let completed = try #require(trace.event("completed", "present"))
        #expect(abs(completed.t - 0.8) < 1e-6)
        let end = try #require(trace.frame(at: 0.8))
        #expect(try #require(end.navigationView("Compose")).frame == [0, 0, Present.width, Present.height])
        #expect(end.presented == ["Compose"])
        expectCleanPresent(result)
    }

    /// normal-dismiss: y = height·easeIn(t / 0.3), then the presentation is gone.
    @Test func normalDismissSlidesDownAndEnds() throws {
        let result = try playPresent([bouncePresentStep, #"{"wait": 1}"#, #"{"dismiss": {}}"#])
        let trace = result.trace
        let began = try #require(trace.event("began", "dismiss"))
        #expect(began.effect == "normal-dismiss" && !began.interactive)
        let t0 = began.t
        let moving = trace.frames(after: t0, before: t0 + 0.3)
        #expect(moving.count == 17)
        for frame in moving {
            let f = StagehandCore.TimingCurve.easeIn.progress(at: exactFrameTime(frame.t - t0) / 0.3)
            #expect(abs(try #require(frame.navigationView("Compose")).frame[1] - Present.height * f) < Present.tolerance, "t = \(frame.t)")
        }
        let mid = try #require(trace.frame(at: t0 + 0.15))
        let midY = try #require(mid.navigationView("Compose")).frame[1]
        #expect(midY > 0 && midY < Present.height / 2, "ease-in is behind half way at half time: \(midY)")

        let completed = try #require(trace.event("completed", "dismiss"))
        #expect(abs(completed.t - t0 - 0.3) < 1e-6)
        let end = try #require(trace.frames.last)
        #expect(end.presented.isEmpty)
        #expect(end.stack == ["Inbox"])
        #expect(end.views("Compose").isEmpty)
        #expect(try #require(end.navigationView("Inbox")).frame == [0, 0, Present.width, Present.height])
        expectCleanPresent(result)
    }

    /// fraction = translation.y / 400 (from touch-down); finished only above 0.5.
    @Test(arguments: [(0.1, false), (0.49, false), (0.5 - 1 / 400.0, false), (0.5 + 1 / 400.0, true)])
    func swipeThreshold(progress: Double, finishes: Bool) throws {
        // Present 0…0.8 s; the finger goes down at 1.0 s, moves until 1.3 s, rests
        // until 1.5 s, then lifts.
        let result = try playPresent([bouncePresentStep, #"{"wait": 1}"#, dragStep(from: (195, 200), to: (195, 200 + progress * 400))])
        let trace = result.trace
        let began = try #require(trace.event("began", "dismiss"))
        #expect(began.effect == "swipe-dismiss" && began.interactive)

        // Held still: linear while interactive, so y = height·fraction.
        let held = try #require(trace.frame(at: 1.4))
        #expect(abs(try #require(held.percent) - progress) < 1e-6)
        #expect(abs(try #require(held.navigationView("Compose")).frame[1] - Present.height * progress) < Present.tolerance)

        let ended = try #require(trace.events.last)
        #expect(ended.operation == "dismiss" && ended.effect == "swipe-dismiss")
        #expect(ended.kind == (finishes ? "completed" : "cancelled"))
        #expect(ended.t > 1.5 - 1e-9, "ended before the finger lifted")
        // What is left plays at completion speed 1 − fraction: a cancel takes
        // fraction·0.3 / (1 − fraction) s, a finish (1 − fraction)·0.3 / (1 − fraction) = 0.3 s.
        let rest = finishes ? 0.3 : progress * 0.3 / (1 - progress)
        #expect(abs(ended.t - 1.5 - rest) <= Present.frameTime + 1e-6, "ended at \(ended.t), expected about \(1.5 + rest)")
        let settled = try #require(trace.frames.last)
        #expect(settled.presented == (finishes ? [] : ["Compose"]))
        if !finishes {
            #expect(try #require(settled.navigationView("Compose")).frame == [0, 0, Present.width, Present.height])
        }
        expectCleanPresent(result)
    }

    /// Released at 100 % the completion speed 1 − 1 = 0 reads as 1: the dismissal ends
    /// at once instead of hanging.
    @Test func swipeReleasedAtFullDistanceFinishesWithoutHanging() throws {
        let result = try playPresent([bouncePresentStep, #"{"wait": 1}"#, dragStep(from: (195, 200), to: (195, 650))])
        let trace = result.trace
        let held = try #require(trace.frame(at: 1.4))
        #expect(held.percent == 1)
        #expect(try #require(held.navigationView("Compose")).frame[1] == Present.height)
        let completed = try #require(trace.event("completed", "dismiss"))
        #expect(completed.effect == "swipe-dismiss")
        #expect(completed.t > 1.5 - 1e-9 && completed.t <= 1.5 + Present.frameTime + 1e-6, "completed at \(completed.t)")
        #expect(trace.event("cancelled", "dismiss") == nil)
        let settled = try #require(trace.frames.last)
        #expect(settled.presented.isEmpty)
        #expect(settled.stack == ["Inbox"])
        expectCleanPresent(result)
    }

    /// The swipe-to-dismiss recipe cancels a pan the system cancels, wherever it got.
    @Test func swipeCancelledByTheSystemCancelsEvenPastTheThreshold() throws {
        let result = try playPresent([bouncePresentStep, #"{"wait": 1}"#,
                                      dragStep(from: (195, 200), to: (195, 200 + 0.8 * 400), release: #""cancel""#)])
        let trace = result.trace
        let held = try #require(trace.frame(at: 1.4))
        #expect(abs(try #require(held.percent) - 0.8) < 1e-6)
        let ended = try #require(trace.events.last)
        #expect(ended.operation == "dismiss" && ended.effect == "swipe-dismiss" && ended.kind == "cancelled")
        #expect(ended.t > 1.5 - 1e-9)
        let settled = try #require(trace.frames.last)
        #expect(settled.presented == ["Compose"])
        #expect(try #require(settled.navigationView("Compose")).frame == [0, 0, Present.width, Present.height])
        expectCleanPresent(result)
    }

    /// A sideways drag is not a swipe down: nothing is dismissed.
    @Test func sidewaysDragDoesNotDismiss() throws {
        let result = try playPresent([bouncePresentStep, #"{"wait": 1}"#, dragStep(from: (100, 400), to: (350, 420))])
        #expect(result.trace.event("began", "dismiss") == nil)
        #expect(result.trace.frames.last?.presented == ["Compose"])
        expectCleanPresent(result)
    }

    /// A swipe down on the modal while it is still bouncing up: the host would refuse the
    /// dismissal, so the pan fails rather than begin and swallow the touch for nothing
    /// (`isTransitionInProgress`, ABI 1.1).
    @Test func swipeDoesNotBeginWhileThePresentationRuns() throws {
        let stage = Stage(screen: Size(width: Present.width, height: Present.height), framesPerSecond: 60)
        let coordinator = Coordinator(library: BuiltInEffects.library, stage: stage)
        coordinator.setRoot(coordinator.makeNavigationController(root: ViewController(title: "Inbox")))
        _ = try coordinator.present(ViewController(title: "Compose"), effect: "bounce-present",
                                    dismissal: "normal-dismiss", interactiveDismissal: "swipe-dismiss")
        stage.advance(by: 0.3)
        #expect(stage.isTransitioning, "the presentation (0.8 s) still runs")
        let pan = try #require(stage.window.allViewsBackToFront.flatMap(\.gestureRecognizers)
            .first { type(of: $0) == PanGestureRecognizer.self })
        // Down from the middle of the modal, which is most of the way up by now.
        stage.window.send(Touch(id: 1, phase: .began, location: Point(x: 200, y: 600), timestamp: stage.now))
        for i in 1...6 {
            stage.step()
            stage.window.send(Touch(id: 1, phase: .moved, location: Point(x: 200, y: 600 + 20 * Double(i)), timestamp: stage.now))
        }
        #expect(pan.state == .failed)
        stage.window.send(Touch(id: 1, phase: .ended, location: Point(x: 200, y: 720), timestamp: stage.now))
        stage.settle(limit: 10)
        #expect(stage.window.topViewController?.title == "Compose", "still presented")
        #expect(stage.diagnostics.filter { $0.severity != .note }.isEmpty)
    }
}
