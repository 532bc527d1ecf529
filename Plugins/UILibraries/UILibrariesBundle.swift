import StagehandSDK

// The effects of libUILibraries.so, each declared once, and the C symbols the host
// looks up: the bundle's entry and one factory per effect.

extension BottomSheet {
    static let declaration = EffectDeclaration(
        name: "bottom-sheet", kind: .modal, interactive: true, factory: "bottom_sheet_create",
        description: "PanModal's bottom sheet: the view rises on a spring to a detent (medium: half the screen; large: 64 points from the top) over a dimmed presenter; a downward pan dismisses it past half its height or when flicked faster than 300 points per second.",
        family: "UI libraries", source: "PanModal", author: "Stagehand", license: "MIT",
        parameters: Parameter("detent", default: BottomSheet.Detent.medium.rawValue, choices: BottomSheet.Detent.allCases.map(\.rawValue)),
                    Parameter("duration", default: 0.5, in: BottomSheet.durations),
                    Parameter("damping", default: 0.8, in: BottomSheet.dampings),
                    Parameter("dimming", default: 0.7, in: BottomSheet.fractions),
                    Parameter("threshold", default: 0.5, in: BottomSheet.fractions),
                    Parameter("flickVelocity", default: 300.0, in: BottomSheet.velocities),
        make: { BottomSheet(detent: $0, duration: $1, damping: $2, dimming: $3, threshold: $4, flickVelocity: $5) })
}

extension CircularReveal {
    static let declaration = EffectDeclaration(
        name: "circular-reveal", kind: .modal, interactive: true, factory: "circular_reveal_create",
        description: "BubbleTransition's reveal: the presented view shows through a circle growing from a point (x, y as fractions of the screen) to the farthest corner, and shrinking back to dismiss; a downward pan shrinks it, finishing above 30 % and cancelled below.",
        family: "UI libraries", source: "BubbleTransition", author: "Stagehand", license: "MIT",
        parameters: Parameter("x", default: 0.85, in: CircularReveal.fractions),
                    Parameter("y", default: 0.92, in: CircularReveal.fractions),
                    Parameter("duration", default: 0.5, in: CircularReveal.durations),
                    Parameter("threshold", default: 0.3, in: CircularReveal.fractions),
        make: { CircularReveal(x: $0, y: $1, duration: $2, threshold: $3) })
}

@_cdecl("stagehand_bundle_entry")
public func stagehandBundleEntry() -> UnsafeRawPointer {
    StagehandBundle.entry(name: "UILibraries", version: "1.0.0", effects: [CircularReveal.declaration, BottomSheet.declaration])
}

@_cdecl("bottom_sheet_create")
public func bottomSheetCreate(_ detent: UnsafePointer<CChar>?, _ duration: Double, _ damping: Double, _ dimming: Double,
                              _ threshold: Double, _ flickVelocity: Double) -> UnsafeRawPointer? {
    BottomSheet.declaration.export(detent, duration, damping, dimming, threshold, flickVelocity)
}

@_cdecl("circular_reveal_create")
public func circularRevealCreate(_ x: Double, _ y: Double, _ duration: Double, _ threshold: Double) -> UnsafeRawPointer? {
    CircularReveal.declaration.export(x, y, duration, threshold)
}
