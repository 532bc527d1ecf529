// The value types (Point, Size, Rect, Transform2D, Transform3D, Color) and the timing
// math (TimingCurve, Spring) live in StagehandGeometry, which the SDK shares, so that
// the runtime and every effect bundle compute with one definition. Re-exported so that
// the runtime's users keep writing `import StagehandCore` alone.
@_exported import StagehandGeometry
