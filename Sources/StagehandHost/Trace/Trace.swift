import StagehandCore

/// What a run looked like, frame by frame, and what happened: the `--trace` file, and
/// what the renderer draws. Documented in Documentation/Trace.md.
public struct Trace: Codable, Hashable, Sendable {
    public var fps: Int
    public var screen: [Double]
    public var frames: [Frame]
    public var events: [Event]

    public struct Frame: Codable, Hashable, Sendable {
        public var t: Double
        /// The top-most navigation controller's stack, bottom first.
        public var stack: [String]
        /// The presented controllers, in order of presentation.
        public var presented: [String]
        /// The percent of a running interactive transition, when one runs.
        public var percent: Double?
        /// Every view in the window, back to front.
        public var views: [ViewRecord]
    }

    public struct ViewRecord: Codable, Hashable, Sendable {
        public var title: String
        public var kind: String
        /// For snapshots: the kind of view copied.
        public var source: String?
        public var depth: Int
        public var frame: [Double]
        public var transform: [Double]
        public var alpha: Double
        /// The product of the alphas of the view and its ancestors: what shows.
        public var opacity: Double
        public var hidden: Bool
        public var corners: [[Double]]
        public var color: [Double]?
        public var cornerRadius: Double
        public var shadow: Double
    }

    public struct Event: Codable, Hashable, Sendable {
        public var t: Double
        public var kind: String
        public var effect: String
        public var operation: String
        public var interactive: Bool
        public var message: String?
    }
}
