// The value types (Point, Size, Rect, Transform2D, Transform3D, Color) and the timing
// math (TimingCurve, Spring) live in StagehandGeometry, which the runtime shares, so
// that an effect computes with exactly the definitions the host animates with (each
// bundle links its own copy: value types, so nothing is lost, and nothing Swift
// crosses the ABI). Re-exported so that effects keep writing `import StagehandSDK` alone.
@_exported import StagehandGeometry
