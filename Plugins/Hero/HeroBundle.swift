import StagehandSDK

// The effects of libHero.so, each declared once, and the C symbols the host looks up:
// the bundle's entry and one factory per effect.

/// Hero's default animations, one effect each, all of kind `any`: a push or a
/// presentation plays the animation, a pop or a dismissal Hero's reverse of it.
enum HeroEffects {
    static let duration = Parameter("duration", default: HeroTransition.defaultDuration, in: HeroTransition.durations)
    /// The way the incoming page travels; left by default, as Hero's left-to-right
    /// strategy pushes.
    static let direction = Parameter("direction", default: HeroDirection.left.rawValue,
                                     choices: HeroDirection.allCases.map(\.rawValue))

    /// An effect that moves one way: `direction` first, then `duration`.
    static func directional(_ name: String, _ factory: String, _ description: String,
                            _ animation: @escaping @Sendable (HeroDirection) -> HeroAnimation) -> EffectDeclaration<String, Double> {
        EffectDeclaration(
            name: name, kind: .any, factory: factory, description: description,
            family: "Hero", source: "Hero", author: "Stagehand", license: "MIT",
            parameters: direction, duration,
            make: { direction, duration in
                // One of the choices: the declaration refused any other value.
                HeroDirection(rawValue: direction).flatMap { HeroTransition(animation($0), duration: duration) }
            })
    }

    /// An effect without a direction: `duration` only.
    static func undirected(_ name: String, _ factory: String, _ description: String,
                           _ animation: HeroAnimation) -> EffectDeclaration<Double> {
        EffectDeclaration(
            name: name, kind: .any, factory: factory, description: description,
            family: "Hero", source: "Hero", author: "Stagehand", license: "MIT",
            parameters: duration,
            make: { duration in HeroTransition(animation, duration: duration) })
    }

    static let cover = directional(
        "cover", "hero_cover_create",
        "The new page slides in over the old one, which darkens a little; the way back uncovers it.", { .cover($0) })
    static let uncover = directional(
        "uncover", "hero_uncover_create",
        "The old page slides away, uncovering the new one beneath as it brightens; the way back covers it.", { .uncover($0) })
    static let slide = directional(
        "slide", "hero_slide_create",
        "Both pages slide together, the new one pushing the old one off; the way back slides the other way.", { .slide($0) })
    static let zoomSlide = directional(
        "zoom-slide", "hero_zoom_slide_create",
        "Both pages slide together, each shrunk to 80 % while off its place; the way back slides the other way.",
        { .zoomSlide($0) })
    static let pageIn = directional(
        "page-in", "hero_page_in_create",
        "The new page slides in over the old one, which shrinks to 70 % and darkens; the way back pages out.", { .pageIn($0) })
    static let pageOut = directional(
        "page-out", "hero_page_out_create",
        "The old page slides away, revealing the new one growing from 70 % beneath; the way back pages in.", { .pageOut($0) })
    static let pull = directional(
        "pull", "hero_pull_create",
        "The old page slides away with a shadow, the new one following from a third of the way beneath; the way back pushes.",
        { .pull($0) })
    static let fade = undirected(
        "fade", "hero_fade_create", "The new page fades in over the old one, both ways.", .fade)
    static let zoom = undirected(
        "zoom", "hero_zoom_create",
        "The old page grows to 130 % and fades away while the new one grows from 70 % beneath; the way back zooms out.", .zoom)
    static let zoomOut = undirected(
        "zoom-out", "hero_zoom_out_create",
        "The new page shrinks from 130 % into place as it fades in, while the old one shrinks to 70 %; the way back zooms in.",
        .zoomOut)
}

@_cdecl("stagehand_bundle_entry")
public func stagehandBundleEntry() -> UnsafeRawPointer {
    StagehandBundle.entry(name: "Hero", version: "1.0.0", effects: [
        HeroEffects.cover, HeroEffects.uncover, HeroEffects.slide, HeroEffects.zoomSlide, HeroEffects.pageIn,
        HeroEffects.pageOut, HeroEffects.pull, HeroEffects.fade, HeroEffects.zoom, HeroEffects.zoomOut,
    ])
}

@_cdecl("hero_cover_create")
public func heroCoverCreate(_ direction: UnsafePointer<CChar>?, _ duration: Double) -> UnsafeRawPointer? {
    HeroEffects.cover.export(direction, duration)
}

@_cdecl("hero_uncover_create")
public func heroUncoverCreate(_ direction: UnsafePointer<CChar>?, _ duration: Double) -> UnsafeRawPointer? {
    HeroEffects.uncover.export(direction, duration)
}

@_cdecl("hero_slide_create")
public func heroSlideCreate(_ direction: UnsafePointer<CChar>?, _ duration: Double) -> UnsafeRawPointer? {
    HeroEffects.slide.export(direction, duration)
}

@_cdecl("hero_zoom_slide_create")
public func heroZoomSlideCreate(_ direction: UnsafePointer<CChar>?, _ duration: Double) -> UnsafeRawPointer? {
    HeroEffects.zoomSlide.export(direction, duration)
}

@_cdecl("hero_page_in_create")
public func heroPageInCreate(_ direction: UnsafePointer<CChar>?, _ duration: Double) -> UnsafeRawPointer? {
    HeroEffects.pageIn.export(direction, duration)
}

@_cdecl("hero_page_out_create")
public func heroPageOutCreate(_ direction: UnsafePointer<CChar>?, _ duration: Double) -> UnsafeRawPointer? {
    HeroEffects.pageOut.export(direction, duration)
}

@_cdecl("hero_pull_create")
public func heroPullCreate(_ direction: UnsafePointer<CChar>?, _ duration: Double) -> UnsafeRawPointer? {
    HeroEffects.pull.export(direction, duration)
}

@_cdecl("hero_fade_create")
public func heroFadeCreate(_ duration: Double) -> UnsafeRawPointer? {
    HeroEffects.fade.export(duration)
}

@_cdecl("hero_zoom_create")
public func heroZoomCreate(_ duration: Double) -> UnsafeRawPointer? {
    HeroEffects.zoom.export(duration)
}

@_cdecl("hero_zoom_out_create")
public func heroZoomOutCreate(_ duration: Double) -> UnsafeRawPointer? {
    HeroEffects.zoomOut.export(duration)
}
