import StagehandSDK

// cube-pop declared once, and the two C symbols of libCubePop.so: the entry the host
// looks up, and the factory the declaration names.

extension CubePop {
    static let declaration = EffectDeclaration(
        name: "cube-pop", kind: .pop, factory: "cube_pop_create",
        description: "Pop: cube rotation from the left over 0.25 s (the slide pop's duration), linear (a cube transition with no timing function), the from-view turning about its left edge to 90° and the to-view about its right edge from -90° as their shared edge crosses the screen, seen with perspective m34 = -1/500 from the screen's centre, a face hidden while seen from behind.",
        family: "iOS 7 recipes", source: "iOS 7 custom pop tutorial", author: "Stagehand", license: "MIT",
        parameters: Parameter("duration", default: 0.25, in: 0.01...10),
                    Parameter("m34", default: -0.002, in: -0.01...0),
        make: { CubePop(duration: $0, m34: $1) })
}

@_cdecl("stagehand_bundle_entry")
public func stagehandBundleEntry() -> UnsafeRawPointer {
    StagehandBundle.entry(name: "CubePop", version: "1.0.0", effects: [CubePop.declaration])
}

@_cdecl("cube_pop_create")
public func cubePopCreate(_ duration: Double, _ m34: Double) -> UnsafeRawPointer? {
    CubePop.declaration.export(duration, m34)
}
