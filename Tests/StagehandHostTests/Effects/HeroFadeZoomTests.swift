import StagehandTestSupport
import Testing
import StagehandCore
@testable import StagehandHost

// fade, zoom and zoom-out (libHero.so): no direction, both ways on a navigation
// controller and a presentation, Hero's standard curve. fade brings the new page in
// over the old from alpha 0 (and back the same way); zoom grows the old page to 1.3 as
// it fades while the new one grows from 0.7 beneath; zoom-out is its reverse, and each
// is the other's way back.

/// fade: the new page on top, alpha 0 → 1; the old one untouched.
private let fade = HeroExpectedMotion(
    toOnTop: true, curve: Hero.standard,
    from: { _ in HeroExpectedPose() },
    to: { f in HeroExpectedPose(alpha: f) })

/// zoom: the old page on top grows 1 → 1.3 and fades 1 → 0; the new one 0.7 → 1.
private let zoom = HeroExpectedMotion(
    toOnTop: false, curve: Hero.standard,
    from: { f in HeroExpectedPose(scale: 1 + 0.3 * f, alpha: 1 - f) },
    to: { f in HeroExpectedPose(scale: 0.7 + 0.3 * f) })

/// zoom-out: the new page on top shrinks 1.3 → 1 and shows 0 → 1; the old one 1 → 0.7.
private let zoomOut = HeroExpectedMotion(
    toOnTop: true, curve: Hero.standard,
    from: { f in HeroExpectedPose(scale: 1 - 0.3 * f) },
    to: { f in HeroExpectedPose(scale: 1.3 - 0.3 * f, alpha: f) })

@Suite struct HeroFadeZoomTests {
    @Test func fadeBringsTheNewPageInOverTheOld() throws {
        try expectHeroRoute("fade", .navigation, forward: fade, back: fade)
        try expectHeroRoute("fade", .modal, forward: fade, back: fade)
    }

    @Test func zoomGrowsTheOldPageAwayAndZoomsOutOnTheWayBack() throws {
        try expectHeroRoute("zoom", .navigation, forward: zoom, back: zoomOut)
        try expectHeroRoute("zoom", .modal, forward: zoom, back: zoomOut)
    }

    @Test func zoomOutShrinksTheNewPageIntoPlaceAndZoomsOnTheWayBack() throws {
        try expectHeroRoute("zoom-out", .navigation, forward: zoomOut, back: zoom)
        try expectHeroRoute("zoom-out", .modal, forward: zoomOut, back: zoom)
    }

    /// The duration is a parameter: a fade of 0.6 s ends at 0.6 s, half-way in time.
    @Test func theDurationIsAParameter() throws {
        let result = try playHero("fade", .navigation, parameters: ["duration": "0.6"])
        try expectHeroTransition(result, "fade", "push", from: "Inbox", to: "Article", fade, duration: 0.6)
        try expectHeroTransition(result, "fade", "pop", from: "Article", to: "Inbox", fade, duration: 0.6)
        expectSettled(result)
    }
}
