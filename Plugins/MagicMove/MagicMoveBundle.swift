import StagehandSDK

// magic-move declared once, and the C symbols of libMagicMove.so: the entry the host
// looks up and the factory the declaration names.

extension MagicMove {
    static let declaration = EffectDeclaration(
        name: "magic-move", kind: .any, interactive: true, factory: "magic_move_create",
        description: "Hero's magic move: each pair of views sharing a match identifier flies from the old screen to the new (position, size, corner radius, shadow) on Hero's curve for Hero's auto duration (0.208 s + min(distance, 500) / 3000); an opaque pair fades one side (the destination in, on top, forward; the source out, on top, back), a translucent one cross-fades with plus-lighter; the rest of the screens fades; arc bends the flights, cascade staggers the fading views from the top. With no pair, the new screen fades in over 0.35 s. A pan anywhere pops interactively, finishing past half.",
        family: "Hero", source: "Hero", author: "Stagehand", license: "MIT",
        parameters: Parameter("arc", default: 0.0, in: 0...2),
                    Parameter("cascade", default: 0.0, in: 0...0.5),
        make: { MagicMove(arc: $0, cascade: $1) })
}

@_cdecl("stagehand_bundle_entry")
public func stagehandBundleEntry() -> UnsafeRawPointer {
    StagehandBundle.entry(name: "MagicMove", version: "1.0.0", effects: [MagicMove.declaration])
}

@_cdecl("magic_move_create")
public func magicMoveCreate(_ arc: Double, _ cascade: Double) -> UnsafeRawPointer? {
    MagicMove.declaration.export(arc, cascade)
}
