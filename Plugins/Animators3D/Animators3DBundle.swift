import StagehandSDK

// The effects of libAnimators3D.so, each declared once, and the C symbols the host looks
// up: the bundle's entry and one factory per effect.

/// What every effect of this bundle says about where it comes from.
enum Animators3D {
    static let family = "VCTransitionsLibrary"
    static let author = "Stagehand"
    static let license = "MIT"
    static let durations = 0.01...10.0
    static let perspectives = -0.01...0.0
    /// The `gesture` parameter's words, for the descriptions.
    static let gestures = "gesture: none, horizontal, vertical or pinch (VCTransitionsLibrary's swipes: 200 pt for the whole way; its pinch: 1 − scale; each finishing past half)"
}

extension PanTransition {
    static let declaration = EffectDeclaration(
        name: "pan", kind: .any, interactive: true, factory: "vctl_pan_create",
        description: "Both views slide sideways together over 0.3 s (ease in and out), the new one in from the right edge over the old, which moves left by parallax × the width (half); backwards for a pop or a dismissal. \(Animators3D.gestures).",
        family: Animators3D.family, source: "VCTransitionsLibrary CEPanAnimationController", author: Animators3D.author, license: Animators3D.license,
        parameters: Parameter("duration", default: 0.3, in: Animators3D.durations),
                    Parameter("parallax", default: 0.5, in: 0...1),
                    Parameter("gesture", default: "horizontal"),
        make: { PanTransition(duration: $0, parallax: $1, gesture: $2) })
}

extension Cards {
    static let declaration = EffectDeclaration(
        name: "cards", kind: .any, factory: "vctl_cards_create",
        description: "The old card tips back 15° (perspective -1/900), shrinks to 0.8 and dims to 0.6 while the new one rises from the bottom, overshoots by 30 pt and settles (1 s, linear keyframes); backwards the top card falls off the bottom and the one behind comes forward.",
        family: Animators3D.family, source: "VCTransitionsLibrary CECardsAnimationController", author: Animators3D.author, license: Animators3D.license,
        parameters: Parameter("duration", default: 1.0, in: Animators3D.durations),
        make: { Cards(duration: $0) })
}

extension Turn {
    static let declaration = EffectDeclaration(
        name: "turn", kind: .navigation, interactive: true, factory: "vctl_turn_create",
        description: "A page turn: the from-view turns away about its left edge from 0 to 90° (1 s, ease in and out, perspective m34 from the screen's centre), uncovering the to-view; backwards the page turns back down on top. \(Animators3D.gestures).",
        family: Animators3D.family, source: "VCTransitionsLibrary CETurnAnimationController, IBAnimatable Turn", author: Animators3D.author, license: Animators3D.license,
        parameters: Parameter("duration", default: 1.0, in: Animators3D.durations),
                    Parameter("m34", default: -0.002, in: Animators3D.perspectives),
                    Parameter("gesture", default: "horizontal"),
        make: { Turn(duration: $0, m34: $1, gesture: $2) })
}

extension NatGeo {
    static let declaration = EffectDeclaration(
        name: "natgeo", kind: .navigation, factory: "vctl_natgeo_create",
        description: "The from-view swings open like a book cover, about its left edge to 80° over the last 80 % of 1 s, while the to-view glides in flat from the right (turned -45°, from 0.8 of the width to the right); backwards the cover closes over it.",
        family: Animators3D.family, source: "VCTransitionsLibrary CENatGeoAnimationController, IBAnimatable NatGeo", author: Animators3D.author, license: Animators3D.license,
        parameters: Parameter("duration", default: 1.0, in: Animators3D.durations),
        make: { NatGeo(duration: $0) })
}

@_cdecl("stagehand_bundle_entry")
public func stagehandBundleEntry() -> UnsafeRawPointer {
    StagehandBundle.entry(name: "Animators3D", version: "1.0.0", effects: [
        PanTransition.declaration, Cards.declaration, Turn.declaration, NatGeo.declaration,
    ])
}

@_cdecl("vctl_pan_create")
public func vctlPanCreate(_ duration: Double, _ parallax: Double, _ gesture: UnsafePointer<CChar>?) -> UnsafeRawPointer? {
    PanTransition.declaration.export(duration, parallax, gesture)
}

@_cdecl("vctl_cards_create")
public func vctlCardsCreate(_ duration: Double) -> UnsafeRawPointer? {
    Cards.declaration.export(duration)
}

@_cdecl("vctl_turn_create")
public func vctlTurnCreate(_ duration: Double, _ m34: Double, _ gesture: UnsafePointer<CChar>?) -> UnsafeRawPointer? {
    Turn.declaration.export(duration, m34, gesture)
}

@_cdecl("vctl_natgeo_create")
public func vctlNatGeoCreate(_ duration: Double) -> UnsafeRawPointer? {
    NatGeo.declaration.export(duration)
}
