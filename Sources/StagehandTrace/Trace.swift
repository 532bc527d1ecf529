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
        // The optional members are spelled `Optional<…>`, not `…?`: a `var` declared
        // `T?` is set to nil before an initializer runs, and then assigned again there,
        // which had the recorder build every record aside and copy it into the frame's
        // array (every reference retained, then released for the copy destroyed). Each
        // initializer sets every member.
        public var title: String
        public var kind: String
        /// For snapshots: the kind of view copied.
        public var source: Optional<String>
        public var depth: Int
        public var frame: [Double] {
            get { frameList.array }
            set { frameList = NumberList(newValue) }
        }
        public var transform: [Double] {
            get { transformList.array }
            set { transformList = NumberList(newValue) }
        }
        public var alpha: Double
        /// The product of the alphas of the view and its ancestors: what shows.
        public var opacity: Double
        public var hidden: Bool
        public var corners: [[Double]] {
            get { cornerList.array }
            set { cornerList = CornerList(newValue) }
        }
        public var color: [Double]? {
            get { colorList?.array }
            set { colorList = newValue.map(NumberList.init) }
        }
        public var cornerRadius: Double
        public var shadow: Double
        /// The layer properties of ABI 1.2, each present only when it differs from its
        /// default (so traces of effects that do not use them read as before).
        /// `false` only: the view is not drawn while its back faces the viewer.
        public var doubleSided: Optional<Bool>
        /// The sublayer transform, row by row (`m11 … m44`), when not the identity. The
        /// subviews' `corners` already include it.
        public var sublayerTransform: Optional<[Double]>
        /// `true` only: subviews are drawn only inside the bounds (rounded by `cornerRadius`).
        public var clips: Optional<Bool>
        /// `[x, y, width, height, cornerRadius]`: only what lies inside this rounded
        /// rectangle is drawn. In the view's own space, measured from its bounds' top
        /// left corner (`corners[0]`), in the units of `size`.
        public var mask: Optional<[Double]>
        /// The bounds' size `[width, height]`, given with `clips` or `mask`: what maps
        /// the view's space onto its `corners`.
        public var size: Optional<[Double]>
        public var shadowRadius: Optional<Double>
        public var shadowOffset: Optional<[Double]>
        public var shadowColor: Optional<[Double]>
        public var zPosition: Optional<Double>
        /// The view's match identifier, when it has one (see Documentation/MatchedViews.md).
        public var match: Optional<String>
        /// How the view is composited, when not normally: `"plus-lighter"` (its colour
        /// is added to what its earlier siblings drew; see Documentation/Trace.md).
        public var compositing: Optional<String>

        /// `frame`, `transform`, `corners` and `color` held in place: every frame records
        /// every view, and these lists as arrays were most of the heap blocks a frame made,
        /// copied and freed (see `NumberList`). Read them here, not through the arrays,
        /// where a record is read often (painting every frame).
        @usableFromInline package var frameList: NumberList
        @usableFromInline package var transformList: NumberList
        @usableFromInline package var cornerList: CornerList
        @usableFromInline package var colorList: Optional<NumberList>

        public init(title: String, kind: String, source: String?, depth: Int, frame: [Double], transform: [Double],
                    alpha: Double, opacity: Double, hidden: Bool, corners: [[Double]], color: [Double]?,
                    cornerRadius: Double, shadow: Double) {
            self.init(title: title, kind: kind, source: source, depth: depth, frame: NumberList(frame),
                      transform: NumberList(transform), alpha: alpha, opacity: opacity, hidden: hidden,
                      corners: CornerList(corners), color: color.map(NumberList.init), cornerRadius: cornerRadius, shadow: shadow)
        }

        /// The record from lists already in place (the host's recorder makes no arrays).
        /// Inlinable, so that the recorder builds it where it goes rather than copying it
        /// there field by field.
        @inlinable
        package init(title: String, kind: String, source: String?, depth: Int, frame: NumberList, transform: NumberList,
                     alpha: Double, opacity: Double, hidden: Bool, corners: CornerList, color: NumberList?,
                     cornerRadius: Double, shadow: Double) {
            self.title = title; self.kind = kind; self.source = source; self.depth = depth; self.frameList = frame
            self.transformList = transform; self.alpha = alpha; self.opacity = opacity; self.hidden = hidden
            self.cornerList = corners; self.colorList = color; self.cornerRadius = cornerRadius; self.shadow = shadow
            self.doubleSided = nil; self.sublayerTransform = nil; self.clips = nil; self.mask = nil; self.size = nil; self.shadowRadius = nil
            self.shadowOffset = nil; self.shadowColor = nil; self.zPosition = nil; self.match = nil; self.compositing = nil
        }

        /// The record from the numbers themselves (the host's recorder): each list is made
        /// here, in its place. Passed in made, a list was copied in and its argument
        /// destroyed, neither a plain move (a list may hold an array), for every view of
        /// every frame. The lists are those `NumberList`'s and `CornerList`'s initializers
        /// of four, six and eight numbers make.
        @inlinable
        package init(title: String, kind: String, source: String?, depth: Int,
                     frame: (Double, Double, Double, Double),
                     transform: (Double, Double, Double, Double, Double, Double),
                     alpha: Double, opacity: Double, hidden: Bool, corners: NumberList.Eight,
                     color: (Double, Double, Double, Double)?, cornerRadius: Double, shadow: Double) {
            self.title = title; self.kind = kind; self.source = source; self.depth = depth
            self.frameList = NumberList(exactly: (frame.0, frame.1, frame.2, frame.3, 0, 0, 0, 0), count: 4, longer: nil)
            self.transformList = NumberList(exactly: (transform.0, transform.1, transform.2, transform.3, transform.4,
                                                      transform.5, 0, 0), count: 6, longer: nil)
            self.alpha = alpha; self.opacity = opacity; self.hidden = hidden
            self.cornerList = CornerList(exactly: NumberList(exactly: corners, count: 8, longer: nil), other: nil)
            self.colorList = color.map { NumberList(exactly: ($0.0, $0.1, $0.2, $0.3, 0, 0, 0, 0), count: 4, longer: nil) }
            self.cornerRadius = cornerRadius; self.shadow = shadow
            self.doubleSided = nil; self.sublayerTransform = nil; self.clips = nil; self.mask = nil; self.size = nil; self.shadowRadius = nil
            self.shadowOffset = nil; self.shadowColor = nil; self.zPosition = nil; self.match = nil; self.compositing = nil
        }

        /// The members of the JSON form, in the order the record declares them.
        private enum CodingKeys: String, CodingKey {
            case title, kind, source, depth, frame, transform, alpha, opacity, hidden, corners, color, cornerRadius, shadow
            case doubleSided, sublayerTransform, clips, mask, size, shadowRadius, shadowOffset, shadowColor, zPosition
            case match, compositing
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            self.init(title: try c.decode(String.self, forKey: .title), kind: try c.decode(String.self, forKey: .kind),
                      source: try c.decodeIfPresent(String.self, forKey: .source), depth: try c.decode(Int.self, forKey: .depth),
                      frame: try c.decode([Double].self, forKey: .frame), transform: try c.decode([Double].self, forKey: .transform),
                      alpha: try c.decode(Double.self, forKey: .alpha), opacity: try c.decode(Double.self, forKey: .opacity),
                      hidden: try c.decode(Bool.self, forKey: .hidden), corners: try c.decode([[Double]].self, forKey: .corners),
                      color: try c.decodeIfPresent([Double].self, forKey: .color),
                      cornerRadius: try c.decode(Double.self, forKey: .cornerRadius), shadow: try c.decode(Double.self, forKey: .shadow))
            doubleSided = try c.decodeIfPresent(Bool.self, forKey: .doubleSided)
            sublayerTransform = try c.decodeIfPresent([Double].self, forKey: .sublayerTransform)
            clips = try c.decodeIfPresent(Bool.self, forKey: .clips)
            mask = try c.decodeIfPresent([Double].self, forKey: .mask)
            size = try c.decodeIfPresent([Double].self, forKey: .size)
            shadowRadius = try c.decodeIfPresent(Double.self, forKey: .shadowRadius)
            shadowOffset = try c.decodeIfPresent([Double].self, forKey: .shadowOffset)
            shadowColor = try c.decodeIfPresent([Double].self, forKey: .shadowColor)
            zPosition = try c.decodeIfPresent(Double.self, forKey: .zPosition)
            match = try c.decodeIfPresent(String.self, forKey: .match)
            compositing = try c.decodeIfPresent(String.self, forKey: .compositing)
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(title, forKey: .title)
            try c.encode(kind, forKey: .kind)
            try c.encodeIfPresent(source, forKey: .source)
            try c.encode(depth, forKey: .depth)
            try c.encode(frame, forKey: .frame)
            try c.encode(transform, forKey: .transform)
            try c.encode(alpha, forKey: .alpha)
            try c.encode(opacity, forKey: .opacity)
            try c.encode(hidden, forKey: .hidden)
            try c.encode(corners, forKey: .corners)
            try c.encodeIfPresent(color, forKey: .color)
            try c.encode(cornerRadius, forKey: .cornerRadius)
            try c.encode(shadow, forKey: .shadow)
            try c.encodeIfPresent(doubleSided, forKey: .doubleSided)
            try c.encodeIfPresent(sublayerTransform, forKey: .sublayerTransform)
            try c.encodeIfPresent(clips, forKey: .clips)
            try c.encodeIfPresent(mask, forKey: .mask)
            try c.encodeIfPresent(size, forKey: .size)
            try c.encodeIfPresent(shadowRadius, forKey: .shadowRadius)
            try c.encodeIfPresent(shadowOffset, forKey: .shadowOffset)
            try c.encodeIfPresent(shadowColor, forKey: .shadowColor)
            try c.encodeIfPresent(zPosition, forKey: .zPosition)
            try c.encodeIfPresent(match, forKey: .match)
            try c.encodeIfPresent(compositing, forKey: .compositing)
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
