import StagehandSDK

/// Hero's default animations (`HeroDefaultAnimationType`), the one Stagehand plays for
/// a push or a presentation. The way back (a pop, a dismissal) plays `reversed`, as
/// Hero's `autoReverse(presenting:)` does: cover ↔ uncover, push ↔ pull, page-in ↔
/// page-out, zoom ↔ zoom-out, each with the direction turned round.
enum HeroAnimation: Equatable {
    case push(HeroDirection)
    case pull(HeroDirection)
    case cover(HeroDirection)
    case uncover(HeroDirection)
    case slide(HeroDirection)
    case zoomSlide(HeroDirection)
    case pageIn(HeroDirection)
    case pageOut(HeroDirection)
    case fade
    case zoom
    case zoomOut

    /// The shadow a moving page casts on the one it passes: Hero's `shadowOpacity(0.5)`,
    /// radius 5, black, no offset.
    static let shadow = 0.5
    static let shadowRadius = 5.0
    /// The darkening of the page underneath (Hero's black overlay at 0.1).
    static let dim = 0.1
    /// How far the page underneath moves in a push or a pull: a third of the way.
    static let parallax = 1.0 / 3
    /// The scales Hero uses: a page left behind shrinks to 0.7, a sliding one to 0.8, a
    /// zooming one grows to 1.3.
    static let pageScale = 0.7
    static let slideScale = 0.8
    static let zoomScale = 1.3

    /// The animation of the way back.
    var reversed: HeroAnimation {
        switch self {
        case .push(let d): return .pull(d.opposite)
        case .pull(let d): return .push(d.opposite)
        case .cover(let d): return .uncover(d.opposite)
        case .uncover(let d): return .cover(d.opposite)
        case .slide(let d): return .slide(d.opposite)
        case .zoomSlide(let d): return .zoomSlide(d.opposite)
        case .pageIn(let d): return .pageOut(d.opposite)
        case .pageOut(let d): return .pageIn(d.opposite)
        case .fade: return .fade
        case .zoom: return .zoomOut
        case .zoomOut: return .zoom
        }
    }

    /// The poses on a container of `size`. An appearing view goes from its start pose to
    /// rest, a disappearing one from rest to its end pose; a page that moves over or off
    /// the other casts the shadow, which grows as it comes in and fades as it goes.
    func motion(in size: Size) -> HeroMotion {
        var m = HeroMotion()
        let casting = HeroPose(shadow: Self.shadow)
        let dimmed = HeroPose(dim: Self.dim)
        switch self {
        case .push(let d):
            m.toStart = HeroPose.identity.translated(d.offset(appearing: true, in: size))
            m.toEnd = casting
            let away = d.offset(appearing: false, in: size)
            m.fromEnd = dimmed.translated(Point(x: away.x * Self.parallax, y: away.y * Self.parallax))
            m.curve = HeroCurve.deceleration
        case .pull(let d):
            m.toOnTop = false
            m.fromStart = casting
            m.fromEnd = HeroPose.identity.translated(d.offset(appearing: false, in: size))
            let from = d.offset(appearing: true, in: size)
            m.toStart = dimmed.translated(Point(x: from.x * Self.parallax, y: from.y * Self.parallax))
        case .cover(let d):
            m.toStart = HeroPose.identity.translated(d.offset(appearing: true, in: size))
            m.toEnd = casting
            m.fromEnd = dimmed
            m.curve = HeroCurve.deceleration
        case .uncover(let d):
            m.toOnTop = false
            m.fromStart = casting
            m.fromEnd = HeroPose.identity.translated(d.offset(appearing: false, in: size))
            m.toStart = dimmed
        case .slide(let d):
            m.fromEnd = HeroPose.identity.translated(d.offset(appearing: false, in: size))
            m.toStart = HeroPose.identity.translated(d.offset(appearing: true, in: size))
        case .zoomSlide(let d):
            m.fromEnd = HeroPose.identity.translated(d.offset(appearing: false, in: size), scale: Self.slideScale)
            m.toStart = HeroPose.identity.translated(d.offset(appearing: true, in: size), scale: Self.slideScale)
        case .pageIn(let d):
            m.toStart = HeroPose.identity.translated(d.offset(appearing: true, in: size))
            m.toEnd = casting
            m.fromEnd = dimmed.translated(Point(x: 0, y: 0), scale: Self.pageScale)
            m.curve = HeroCurve.deceleration
        case .pageOut(let d):
            m.toOnTop = false
            m.fromStart = casting
            m.fromEnd = HeroPose.identity.translated(d.offset(appearing: false, in: size))
            m.toStart = dimmed.translated(Point(x: 0, y: 0), scale: Self.pageScale)
        case .fade:
            m.toStart.alpha = 0
        case .zoom:
            m.toOnTop = false
            m.fromEnd = HeroPose(scale: Self.zoomScale, alpha: 0)
            m.toStart = HeroPose(scale: Self.pageScale)
        case .zoomOut:
            m.toStart = HeroPose(scale: Self.zoomScale, alpha: 0)
            m.fromEnd = HeroPose(scale: Self.pageScale)
        }
        return m
    }
}
