import StagehandSDK

// The effects of libMaterialMotion.so, each declared once, and the C symbols the host
// looks up: the bundle's entry and one factory per effect.

extension SharedAxis {
    static let declaration = EffectDeclaration(
        name: "shared-axis", kind: .any, factory: "shared_axis_create",
        description: "Material's shared axis: along x or y both screens slide 30 points the same way, along z the incoming one grows from 0.8 as the outgoing one grows to 1.1 (the other way going back), fading through: the outgoing screen gone at 35 % of Material's standard curve, the incoming one fading in after.",
        family: "Material motion", source: "Material Design motion system", author: "Stagehand", license: "MIT",
        parameters: Parameter("axis", default: SharedAxis.Axis.x.rawValue, choices: SharedAxis.Axis.allCases.map(\.rawValue)),
                    Parameter("duration", default: 0.3, in: MaterialTransition.durations),
                    Parameter("distance", default: 30.0, in: SharedAxis.distances),
        make: { SharedAxis(axis: $0, duration: $1, distance: $2) })
}

extension FadeThrough {
    static let declaration = EffectDeclaration(
        name: "fade-through", kind: .any, factory: "fade_through_create",
        description: "Material's fade through: the outgoing screen fades out by 35 % of Material's standard curve, then the incoming one fades in while growing from 0.92 to full size.",
        family: "Material motion", source: "Material Design motion system", author: "Stagehand", license: "MIT",
        parameters: Parameter("duration", default: 0.3, in: MaterialTransition.durations),
                    Parameter("startScale", default: 0.92, in: FadeThrough.scales),
        make: { FadeThrough(duration: $0, startScale: $1) })
}

@_cdecl("stagehand_bundle_entry")
public func stagehandBundleEntry() -> UnsafeRawPointer {
    StagehandBundle.entry(name: "MaterialMotion", version: "1.0.0",
                          effects: [SharedAxis.declaration, FadeThrough.declaration])
}

@_cdecl("shared_axis_create")
public func sharedAxisCreate(_ axis: UnsafePointer<CChar>?, _ duration: Double, _ distance: Double) -> UnsafeRawPointer? {
    SharedAxis.declaration.export(axis, duration, distance)
}

@_cdecl("fade_through_create")
public func fadeThroughCreate(_ duration: Double, _ startScale: Double) -> UnsafeRawPointer? {
    FadeThrough.declaration.export(duration, startScale)
}
