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
                    Parameter("gesture", default: "horizontal", choices: LibraryGesture.Kind.allCases.map(\.rawValue)),
        make: { PanTransition(duration: $0, parallax: $1, gesture: $2) })
}

extension Cards {
    static let declaration = EffectDeclaration(
        name: "cards", kind: .any, interactive: true, factory: "vctl_cards_create",
        description: "The old card tips back 15° (perspective -1/900), shrinks to 0.8 and dims to 0.6 while the new one rises from the bottom, overshoots by 30 pt and settles (1 s, linear keyframes); backwards the top card falls off the bottom and the one behind comes forward. \(Animators3D.gestures).",
        family: Animators3D.family, source: "VCTransitionsLibrary CECardsAnimationController", author: Animators3D.author, license: Animators3D.license,
        parameters: Parameter("duration", default: 1.0, in: Animators3D.durations),
                    Parameter("gesture", default: "horizontal", choices: LibraryGesture.Kind.allCases.map(\.rawValue)),
        make: { Cards(duration: $0, gesture: $1) })
}

extension Turn {
    static let declaration = EffectDeclaration(
        name: "turn", kind: .navigation, interactive: true, factory: "vctl_turn_create",
        description: "A page turn: the from-view turns away about its left edge from 0 to 90° (1 s, ease in and out, perspective m34 from the screen's centre), uncovering the to-view; backwards the page turns back down on top. \(Animators3D.gestures).",
        family: Animators3D.family, source: "VCTransitionsLibrary CETurnAnimationController, IBAnimatable Turn", author: Animators3D.author, license: Animators3D.license,
        parameters: Parameter("duration", default: 1.0, in: Animators3D.durations),
                    Parameter("m34", default: -0.002, in: Animators3D.perspectives),
                    Parameter("gesture", default: "horizontal", choices: LibraryGesture.Kind.allCases.map(\.rawValue)),
        make: { Turn(duration: $0, m34: $1, gesture: $2) })
}

extension NatGeo {
    static let declaration = EffectDeclaration(
        name: "natgeo", kind: .navigation, interactive: true, factory: "vctl_natgeo_create",
        description: "The from-view swings open like a book cover, about its left edge to 80° over the last 80 % of 1 s, while the to-view glides in flat from the right (turned -45°, from 0.8 of the width to the right); backwards the cover closes over it. \(Animators3D.gestures).",
        family: Animators3D.family, source: "VCTransitionsLibrary CENatGeoAnimationController, IBAnimatable NatGeo", author: Animators3D.author, license: Animators3D.license,
        parameters: Parameter("duration", default: 1.0, in: Animators3D.durations),
                    Parameter("gesture", default: "horizontal", choices: LibraryGesture.Kind.allCases.map(\.rawValue)),
        make: { NatGeo(duration: $0, gesture: $1) })
}

extension Flip {
    static let declaration = EffectDeclaration(
        name: "flip", kind: .any, interactive: true, factory: "vctl_flip_create",
        description: "A card turned over, the from-view on its front and the to-view on its back (single-sided layers): both turn together about the vertical axis through the centre, 180° over 1 s in two linear quarter turns, perspective m34; the other way round backwards. \(Animators3D.gestures).",
        family: Animators3D.family, source: "IBAnimatable Flip, VCTransitionsLibrary CEFlipAnimationController", author: Animators3D.author, license: Animators3D.license,
        parameters: Parameter("duration", default: 1.0, in: Animators3D.durations),
                    Parameter("m34", default: -0.002, in: Animators3D.perspectives),
                    Parameter("gesture", default: "horizontal", choices: LibraryGesture.Kind.allCases.map(\.rawValue)),
        make: { Flip(duration: $0, m34: $1, gesture: $2) })
}

extension Fold {
    static let declaration = EffectDeclaration(
        name: "fold", kind: .any, interactive: true, factory: "vctl_fold_create",
        description: "Accordion folds: each view cut into 2 × folds strips hinged alternately on their left and right edges; the from-view's strips fold shut toward the right edge (±90°) while the to-view's unfold from the left (mirrored backwards), under one sublayer perspective m34, 1 s eased. \(Animators3D.gestures).",
        family: Animators3D.family, source: "VCTransitionsLibrary CEFoldAnimationController, IBAnimatable Fold", author: Animators3D.author, license: Animators3D.license,
        parameters: Parameter("duration", default: 1.0, in: Animators3D.durations),
                    Parameter("folds", default: Int32(2), in: 1...20),
                    Parameter("m34", default: -0.005, in: Animators3D.perspectives),
                    Parameter("gesture", default: "horizontal", choices: LibraryGesture.Kind.allCases.map(\.rawValue)),
        make: { Fold(duration: $0, folds: $1, m34: $2, gesture: $3) })
}

extension Portal {
    static let declaration = EffectDeclaration(
        name: "portal", kind: .any, interactive: true, factory: "vctl_portal_create",
        description: "The from-view splits into two doors, snapshots of its halves, that slide open to the sides while the to-view grows from zoom (0.8) of its size behind them (1 s, ease out); backwards the to-view's doors close over the shrinking from-view. \(Animators3D.gestures).",
        family: Animators3D.family, source: "VCTransitionsLibrary CEPortalAnimationController, IBAnimatable Portal", author: Animators3D.author, license: Animators3D.license,
        parameters: Parameter("duration", default: 1.0, in: Animators3D.durations),
                    Parameter("zoom", default: 0.8, in: 0.01...1),
                    Parameter("gesture", default: "pinch", choices: LibraryGesture.Kind.allCases.map(\.rawValue)),
        make: { Portal(duration: $0, zoom: $1, gesture: $2) })
}

@_cdecl("stagehand_bundle_entry")
public func stagehandBundleEntry() -> UnsafeRawPointer {
    StagehandBundle.entry(name: "Animators3D", version: "1.0.0", effects: [
        PanTransition.declaration, Cards.declaration, Turn.declaration, NatGeo.declaration,
        Flip.declaration, Fold.declaration, Portal.declaration,
    ])
}

@_cdecl("vctl_pan_create")
public func vctlPanCreate(_ duration: Double, _ parallax: Double, _ gesture: UnsafePointer<CChar>?) -> UnsafeRawPointer? {
    PanTransition.declaration.export(duration, parallax, gesture)
}

@_cdecl("vctl_cards_create")
public func vctlCardsCreate(_ duration: Double, _ gesture: UnsafePointer<CChar>?) -> UnsafeRawPointer? {
    Cards.declaration.export(duration, gesture)
}

@_cdecl("vctl_turn_create")
public func vctlTurnCreate(_ duration: Double, _ m34: Double, _ gesture: UnsafePointer<CChar>?) -> UnsafeRawPointer? {
    Turn.declaration.export(duration, m34, gesture)
}

@_cdecl("vctl_natgeo_create")
public func vctlNatGeoCreate(_ duration: Double, _ gesture: UnsafePointer<CChar>?) -> UnsafeRawPointer? {
    NatGeo.declaration.export(duration, gesture)
}

@_cdecl("vctl_flip_create")
public func vctlFlipCreate(_ duration: Double, _ m34: Double, _ gesture: UnsafePointer<CChar>?) -> UnsafeRawPointer? {
    Flip.declaration.export(duration, m34, gesture)
}

@_cdecl("vctl_fold_create")
public func vctlFoldCreate(_ duration: Double, _ folds: Int32, _ m34: Double, _ gesture: UnsafePointer<CChar>?) -> UnsafeRawPointer? {
    Fold.declaration.export(duration, folds, m34, gesture)
}

@_cdecl("vctl_portal_create")
public func vctlPortalCreate(_ duration: Double, _ zoom: Double, _ gesture: UnsafePointer<CChar>?) -> UnsafeRawPointer? {
    Portal.declaration.export(duration, zoom, gesture)
}
