/// One finger at one instant, as injected into a window (UITouch, reduced to a value).
///
/// UIKit hands out one mutable UITouch object per finger; Stagehand injects a fresh
/// value per event instead, so a scripted gesture is just a list of values and replays
/// identically. `id` ties the events of one finger together; `timestamp` is in the same
/// seconds as `Stage.now`, and is what velocities are computed from, so scripts decide
/// time exactly rather than reading a clock.
public struct Touch: Hashable, Sendable, CustomStringConvertible {
    /// Which finger: events with the same id belong to the same touch.
    public var id: Int
    public var phase: TouchPhase
    /// Where the finger is, in window coordinates.
    public var location: Point
    /// When, in seconds (the stage's clock, or any monotonic script time).
    public var timestamp: Double

    public init(id: Int = 0, phase: TouchPhase, location: Point, timestamp: Double) {
        self.id = id
        self.phase = phase
        self.location = location
        self.timestamp = timestamp
    }

    /// The location in `view`'s coordinate space (UITouch.location(in:)); `nil` means
    /// the window.
    public func location(in view: View?) -> Point {
        view?.convert(location, from: nil) ?? location
    }

    public var description: String { "touch \(id) \(phase.rawValue) at \(location) t=\(timestamp)" }
}
