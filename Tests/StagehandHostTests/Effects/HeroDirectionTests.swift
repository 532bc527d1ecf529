import StagehandTestSupport
import Testing
import StagehandCore
@testable import StagehandHost

// The direction parameter of the Hero effects (libHero.so): the four ways, the way back
// turned round, a bad value refused by the factory with a line naming the parameter;
// and what the manifest declares.

private let w = Hero.width
private let h = Hero.height

/// cover in `direction`: the new page starts one screen away (`dx`, `dy` in screens)
/// and comes to rest; its way back (uncover the opposite way) takes the top page off
/// to where it came from.
private func cover(dx: Double, dy: Double) -> (HeroExpectedMotion, HeroExpectedMotion) {
    let forward = HeroExpectedMotion(
        toOnTop: true, curve: Hero.deceleration,
        from: { f in HeroExpectedPose(dim: 0.1 * f) },
        to: { f in HeroExpectedPose(tx: dx * w * (1 - f), ty: dy * h * (1 - f), shadow: 0.5 * f) })
    let back = HeroExpectedMotion(
        toOnTop: false, curve: Hero.standard,
        from: { f in HeroExpectedPose(tx: dx * w * f, ty: dy * h * f, shadow: 0.5 * (1 - f)) },
        to: { f in HeroExpectedPose(dim: 0.1 * (1 - f)) })
    return (forward, back)
}

@Suite struct HeroDirectionTests {
    /// up: in from below (ty = h); down: from above (ty = −h); right: from the left
    /// (tx = −w); left: from the right (tx = w).
    @Test(arguments: [("up", 0.0, 1.0), ("down", 0.0, -1.0), ("right", -1.0, 0.0), ("left", 1.0, 0.0)])
    func coverComesFromTheSideItsDirectionSays(direction: String, dx: Double, dy: Double) throws {
        let (forward, back) = cover(dx: dx, dy: dy)
        try expectHeroRoute("cover", .navigation, forward: forward, back: back, parameters: ["direction": direction])
        try expectHeroRoute("cover", .modal, forward: forward, back: back, parameters: ["direction": direction])
    }

    /// slide up: both pages move up a screen; the way back moves them down.
    @Test func slideUpMovesBothPagesVertically() throws {
        let up = HeroExpectedMotion(toOnTop: true, curve: Hero.standard,
                                    from: { f in HeroExpectedPose(ty: -h * f) },
                                    to: { f in HeroExpectedPose(ty: h * (1 - f)) })
        let down = HeroExpectedMotion(toOnTop: true, curve: Hero.standard,
                                      from: { f in HeroExpectedPose(ty: h * f) },
                                      to: { f in HeroExpectedPose(ty: -h * (1 - f)) })
        try expectHeroRoute("slide", .modal, forward: up, back: down, parameters: ["direction": "up"])
    }

    /// A direction not one of the four declared choices: the host refuses it before the
    /// factory runs, naming the parameter and the choices, and the push runs with the
    /// system animation.
    @Test func aBadDirectionIsRefusedNamingTheParameter() throws {
        let result = try playHero("page-in", .navigation, parameters: ["direction": "sideways"])
        let lines = result.stage.diagnostics.map(\.description)
        #expect(lines.contains { $0.contains("page-in") && $0.contains("parameter direction") && $0.contains(#""sideways""#)
                    && $0.contains("expected one of left, right, up, down") }, "\(lines)")
        let errors = result.trace.events.filter { $0.kind == "error" && $0.operation == "push" }
        #expect(errors.contains { $0.message?.contains("the push uses the system animation instead") == true }, "\(errors)")
        #expect(result.trace.events.contains { $0.kind == "completed" && $0.operation == "push" && $0.effect == "system-push" })
        expectSettled(result)
    }

    /// Every Hero effect plays all four operations, is listed in the Hero family, with
    /// Hero's duration and (where it moves one way) a direction, left by default.
    @Test func theManifestDeclaresKindAnyAndTheParameters() throws {
        let library = BuiltInEffects.library
        let directional = ["cover", "uncover", "slide", "zoom-slide", "page-in", "page-out", "pull"]
        for name in directional + ["fade", "zoom", "zoom-out"] {
            let effect = try library.effect(named: name)
            #expect(effect.kind == .any && !effect.interactive, "\(name)")
            #expect(effect.bundlePath.hasSuffix("libHero.so"), "\(name)")
            #expect(effect.family == "Hero" && effect.origin == "Hero", "\(name)")
            let duration = try #require(effect.parameters.first { $0.name == "duration" }, "\(name)")
            #expect(duration.defaultValue == .double(0.35) && duration.minimum == .double(0.01) && duration.maximum == .double(10), "\(name)")
            let direction = effect.parameters.first { $0.name == "direction" }
            if directional.contains(name) {
                #expect(direction?.type == .string && direction?.defaultValue == .string("left"), "\(name)")
                #expect(effect.parameters.map(\.name) == ["direction", "duration"], "\(name)")
            } else {
                #expect(direction == nil && effect.parameters.count == 1, "\(name)")
            }
        }
    }
}
