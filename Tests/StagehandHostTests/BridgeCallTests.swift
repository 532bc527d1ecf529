import Testing
@testable import StagehandHost

/// The name a bundle call gives its diagnostics, now worked out once per call: each call
/// (nested ones included) must still name its own caller.
@Suite struct BridgeCallTests {
    @Test func eachCallNamesItsOwnCallerEvenWhenNestedAndAskedRepeatedly() {
        #expect(BridgeCall.current == nil)
        let names = BridgeCall.with(stage: nil, effect: "slide", bundlePath: "/opt/plugins/libSlide.so") {
            () -> [String?] in
            let first = BridgeCall.current?.source
            let inner = BridgeCall.with(stage: nil, caller: BridgeCaller(effect: nil, bundlePath: "plugins/libFold.so")) {
                [BridgeCall.current?.source, BridgeCall.current?.source]
            }
            let unnamed = BridgeCall.with(stage: nil, caller: BridgeCaller()) { BridgeCall.current?.source }
            let bare = BridgeCall.with(stage: nil, effect: "cards", bundlePath: nil) { BridgeCall.current?.source }
            return [first] + inner + [unnamed, bare, BridgeCall.current?.source]
        }
        #expect(names == ["libSlide.so (slide)", "libFold.so", "libFold.so", "bundle", "cards", "libSlide.so (slide)"])
        #expect(BridgeCall.current == nil)
    }
}
