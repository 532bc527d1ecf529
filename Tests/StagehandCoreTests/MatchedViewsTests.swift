import Testing
@testable import StagehandCore

/// An animator that remembers the pairs its context offers and, before completing,
/// does what `meddle` says to the scene (a matched effect hides, moves and fades views).
final class PairRecordingAnimator: AnimatedTransitioning {
    var pairs: [MatchedPair] = []
    var meddle: (TransitionContext) -> Void = { _ in }
    func transitionDuration(using context: TransitionContext?) -> Double { 0.3 }
    func animateTransition(using context: TransitionContext) {
        pairs = context.matchedPairs
        let to = context.viewController(forKey: .to).view
        context.containerView.addSubview(to)
        meddle(context)
        View.animate(withDuration: 0.3, animations: { to.alpha = 1 }, completion: { _ in
            context.completeTransition(!context.transitionWasCancelled)
        })
    }
}

/// Each matching rule of Documentation/MatchedViews.md, on a navigation push from a list
/// screen `A` to a detail screen `B` (390 × 844, both full screen).
@Suite struct MatchedViewsTests {
    /// A view named `name` with identifier `id` at `frame`, added to `parent`.
    @discardableResult
    static func add(_ name: String, _ id: String?, _ frame: Rect, to parent: View) -> View {
        let v = View(frame: frame, kind: .panel, label: name)
        v.matchID = id
        v.backgroundColor = .white
        parent.addSubview(v)
        return v
    }

    /// Pushes `b` on a stack holding `a` with a recording animator; the pairs it saw.
    static func push(_ a: ViewController, _ b: ViewController, meddle: @escaping (TransitionContext) -> Void = { _ in })
        -> (Stage, NavigationController, PairRecordingAnimator) {
        let stage = Stage(screen: Size(width: 390, height: 844), framesPerSecond: 60)
        let nav = NavigationController(rootViewController: a)
        stage.window.rootViewController = nav
        let animator = PairRecordingAnimator()
        animator.meddle = meddle
        let delegate = FixedDelegate(animator)
        nav.delegate = delegate
        nav.pushViewController(b, animated: true)
        #expect(stage.settle())
        _ = delegate
        return (stage, nav, animator)
    }

    @Test func pairsComeInTheDestinationsDepthFirstOrderWithBothFramesInTheContainer() {
        let a = ViewController(title: "A"), b = ViewController(title: "B")
        Self.add("a-title", "title", Rect(x: 16, y: 60, width: 200, height: 30), to: a.view)
        let row = Self.add("row", nil, Rect(x: 0, y: 200, width: 390, height: 52), to: a.view)
        Self.add("thumb", "photo", Rect(x: 12, y: 12, width: 28, height: 28), to: row)
        let header = Self.add("header", nil, Rect(x: 0, y: 0, width: 390, height: 300), to: b.view)
        Self.add("picture", "photo", Rect(x: 16, y: 60, width: 358, height: 220), to: header)
        Self.add("b-title", "title", Rect(x: 16, y: 320, width: 358, height: 30), to: b.view)
        let (_, _, animator) = Self.push(a, b)
        // B's walk meets the picture (inside the header) before its title.
        #expect(animator.pairs.map(\.identifier) == ["photo", "title"])
        let photo = animator.pairs[0]
        #expect(photo.source.view.label == "thumb" && photo.destination.view.label == "picture")
        #expect(photo.source.frame == Rect(x: 12, y: 212, width: 28, height: 28))
        #expect(photo.destination.frame == Rect(x: 16, y: 60, width: 358, height: 220))
        #expect(animator.pairs[1].source.frame == Rect(x: 16, y: 60, width: 200, height: 30))
    }

    @Test func aViewOutsideTheContainersBoundsIsNotMatchedButOnePartlyInsideIs() {
        let a = ViewController(title: "A"), b = ViewController(title: "B")
        Self.add("far", "far", Rect(x: 400, y: 100, width: 50, height: 50), to: a.view)
        Self.add("edge", "edge", Rect(x: 380, y: 100, width: 50, height: 50), to: a.view)
        // Below the screen, in a list scrolled away.
        Self.add("below", "below", Rect(x: 0, y: 900, width: 50, height: 50), to: b.view)
        for id in ["far", "edge", "below"] { Self.add("b-\(id)", id, Rect(x: 10, y: 10, width: 10, height: 10), to: b.view) }
        Self.add("a-below", "below", Rect(x: 0, y: 100, width: 50, height: 50), to: a.view)
        let (stage, _, animator) = Self.push(a, b)
        #expect(animator.pairs.map(\.identifier) == ["edge", "below"])
        // The view below B's screen is not a candidate, so "below" is no duplicate.
        #expect(!stage.diagnostics.contains { $0.message.contains("match identifier") })
    }

    @Test func hiddenViewsAndViewsInsideHiddenOnesAreNotMatchedTransparentOnesAre() {
        let a = ViewController(title: "A"), b = ViewController(title: "B")
        Self.add("hidden", "h", Rect(x: 0, y: 100, width: 50, height: 50), to: a.view).isHidden = true
        let box = Self.add("box", nil, Rect(x: 0, y: 200, width: 100, height: 100), to: a.view)
        box.isHidden = true
        Self.add("inside", "i", Rect(x: 0, y: 0, width: 50, height: 50), to: box)
        let clear = Self.add("clear", "c", Rect(x: 0, y: 400, width: 50, height: 50), to: a.view)
        clear.alpha = 0
        for id in ["h", "i", "c"] { Self.add("b-\(id)", id, Rect(x: 10, y: 10, width: 10, height: 10), to: b.view) }
        let (_, _, animator) = Self.push(a, b)
        #expect(animator.pairs.map(\.identifier) == ["c"])
        #expect(animator.pairs.first?.source.opacity == 0)
        #expect(animator.pairs.first?.source.isOpaque == false)
        #expect(animator.pairs.first?.destination.isOpaque == true)
    }

    @Test func aDuplicateIdentifierIsSaidOnceNamingBothViewsAndMatchesNeither() {
        let a = ViewController(title: "A"), b = ViewController(title: "B")
        // A reused cell kept a stale identifier: two rows carry "mail-3".
        Self.add("row 3", "mail-3", Rect(x: 0, y: 100, width: 390, height: 52), to: a.view)
        Self.add("row 7", "mail-3", Rect(x: 0, y: 300, width: 390, height: 52), to: a.view)
        Self.add("title", "t", Rect(x: 0, y: 400, width: 390, height: 52), to: a.view)
        Self.add("picture", "mail-3", Rect(x: 0, y: 60, width: 390, height: 200), to: b.view)
        Self.add("b-title", "t", Rect(x: 0, y: 400, width: 390, height: 52), to: b.view)
        let (stage, _, animator) = Self.push(a, b)
        #expect(animator.pairs.map(\.identifier) == ["t"])
        let said = stage.diagnostics.filter { $0.message.contains("match identifier") }
        #expect(said.count == 1)
        #expect(said.first?.severity == .warning)
        #expect(said.first?.message == "match identifier 'mail-3' is carried by 'row 3' and 'row 7' in the outgoing screen (A); neither is matched")
    }

    @Test func nestedMatchedViewsMakeAPairEachOuterFirst() {
        let a = ViewController(title: "A"), b = ViewController(title: "B")
        let card = Self.add("card", "card", Rect(x: 20, y: 100, width: 200, height: 100), to: a.view)
        Self.add("avatar", "avatar", Rect(x: 10, y: 10, width: 40, height: 40), to: card)
        let page = Self.add("page", "card", Rect(x: 0, y: 0, width: 390, height: 844), to: b.view)
        Self.add("big avatar", "avatar", Rect(x: 20, y: 80, width: 120, height: 120), to: page)
        let (_, _, animator) = Self.push(a, b)
        #expect(animator.pairs.map(\.identifier) == ["card", "avatar"])
        #expect(animator.pairs[1].source.frame == Rect(x: 30, y: 110, width: 40, height: 40))
    }

    @Test func aViewInAClippingScaledAncestorIsMeasuredThroughTheTransformAndUnclipped() {
        let a = ViewController(title: "A"), b = ViewController(title: "B")
        // A 100 × 100 box at (100, 100), scaled by 2 about its centre (150, 150): its
        // bounds cover (50, 50)–(250, 250). It clips; the child sticks out of it.
        let box = Self.add("box", nil, Rect(x: 100, y: 100, width: 100, height: 100), to: a.view)
        box.clipsToBounds = true
        box.transform = Transform2D(scaleX: 2, y: 2)
        let child = Self.add("child", "x", Rect(x: 80, y: 10, width: 40, height: 20), to: box)
        child.cornerRadius = 6
        Self.add("b-x", "x", Rect(x: 0, y: 0, width: 10, height: 10), to: b.view)
        let (_, _, animator) = Self.push(a, b)
        // (80, 10) in the box maps to 50 + 2·80 = 210, 50 + 2·10 = 70; size doubles.
        #expect(animator.pairs.first?.source.frame == Rect(x: 210, y: 70, width: 80, height: 40))
        #expect(animator.pairs.first?.source.cornerRadius == 6)
    }

    @Test func matchedViewsAnEffectMovedOrRemovedAreBackInPlaceWhenTheTransitionEnds() {
        let a = ViewController(title: "A"), b = ViewController(title: "B")
        let thumb = Self.add("thumb", "p", Rect(x: 10, y: 100, width: 40, height: 40), to: a.view)
        Self.add("after", nil, Rect(x: 10, y: 200, width: 40, height: 40), to: a.view)
        let picture = Self.add("picture", "p", Rect(x: 0, y: 60, width: 390, height: 200), to: b.view)
        let (_, _, animator) = Self.push(a, b) { context in
            // Mid-flight: the source leaves its screen, the destination flies in the
            // container, both hidden or faded.
            thumb.removeFromSuperview()
            thumb.alpha = 0
            context.containerView.addSubview(picture)
            picture.frame = Rect(x: 10, y: 100, width: 40, height: 40)
            picture.isHidden = true
        }
        #expect(animator.pairs.count == 1)
        #expect(thumb.superview === a.view && a.view.subviews.first === thumb && thumb.alpha == 1)
        #expect(picture.superview === b.view && picture.frame == Rect(x: 0, y: 60, width: 390, height: 200) && !picture.isHidden)
    }

    /// What a cancel must put back: every view's frame, transform, alpha, parent, place
    /// and identifier, for both screens.
    static func signature(_ root: View) -> [String] {
        root.allViewsBackToFront.map { v in
            let place = v.superview?.subviews.firstIndex { $0 === v } ?? -1
            return "\(v.displayName) in \(v.superview?.displayName ?? "-")[\(place)] \(v.model.frame) \(v.model.transform3D) \(v.model.alpha) \(v.model.isHidden) \(v.matchID ?? "-")"
        }
    }

    @Test func aCancelledTransitionLeavesEveryViewExactlyAsItWas() {
        let stage = Stage(screen: Size(width: 390, height: 844), framesPerSecond: 60)
        let a = ViewController(title: "A"), b = ViewController(title: "B")
        let nav = NavigationController(rootViewController: a)
        stage.window.rootViewController = nav
        nav.pushViewController(b, animated: false)
        let row = Self.add("row", "p", Rect(x: 0, y: 100, width: 390, height: 52), to: a.view)
        Self.add("icon", "i", Rect(x: 12, y: 12, width: 28, height: 28), to: row)
        let picture = Self.add("picture", "p", Rect(x: 0, y: 60, width: 390, height: 200), to: b.view)
        Self.add("caption", nil, Rect(x: 0, y: 300, width: 390, height: 30), to: b.view)
        let before = (Self.signature(a.view), Self.signature(b.view))

        let animator = PairRecordingAnimator()
        animator.meddle = { context in
            // Everything an effect might do to the views it flies.
            picture.removeFromSuperview()
            context.containerView.addSubview(picture)
            picture.transform = Transform2D(scaleX: 0.5, y: 0.5)
            row.alpha = 0.2
            row.subviews[0].matchID = "changed"
            row.subviews[0].frame = Rect(x: 1, y: 2, width: 3, height: 4)
            b.view.addSubview(View(frame: Rect(x: 0, y: 0, width: 5, height: 5)))
        }
        let driver = PercentDrivenInteractiveTransition()
        let delegate = FixedDelegate(animator, driver)
        nav.delegate = delegate
        nav.popViewController(animated: true)
        stage.step()
        driver.update(0.4)
        stage.step()
        driver.cancel()
        #expect(stage.settle())
        #expect(stage.transitionEvents.last?.kind == .cancelled)
        #expect(animator.pairs.map(\.identifier) == ["p"])
        #expect(Self.signature(a.view) == before.0)
        #expect(Self.signature(b.view) == before.1)
        _ = delegate
    }
}
