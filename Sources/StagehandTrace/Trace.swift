/// What a run looked like, frame by frame, and what happened: the `--trace` file, and
/// what the renderer draws. Documented in Documentation/Trace.md.
///
/// Plain data in its own module, so that reading or drawing a trace needs nothing of
/// the host that records it (no loader, no libffi).
public struct Trace: Codable, Hashable, Sendable {
    public var fps: Int
    public var screen: [Double]
    public var frames: [Frame]
    public var events: [Event]

    public init(fps: Int, screen: [Double], frames: [Frame], events: [Event]) {
        self.fps = fps; self.screen = screen; self.frames = frames; self.events = events
    }

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
        /// The fingers on the screen, `[x, y]` in screen points each, in the order of
        /// their touch ids; absent when none is (so traces of runs without touches read
        /// and compare as before). Pictures draw a dot at each (see Documentation/Rendering.md).
        public var touches: [[Double]]?

        public init(t: Double, stack: [String], presented: [String], percent: Double?, views: [ViewRecord],
                    touches: [[Double]]? = nil) {
            self.t = t; self.stack = stack; self.presented = presented; self.percent = percent; self.views = views
            self.touches = touches
        }
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
        /// The layer properties of ABI 1.2, each present only when it differs from its
        /// default (so traces of effects that do not use them read as before).
        /// `false` only: the view is not drawn while its back faces the viewer.
        public var doubleSided: Bool?
        /// The sublayer transform, row by row (`m11 … m44`), when not the identity. The
        /// subviews' `corners` already include it.
        public var sublayerTransform: [Double]?
        /// `true` only: subviews are drawn only inside the bounds (rounded by `cornerRadius`).
        public var clips: Bool?
        /// `[x, y, width, height, cornerRadius]`: only what lies inside this rounded
        /// rectangle is drawn. In the view's own space, measured from its bounds' top
        /// left corner (`corners[0]`), in the units of `size`.
        public var mask: [Double]?
        /// The bounds' size `[width, height]`, given with `clips` or `mask`: what maps
        /// the view's space onto its `corners`.
        public var size: [Double]?
        public var shadowRadius: Double?
        public var shadowOffset: [Double]?
        public var shadowColor: [Double]?
        public var zPosition: Double?
        /// The view's match identifier, when it has one (see Documentation/MatchedViews.md).
        public var match: String?
        /// How the view is composited, when not normally: `"plus-lighter"` (its colour
        /// is added to what its earlier siblings drew; see Documentation/Trace.md).
        public var compositing: String?

        public init(title: String, kind: String, source: String?, depth: Int, frame: [Double], transform: [Double],
                    alpha: Double, opacity: Double, hidden: Bool, corners: [[Double]], color: [Double]?,
                    cornerRadius: Double, shadow: Double) {
            self.title = title; self.kind = kind; self.source = source; self.depth = depth; self.frame = frame
            self.transform = transform; self.alpha = alpha; self.opacity = opacity; self.hidden = hidden
            self.corners = corners; self.color = color; self.cornerRadius = cornerRadius; self.shadow = shadow
        }
    }

    public struct Event: Codable, Hashable, Sendable {
        public var t: Double
        public var kind: String
        public var effect: String
        public var operation: String
        public var interactive: Bool
        public var message: String?

        public init(t: Double, kind: String, effect: String, operation: String, interactive: Bool, message: String?) {
            self.t = t; self.kind = kind; self.effect = effect; self.operation = operation
            self.interactive = interactive; self.message = message
        }
    }
}
