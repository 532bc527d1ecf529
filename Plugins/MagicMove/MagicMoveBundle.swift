import StagehandSDK

// magic-move declared once, and the C symbols of libMagicMove.so: the entry the host
// looks up and the factory the declaration names.

extension MagicMove {
    static let declaration = EffectDeclaration(
        name: "magic-move", kind: .any, interactive: true, factory: "magic_move_create",
        description: "Hero's magic move: each pair of views sharing a match identifier flies from the old screen to the new (position, size, corner radius, shadow) on Hero's curve for Hero's auto duration (0.208 s + min(distance, 500) / 3000); an opaque pair fades one side (the destination in, on top, forward; the source out, on top, back), a translucent one cross-fades with plus-lighter; the rest of the screens fades; arc bends the flights, cascade staggers the fading views from the top. With no pair, the new screen fades in over 0.35 s. A pan anywhere pops interactively, a pan down a presented screen dismisses it, each finishing past half.",
        family: "Matched views", source: "Hero", author: "Stagehand", license: "MIT",
        parameters: Parameter("arc", default: 0.0, in: 0...2),
                    Parameter("cascade", default: 0.0, in: 0...0.5),
        make: { MagicMove(arc: $0, cascade: $1) })
}

extension ContainerTransform {
    static let declaration = EffectDeclaration(
        name: "container-transform", kind: .any, interactive: true, factory: "container_transform_create",
        description: "Material's container transform: the first matched pair becomes a container that grows from the start view's bounds to the end view's along a line or Material's arc (by arc length), both contents scaled to a shared width or height (fit) and masked to it, its corner morphing, one content fading over the other (fade: in, out, cross, through) on Material's progress thresholds, a 32 % scrim behind; Material 3's emphasized easing, 0.5 s entering (push, present), 0.4 s returning (pop, dismiss). The rest of the screens shows as the contents do; with no pair only the screens fade. A pan down a presented screen dismisses it, finishing past a quarter of the screen.",
        family: "Matched views", source: "Material Components", author: "Stagehand", license: "MIT",
        parameters: Parameter("path", default: ContainerTransformMotion.Path.linear.rawValue,
                              choices: ContainerTransformMotion.Path.allCases.map(\.rawValue)),
                    Parameter("fade", default: ContainerTransformMotion.FadeMode.in.rawValue,
                              choices: ContainerTransformMotion.FadeMode.allCases.map(\.rawValue)),
                    Parameter("fit", default: ContainerTransformMotion.FitMode.auto.rawValue,
                              choices: ContainerTransformMotion.FitMode.allCases.map(\.rawValue)),
        make: { path, fade, fit in
            // Each one of its choices: the declaration refused any other value.
            guard let path = ContainerTransformMotion.Path(rawValue: path),
                  let fade = ContainerTransformMotion.FadeMode(rawValue: fade),
                  let fit = ContainerTransformMotion.FitMode(rawValue: fit) else { return nil }
            return ContainerTransform(path: path, fade: fade, fit: fit)
        })
}

extension ViewTransition {
    static let declaration = EffectDeclaration(
        name: "view-transition", kind: .any, factory: "view_transition_create",
        description: "The web's View Transitions with the browser's defaults: each matched pair's group animates width, height and position from the old frame to the new over 0.25 s (duration) on ease, the old image fading out and the new fading in inside it, each as wide as the group, composited plus-lighter; the old screen fades out and the new in (the root, plus-lighter). With no pair, or a duplicate identifier on either screen (the matched part is skipped, as CSS skips it), only the screens cross-fade.",
        family: "Matched views", source: "CSS View Transitions", author: "Stagehand", license: "MIT",
        parameters: Parameter("duration", default: ViewTransition.defaultDuration, in: 0.01...10),
        make: { ViewTransition(duration: $0) })
}

@_cdecl("stagehand_bundle_entry")
public func stagehandBundleEntry() -> UnsafeRawPointer {
    StagehandBundle.entry(name: "MagicMove", version: "1.0.0", effects: [MagicMove.declaration, ContainerTransform.declaration, ViewTransition.declaration])
}

@_cdecl("magic_move_create")
public func magicMoveCreate(_ arc: Double, _ cascade: Double) -> UnsafeRawPointer? {
    MagicMove.declaration.export(arc, cascade)
}

@_cdecl("container_transform_create")
public func containerTransformCreate(_ path: UnsafePointer<CChar>?, _ fade: UnsafePointer<CChar>?,
                                     _ fit: UnsafePointer<CChar>?) -> UnsafeRawPointer? {
    ContainerTransform.declaration.export(path, fade, fit)
}

@_cdecl("view_transition_create")
public func viewTransitionCreate(_ duration: Double) -> UnsafeRawPointer? {
    ViewTransition.declaration.export(duration)
}
