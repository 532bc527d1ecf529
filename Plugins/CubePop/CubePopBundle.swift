import StagehandSDK

// The two C symbols of libCubePop.so: the entry the host looks up, and the factory the
// manifest names.

@_cdecl("stagehand_bundle_entry")
public func stagehandBundleEntry() -> UnsafeRawPointer {
    StagehandBundle.entry(BundleManifest(name: "CubePop", version: "1.0.0", effects: [
        EffectManifest(
            name: "cube-pop", kind: .pop, interactive: false, factory: "cube_pop_create",
            parameters: [
                .double("duration", default: 0.25, min: CubePop.durations.lowerBound, max: CubePop.durations.upperBound),
                .double("m34", default: -0.002, min: CubePop.perspectives.lowerBound, max: CubePop.perspectives.upperBound),
            ],
            description: "Pop: cube rotation from the left over 0.25 s (the slide pop's duration), linear (a cube transition with no timing function), the from-view turning about its left edge to 90° and the to-view about its right edge from -90° as their shared edge crosses the screen, seen with perspective m34 = -1/500 from the screen's centre, a face hidden while seen from behind.",
            author: "Stagehand", license: "MIT"),
    ]))
}

/// `sh_effect *cube_pop_create(double duration, double m34)`
@_cdecl("cube_pop_create")
public func cubePopCreate(duration: Double, m34: Double) -> UnsafeRawPointer? {
    StagehandBundle.export(CubePop(duration: duration, m34: m34))
}
