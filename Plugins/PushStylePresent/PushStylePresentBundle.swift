import StagehandSDK

// push-style-present and pop-style-dismiss declared once, and the C symbols of
// libPushStylePresent.so: the entry the host looks up, and the two factories the
// declarations name.

extension PushStylePresent {
    static let declaration = EffectDeclaration(
        name: "push-style-present", kind: .present, factory: "push_style_present_create",
        description: "Present as if pushed: over 0.3 s the presented view slides in from the right while the presenter travels the full width off to the left (offset 1; 0.3 gives UIKit's push parallax).",
        family: "iOS 7 recipes", source: "present-as-push recipe", author: "Stagehand", license: "MIT",
        parameters: Parameter("duration", default: 0.3, in: 0.01...10),
                    Parameter("offset", default: 1.0, in: 0...1),
        make: { PushStylePresent(duration: $0, offset: $1) })
}

extension PopStyleDismiss {
    static let declaration = EffectDeclaration(
        name: "pop-style-dismiss", kind: .dismiss, interactive: true, factory: "pop_style_dismiss_create",
        description: "Dismiss as if popped: the presenter comes back from the full width on the left (offset 1) while the presented view slides off to the right, 0.3 s; a left-edge pan drives it once the presented navigation controller's own pop gesture has failed, finishing past half the width (a system-cancelled pan counts as a release).",
        family: "iOS 7 recipes", source: "present-as-push recipe", author: "Stagehand", license: "MIT",
        parameters: Parameter("duration", default: 0.3, in: 0.01...10),
                    Parameter("offset", default: 1.0, in: 0...1),
                    Parameter("threshold", default: 0.5, in: 0...1),
        make: { PopStyleDismiss(duration: $0, offset: $1, threshold: $2) })
}

@_cdecl("stagehand_bundle_entry")
public func stagehandBundleEntry() -> UnsafeRawPointer {
    StagehandBundle.entry(name: "PushStylePresent", version: "1.0.0",
                          effects: [PushStylePresent.declaration, PopStyleDismiss.declaration])
}

@_cdecl("push_style_present_create")
public func pushStylePresentCreate(_ duration: Double, _ offset: Double) -> UnsafeRawPointer? {
    PushStylePresent.declaration.export(duration, offset)
}

@_cdecl("pop_style_dismiss_create")
public func popStyleDismissCreate(_ duration: Double, _ offset: Double, _ threshold: Double) -> UnsafeRawPointer? {
    PopStyleDismiss.declaration.export(duration, offset, threshold)
}
