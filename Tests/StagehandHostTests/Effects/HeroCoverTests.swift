import StagehandTestSupport
import Testing
import StagehandCore
@testable import StagehandHost

// cover, uncover and pull (libHero.so), direction left (the default), pushed and popped,
// presented and dismissed. The poses are Hero's: a page coming in over another starts
// one width to the right and casts a shadow growing to 0.5; the page it covers darkens
// under a black overlay growing to 0.1; the way back plays the reverse animation to the
// right (cover ↔ uncover, pull ↔ push) on its own curve.

private let w = Hero.width

/// cover left: the incoming page from tx = w to 0 on top, shadow 0 → 0.5; the old page
/// stays and darkens 0 → 0.1; deceleration.
private let coverLeft = HeroExpectedMotion(
    toOnTop: true, curve: Hero.deceleration,
    from: { f in HeroExpectedPose(dim: 0.1 * f) },
    to: { f in HeroExpectedPose(tx: w * (1 - f), shadow: 0.5 * f) })

/// uncover right (cover's way back): the top page leaves to tx = w, shadow 0.5 → 0; the
/// page beneath brightens 0.1 → 0; standard.
private let uncoverRight = HeroExpectedMotion(
    toOnTop: false, curve: Hero.standard,
    from: { f in HeroExpectedPose(tx: w * f, shadow: 0.5 * (1 - f)) },
    to: { f in HeroExpectedPose(dim: 0.1 * (1 - f)) })

/// uncover left: the old page leaves to tx = −w over the new one.
private let uncoverLeft = HeroExpectedMotion(
    toOnTop: false, curve: Hero.standard,
    from: { f in HeroExpectedPose(tx: -w * f, shadow: 0.5 * (1 - f)) },
    to: { f in HeroExpectedPose(dim: 0.1 * (1 - f)) })

/// cover right (uncover's way back): the page comes in from tx = −w.
private let coverRight = HeroExpectedMotion(
    toOnTop: true, curve: Hero.deceleration,
    from: { f in HeroExpectedPose(dim: 0.1 * f) },
    to: { f in HeroExpectedPose(tx: -w * (1 - f), shadow: 0.5 * f) })

/// pull left: the old page leaves to tx = −w with its shadow fading; the new one comes
/// from a third of the width (tx = w/3) beneath, brightening from 0.1; standard.
private let pullLeft = HeroExpectedMotion(
    toOnTop: false, curve: Hero.standard,
    from: { f in HeroExpectedPose(tx: -w * f, shadow: 0.5 * (1 - f)) },
    to: { f in HeroExpectedPose(tx: w / 3 * (1 - f), dim: 0.1 * (1 - f)) })

/// push right (pull's way back): the page comes in from tx = −w on top, shadow growing;
/// the old one drifts a third of the width right (tx = w/3) and darkens; deceleration.
private let pushRight = HeroExpectedMotion(
    toOnTop: true, curve: Hero.deceleration,
    from: { f in HeroExpectedPose(tx: w / 3 * f, dim: 0.1 * f) },
    to: { f in HeroExpectedPose(tx: -w * (1 - f), shadow: 0.5 * f) })

@Suite struct HeroCoverTests {
    @Test func coverPushesOverAndPopsByUncovering() throws {
        try expectHeroRoute("cover", .navigation, forward: coverLeft, back: uncoverRight)
    }

    @Test func coverPresentsOverAndDismissesByUncovering() throws {
        try expectHeroRoute("cover", .modal, forward: coverLeft, back: uncoverRight)
    }

    @Test func uncoverPushesByUncoveringAndPopsByCovering() throws {
        try expectHeroRoute("uncover", .navigation, forward: uncoverLeft, back: coverRight)
    }

    @Test func uncoverPresentsByUncoveringAndDismissesByCovering() throws {
        try expectHeroRoute("uncover", .modal, forward: uncoverLeft, back: coverRight)
    }

    @Test func pullPushesByPullingAndPopsByPushing() throws {
        try expectHeroRoute("pull", .navigation, forward: pullLeft, back: pushRight)
    }

    @Test func pullPresentsByPullingAndDismissesByPushing() throws {
        try expectHeroRoute("pull", .modal, forward: pullLeft, back: pushRight)
    }
}
