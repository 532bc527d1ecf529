import StagehandTestSupport
import Testing
import StagehandCore
@testable import StagehandHost

// slide, zoom-slide, page-in and page-out (libHero.so), direction left, both ways on a
// navigation controller and a presentation. slide moves both pages a full width
// together; zoom-slide also shrinks each to 0.8 while it is away (the translation is in
// full points: scale, then translate); page-in brings the new page over the old one,
// which shrinks to 0.7 and darkens; page-out is its reverse. Standard curve, except
// page-in (deceleration).

private let w = Hero.width

/// slide left: the old page to tx = −w, the new one from tx = w, on top.
private let slideLeft = HeroExpectedMotion(
    toOnTop: true, curve: Hero.standard,
    from: { f in HeroExpectedPose(tx: -w * f) },
    to: { f in HeroExpectedPose(tx: w * (1 - f)) })

/// slide right (the way back).
private let slideRight = HeroExpectedMotion(
    toOnTop: true, curve: Hero.standard,
    from: { f in HeroExpectedPose(tx: w * f) },
    to: { f in HeroExpectedPose(tx: -w * (1 - f)) })

/// zoom-slide left: as slide left, the scale going 1 → 0.8 (old) and 0.8 → 1 (new).
private let zoomSlideLeft = HeroExpectedMotion(
    toOnTop: true, curve: Hero.standard,
    from: { f in HeroExpectedPose(tx: -w * f, scale: 1 - 0.2 * f) },
    to: { f in HeroExpectedPose(tx: w * (1 - f), scale: 0.8 + 0.2 * f) })

private let zoomSlideRight = HeroExpectedMotion(
    toOnTop: true, curve: Hero.standard,
    from: { f in HeroExpectedPose(tx: w * f, scale: 1 - 0.2 * f) },
    to: { f in HeroExpectedPose(tx: -w * (1 - f), scale: 0.8 + 0.2 * f) })

/// page-in left: the new page from tx = w over the old, shadow 0 → 0.5; the old page
/// shrinks 1 → 0.7 and darkens 0 → 0.1; deceleration.
private let pageInLeft = HeroExpectedMotion(
    toOnTop: true, curve: Hero.deceleration,
    from: { f in HeroExpectedPose(scale: 1 - 0.3 * f, dim: 0.1 * f) },
    to: { f in HeroExpectedPose(tx: w * (1 - f), shadow: 0.5 * f) })

/// page-out right (page-in's way back): the top page leaves to tx = w, shadow 0.5 → 0;
/// the one beneath grows 0.7 → 1 and brightens 0.1 → 0; standard.
private let pageOutRight = HeroExpectedMotion(
    toOnTop: false, curve: Hero.standard,
    from: { f in HeroExpectedPose(tx: w * f, shadow: 0.5 * (1 - f)) },
    to: { f in HeroExpectedPose(scale: 0.7 + 0.3 * f, dim: 0.1 * (1 - f)) })

private let pageOutLeft = HeroExpectedMotion(
    toOnTop: false, curve: Hero.standard,
    from: { f in HeroExpectedPose(tx: -w * f, shadow: 0.5 * (1 - f)) },
    to: { f in HeroExpectedPose(scale: 0.7 + 0.3 * f, dim: 0.1 * (1 - f)) })

private let pageInRight = HeroExpectedMotion(
    toOnTop: true, curve: Hero.deceleration,
    from: { f in HeroExpectedPose(scale: 1 - 0.3 * f, dim: 0.1 * f) },
    to: { f in HeroExpectedPose(tx: -w * (1 - f), shadow: 0.5 * f) })

@Suite struct HeroSlideTests {
    @Test func slideMovesBothPagesOneWayAndBackTheOther() throws {
        try expectHeroRoute("slide", .navigation, forward: slideLeft, back: slideRight)
        try expectHeroRoute("slide", .modal, forward: slideLeft, back: slideRight)
    }

    @Test func zoomSlideShrinksThePagesWhileTheySlide() throws {
        try expectHeroRoute("zoom-slide", .navigation, forward: zoomSlideLeft, back: zoomSlideRight)
        try expectHeroRoute("zoom-slide", .modal, forward: zoomSlideLeft, back: zoomSlideRight)
    }

    @Test func pageInCoversAShrinkingPageAndPagesOutOnTheWayBack() throws {
        try expectHeroRoute("page-in", .navigation, forward: pageInLeft, back: pageOutRight)
        try expectHeroRoute("page-in", .modal, forward: pageInLeft, back: pageOutRight)
    }

    @Test func pageOutRevealsAGrowingPageAndPagesInOnTheWayBack() throws {
        try expectHeroRoute("page-out", .navigation, forward: pageOutLeft, back: pageInRight)
        try expectHeroRoute("page-out", .modal, forward: pageOutLeft, back: pageInRight)
    }
}
