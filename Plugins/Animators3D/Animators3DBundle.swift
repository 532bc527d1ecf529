import StagehandSDK

// The C symbols of libAnimators3D.so: the entry the host looks up, and one factory per
// effect, as the manifest names them.

@_cdecl("stagehand_bundle_entry")
public func stagehandBundleEntry() -> UnsafeRawPointer {
    let duration = { (value: Double) in ParameterManifest.double("duration", default: value, min: 0.01, max: 10) }
    let gesture = { (value: String) in ParameterManifest.string("gesture", default: value) }
    return StagehandBundle.entry(BundleManifest(name: "Animators3D", version: "1.0.0", effects: [
        EffectManifest(
            name: "pan", kind: .any, interactive: true, factory: "vctl_pan_create",
            parameters: [duration(0.3), .double("parallax", default: 0.5, min: 0, max: 1), gesture("horizontal")],
            description: "VCTransitionsLibrary's Pan: both views slide sideways together over 0.3 s (ease in and out), the new one in from the right edge over the old, which moves left by parallax × the width (half); backwards for a pop or a dismissal. gesture: none, horizontal or vertical (a pan of 200 pt for the whole way, finishing past half).",
            author: "Stagehand", license: "MIT"),
        EffectManifest(
            name: "cards", kind: .any, interactive: false, factory: "vctl_cards_create",
            parameters: [duration(1.0)],
            description: "VCTransitionsLibrary's Cards: the old card tips back 15° (perspective -1/900), shrinks to 0.8 and dims to 0.6 while the new one rises from the bottom, overshoots by 30 pt and settles (1 s); backwards the top card falls off the bottom and the one behind comes forward.",
            author: "Stagehand", license: "MIT"),
        EffectManifest(
            name: "turn", kind: .navigation, interactive: true, factory: "vctl_turn_create",
            parameters: [duration(1.0), .double("m34", default: -0.002, min: -0.01, max: 0), gesture("horizontal")],
            description: "VCTransitionsLibrary's Turn, as a page: the from-view turns away about its left edge from 0 to 90° (1 s, ease in and out, perspective m34 from the screen's centre), uncovering the to-view; backwards the page turns back down on top. gesture: none, horizontal or vertical (200 pt, finishing past half).",
            author: "Stagehand", license: "MIT"),
        EffectManifest(
            name: "natgeo", kind: .navigation, interactive: false, factory: "vctl_natgeo_create",
            parameters: [duration(1.0)],
            description: "VCTransitionsLibrary's NatGeo: the from-view swings open like a book cover, about its left edge to 80° over the last 80 % of 1 s, while the to-view glides in flat from the right (turned -45°, from 0.8 of the width to the right); backwards the cover closes over it.",
            author: "Stagehand", license: "MIT"),
    ]))
}

/// `sh_effect *vctl_pan_create(double duration, double parallax, const char *gesture)`
@_cdecl("vctl_pan_create")
public func vctlPanCreate(duration: Double, parallax: Double, gesture: UnsafePointer<CChar>?) -> UnsafeRawPointer? {
    StagehandBundle.export(PanTransition(duration: duration, parallax: parallax, gesture: gesture.map { String(cString: $0) } ?? "none"))
}

/// `sh_effect *vctl_cards_create(double duration)`
@_cdecl("vctl_cards_create")
public func vctlCardsCreate(duration: Double) -> UnsafeRawPointer? {
    StagehandBundle.export(Cards(duration: duration))
}

/// `sh_effect *vctl_turn_create(double duration, double m34, const char *gesture)`
@_cdecl("vctl_turn_create")
public func vctlTurnCreate(duration: Double, m34: Double, gesture: UnsafePointer<CChar>?) -> UnsafeRawPointer? {
    StagehandBundle.export(Turn(duration: duration, m34: m34, gesture: gesture.map { String(cString: $0) } ?? "none"))
}

/// `sh_effect *vctl_natgeo_create(double duration)`
@_cdecl("vctl_natgeo_create")
public func vctlNatGeoCreate(duration: Double) -> UnsafeRawPointer? {
    StagehandBundle.export(NatGeo(duration: duration))
}
