import StagehandSDK

// The C symbols of libHero.so: the entry the host looks up, and one factory per effect.

/// The effects, each a Hero default animation with the direction it was made with.
enum HeroEffects {
    /// Catalog name, factory symbol, whether it takes a direction, what it looks like.
    static let all: [(name: String, factory: String, directional: Bool, description: String)] = [
        ("cover", "hero_cover_create", true,
         "Any operation: the new page slides in over the old one, which darkens a little; the way back uncovers it."),
        ("uncover", "hero_uncover_create", true,
         "Any operation: the old page slides away, uncovering the new one beneath as it brightens; the way back covers it."),
        ("slide", "hero_slide_create", true,
         "Any operation: both pages slide together, the new one pushing the old one off; the way back slides the other way."),
        ("zoom-slide", "hero_zoom_slide_create", true,
         "Any operation: both pages slide together, each shrunk to 80 % while off its place; the way back slides the other way."),
        ("page-in", "hero_page_in_create", true,
         "Any operation: the new page slides in over the old one, which shrinks to 70 % and darkens; the way back pages out."),
        ("page-out", "hero_page_out_create", true,
         "Any operation: the old page slides away, revealing the new one growing from 70 % beneath; the way back pages in."),
        ("fade", "hero_fade_create", false,
         "Any operation: the new page fades in over the old one."),
        ("zoom", "hero_zoom_create", false,
         "Any operation: the old page grows to 130 % and fades away while the new one grows from 70 % beneath; the way back zooms out."),
        ("zoom-out", "hero_zoom_out_create", false,
         "Any operation: the new page shrinks from 130 % into place as it fades in, while the old one shrinks to 70 %; the way back zooms in."),
        ("pull", "hero_pull_create", true,
         "Any operation: the old page slides away with a shadow, the new one following from a third of the way beneath; the way back pushes."),
    ]
}

@_cdecl("stagehand_bundle_entry")
public func stagehandBundleEntry() -> UnsafeRawPointer {
    let durations = HeroTransition.durations
    return StagehandBundle.entry(BundleManifest(name: "Hero", version: "1.0.0", effects: HeroEffects.all.map { effect in
        EffectManifest(
            name: effect.name, kind: .any, interactive: false, factory: effect.factory,
            parameters: (effect.directional ? [.string("direction", default: HeroDirection.left.rawValue)] : [])
                + [.double("duration", default: HeroTransition.defaultDuration, min: durations.lowerBound, max: durations.upperBound)],
            description: effect.description, author: "Stagehand", license: "MIT")
    }))
}

/// An effect playing `make(direction)`, or `nil` (logged) for a direction not one of the four.
private func directional(_ direction: UnsafePointer<CChar>?, _ duration: Double,
                         _ make: (HeroDirection) -> HeroAnimation) -> UnsafeRawPointer? {
    guard let direction = HeroDirection.parse(direction) else { return nil }
    return StagehandBundle.export(HeroTransition(make(direction), duration: duration))
}

/// `sh_effect *hero_cover_create(const char *direction, double duration)`
@_cdecl("hero_cover_create")
public func heroCoverCreate(direction: UnsafePointer<CChar>?, duration: Double) -> UnsafeRawPointer? {
    directional(direction, duration, HeroAnimation.cover)
}

/// `sh_effect *hero_uncover_create(const char *direction, double duration)`
@_cdecl("hero_uncover_create")
public func heroUncoverCreate(direction: UnsafePointer<CChar>?, duration: Double) -> UnsafeRawPointer? {
    directional(direction, duration, HeroAnimation.uncover)
}

/// `sh_effect *hero_slide_create(const char *direction, double duration)`
@_cdecl("hero_slide_create")
public func heroSlideCreate(direction: UnsafePointer<CChar>?, duration: Double) -> UnsafeRawPointer? {
    directional(direction, duration, HeroAnimation.slide)
}

/// `sh_effect *hero_zoom_slide_create(const char *direction, double duration)`
@_cdecl("hero_zoom_slide_create")
public func heroZoomSlideCreate(direction: UnsafePointer<CChar>?, duration: Double) -> UnsafeRawPointer? {
    directional(direction, duration, HeroAnimation.zoomSlide)
}

/// `sh_effect *hero_page_in_create(const char *direction, double duration)`
@_cdecl("hero_page_in_create")
public func heroPageInCreate(direction: UnsafePointer<CChar>?, duration: Double) -> UnsafeRawPointer? {
    directional(direction, duration, HeroAnimation.pageIn)
}

/// `sh_effect *hero_page_out_create(const char *direction, double duration)`
@_cdecl("hero_page_out_create")
public func heroPageOutCreate(direction: UnsafePointer<CChar>?, duration: Double) -> UnsafeRawPointer? {
    directional(direction, duration, HeroAnimation.pageOut)
}

/// `sh_effect *hero_pull_create(const char *direction, double duration)`
@_cdecl("hero_pull_create")
public func heroPullCreate(direction: UnsafePointer<CChar>?, duration: Double) -> UnsafeRawPointer? {
    directional(direction, duration, HeroAnimation.pull)
}

/// `sh_effect *hero_fade_create(double duration)`
@_cdecl("hero_fade_create")
public func heroFadeCreate(duration: Double) -> UnsafeRawPointer? {
    StagehandBundle.export(HeroTransition(.fade, duration: duration))
}

/// `sh_effect *hero_zoom_create(double duration)`
@_cdecl("hero_zoom_create")
public func heroZoomCreate(duration: Double) -> UnsafeRawPointer? {
    StagehandBundle.export(HeroTransition(.zoom, duration: duration))
}

/// `sh_effect *hero_zoom_out_create(double duration)`
@_cdecl("hero_zoom_out_create")
public func heroZoomOutCreate(duration: Double) -> UnsafeRawPointer? {
    StagehandBundle.export(HeroTransition(.zoomOut, duration: duration))
}
