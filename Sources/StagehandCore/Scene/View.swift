/// A rectangle on screen with a look, a place in a hierarchy and gesture recognizers:
/// UIView and its layer in one. A class, because identity matters: a view is the same
/// view wherever it moves in the hierarchy.
///
/// The properties hold *model* values. Changing one inside an `animate` block records an
/// animation from the current value to the new one (see `View.animate`), and the
/// `presentation` shows what is on screen at the current time.
open class View {
    /// What a view is, for traces and pictures.
    ///
    /// The last seven are a screen's content (see `isContent`): what a controller's view
    /// shows inside it, so pictures look like an app's screens. Their `label` is their
    /// text and their `backgroundColor` their colour — the fill of a panel, an image or a
    /// button; the ink of a title, a text, a chevron or a separator. A title and a text
    /// are one line whose font size follows the view's height.
    public enum Kind: String, Sendable, CaseIterable {
        case view, snapshot, navigationBar, container, window, dimming
        /// A filled rounded rectangle: a group of rows, a header strip, an icon.
        case panel
        /// A bold line of text centred in the view.
        case title
        /// A line of text from the view's left edge.
        case text
        /// A picture: a block of colour with a sun and hills.
        case image
        /// A filled rounded rectangle with its label centred on it.
        case button
        /// A chevron drawn in the view's bounds: pointing right when its label is
        /// `disclosure` (a row that opens something), left otherwise (back).
        case chevron
        /// A hairline.
        case separator

        /// Whether this is content drawn inside a screen. A snapshot's copy of content
        /// keeps its kind, so the snapshot itself is the only view counted as one.
        public var isContent: Bool {
            switch self {
            case .panel, .title, .text, .image, .button, .chevron, .separator: return true
            case .view, .snapshot, .navigationBar, .container, .window, .dimming: return false
            }
        }
    }

    public let kind: Kind
    // `label`, `name`, `matchID`, `viewController` and `sourceKind` are read for every
    // view of every frame a trace records: not checked for overlapping access at run
    // time, as `modelValues` (each is a plain value, set whole).
    /// The text drawn on the view in pictures (a label's text; a controller's title).
    @exclusivity(unchecked)
    public var label: String? {
        didSet { recordMemo = nil }
    }
    /// A name for diagnostics and traces; defaults to the label.
    @exclusivity(unchecked)
    public var name: String? {
        didSet { recordMemo = nil }
    }
    /// The match identifier (Hero's `heroID`, CSS's `view-transition-name`): when a
    /// transition starts, a view of the outgoing screen and one of the incoming screen
    /// that carry the same identifier become a pair the effect may fly from one to the
    /// other (see `TransitionContext.matchedPairs` and Documentation/MatchedViews.md).
    /// `nil` or empty: the view matches nothing. Not animatable; a snapshot does not copy it,
    /// so a flying copy never becomes a second view with the identifier.
    @exclusivity(unchecked)
    public var matchID: String? {
        didSet { recordMemo = nil }
    }

    /// The layer's model values.
    public var model: ViewState { modelValues }
    /// `model`, changed only through here: a change forgets what this view and those
    /// above it kept of their drawing (see `DrawnExtentCache`). An observer on `model`
    /// itself would list it in the public API as settable.
    ///
    /// Read for every view of every frame a trace records (its presentation, its
    /// siblings' drawing order), so not checked for overlapping access at run time: the
    /// check is a call into the runtime and a thread-local lookup each time, as much as
    /// the read. Every change goes through a setter (`change`, the layer properties'),
    /// none while the value is being read.
    @exclusivity(unchecked)
    var modelValues: ViewState {
        didSet {
            forgetDrawnExtent()
            forgetRecordMemo()
        }
    }

    public private(set) weak var superview: View?
    public var subviews: [View] { subviewList }
    /// `subviews`, changed only through here (as `modelValues`, and for the same reason).
    /// Not checked for overlapping access at run time, as `modelValues`.
    @exclusivity(unchecked)
    private var subviewList: [View] = [] {
        didSet {
            forgetDrawnExtent()
            recordMemo = nil
        }
    }
    public internal(set) var gestureRecognizers: [GestureRecognizer] = []

    /// The controller whose root view this is (UIView's next responder).
    @exclusivity(unchecked)
    public internal(set) weak var viewController: ViewController? {
        didSet { recordMemo = nil }
    }

    /// This view's rows in its engine's animation tables, at most one per property.
    /// Read for every view of every frame a trace records (its presentation, whether it
    /// animates, its siblings' drawing order): not checked for overlapping access at run
    /// time, as `modelValues`; every change is a whole row set by the engine, none while
    /// the rows are being read.
    @exclusivity(unchecked)
    var animationRows = AnimationRows() {
        // An animation starting or ending changes what the presentation reads.
        didSet {
            forgetDrawnExtent()
            forgetRecordMemo()
        }
    }
    /// `drawnExtent()` as last worked out, while nothing it reads has changed.
    var drawnExtentCache = DrawnExtentCache.unknown
    /// What a trace recorder keeps of this view between frames (see `ViewRecordMemo`): a
    /// copied view inside a snapshot is recorded every frame and never changes. Dropped
    /// by every change to what it was made from: the model, the animations, the subview
    /// list, the label, name, match identifier, source kind and controller, and by a
    /// subview's model or animations (it knows its subviews' drawing order, see
    /// `forgetRecordMemo`). Read and set only on the thread that steps the view's stage,
    /// as every other property; not checked for overlapping access at run time, as
    /// `modelValues`. Not final: read from another module, a final property would be
    /// read in place there, checked (a call into the runtime for every view of every
    /// frame); read through its accessor, it is read here, unchecked.
    @exclusivity(unchecked)
    package var recordMemo: ViewRecordMemo?

    /// The engine whose tables `animationRows` index (the stage's that animated it).
    weak var animationEngine: Animator?

    /// Set on a transition's container: animations of views below it run on this
    /// timeline, as Core Animation's layer-time hierarchy lets a paused container drive
    /// every animation inside it.
    var timeline: AnimationTimeline?

    public init(frame: Rect = .zero, kind: Kind = .view, label: String? = nil) {
        self.kind = kind
        self.label = label
        self.modelValues = ViewState(frame: frame)
    }

    // MARK: - Animatable properties

    public var frame: Rect {
        get { model.frame }
        set {
            var next = model
            next.setFrame(newValue)
            change(.bounds, to: .rect(next.bounds))
            change(.center, to: .point(next.center))
        }
    }

    public var bounds: Rect {
        get { model.bounds }
        set { change(.bounds, to: .rect(newValue)) }
    }

    public var center: Point {
        get { model.center }
        set { change(.center, to: .point(newValue)) }
    }

    /// The affine form of `transform3D`; setting it replaces the whole 3D transform.
    public var transform: Transform2D {
        get { model.transform }
        set { change(.transform, to: .transform(Transform3D(newValue))) }
    }

    public var transform3D: Transform3D {
        get { model.transform3D }
        set { change(.transform, to: .transform(newValue)) }
    }

    public var alpha: Double {
        get { model.alpha }
        set { change(.alpha, to: .scalar(newValue)) }
    }

    public var backgroundColor: Color? {
        get { model.backgroundColor }
        set { change(.backgroundColor, to: .color(newValue)) }
    }

    public var cornerRadius: Double {
        get { model.cornerRadius }
        set { change(.cornerRadius, to: .scalar(newValue)) }
    }

    public var shadowOpacity: Double {
        get { model.shadowOpacity }
        set { change(.shadowOpacity, to: .scalar(newValue)) }
    }

    /// Not animatable, as in UIKit: changes at once even inside an animation block.
    public var isHidden: Bool {
        get { model.isHidden }
        set { modelValues.isHidden = newValue }
    }

    /// Not animatable; keeps the frame's position the way Core Animation does not — it
    /// moves the layer. Set it before placing the view.
    public var anchorPoint: Point {
        get { model.anchorPoint }
        set { modelValues.anchorPoint = newValue }
    }

    /// What is on screen now: the model with every running animation's current value.
    public var presentation: ViewState {
        var state = model
        if animationRows.count > 0, let engine = animationEngine {
            engine.applyCurrentValues(of: self, to: &state)
        }
        return state
    }

    func change(_ property: AnimatableProperty, to value: AnimatableValue) {
        let old = AnimatableValue.read(property, from: model)
        value.apply(to: &modelValues, property: property)
        Animator.current.recordChange(of: self, property: property, from: old, to: value)
    }

    /// Drops the record memo of this view and of its superview, whose memo holds
    /// whether its subviews are drawn in their order (which reads their zPosition and
    /// its animation).
    func forgetRecordMemo() {
        recordMemo = nil
        superview?.recordMemo = nil
    }

    // MARK: - Hierarchy

    public func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` at `index` (clamped to the valid range, as UIKit does). A view
    /// already in a hierarchy leaves it first; adding a view to itself or to one of its
    /// descendants is ignored (UIKit raises; Stagehand refuses quietly to stay consistent).
    public func insertSubview(_ view: View, at index: Int) {
        guard view !== self, !isDescendant(of: view) else { return }
        if view.superview === self, let current = subviews.firstIndex(where: { $0 === view }) {
            subviewList.remove(at: current)
            subviewList.insert(view, at: min(max(index, 0), subviewList.count))
            return
        }
        view.removeFromSuperview()
        subviewList.insert(view, at: min(max(index, 0), subviewList.count))
        view.superview = self
    }

    public func insertSubview(_ view: View, aboveSubview sibling: View) {
        guard let i = subviews.firstIndex(where: { $0 === sibling }) else { return addSubview(view) }
        let adjust = (view.superview === self && (subviews.firstIndex { $0 === view } ?? .max) < i) ? 0 : 1
        insertSubview(view, at: i + adjust)
    }

    public func insertSubview(_ view: View, belowSubview sibling: View) {
        guard let i = subviews.firstIndex(where: { $0 === sibling }) else { return insertSubview(view, at: 0) }
        let adjust = (view.superview === self && (subviews.firstIndex { $0 === view } ?? .max) < i) ? -1 : 0
        insertSubview(view, at: i + adjust)
    }

    public func bringSubviewToFront(_ view: View) {
        guard view.superview === self else { return }
        insertSubview(view, at: subviews.count)
    }

    public func sendSubviewToBack(_ view: View) {
        guard view.superview === self else { return }
        insertSubview(view, at: 0)
    }

    /// The view is in its superview's list once: found and taken out there, rather than
    /// the whole list filtered (an effect that removes its hundreds of tiles one by one
    /// would go through every sibling for each).
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        if let index = parent.subviews.firstIndex(where: { $0 === self }) { parent.subviewList.remove(at: index) }
        superview = nil
    }

    /// Makes `list` this view's subviews, in that order: each leaves the parent it has
    /// now, and a subview not in `list` leaves this view. Cancelling a transition puts a
    /// hierarchy back this way.
    func replaceSubviews(with list: [View]) {
        for child in list where child.superview !== self { child.removeFromSuperview() }
        for child in subviews where !list.contains(where: { $0 === child }) { child.superview = nil }
        subviewList = list
        for child in list { child.superview = self }
    }

    public func isDescendant(of view: View) -> Bool {
        var node: View? = self
        while let n = node {
            if n === view { return true }
            node = n.superview
        }
        return false
    }

    /// The view and all its descendants, back to front (painter's order: siblings in
    /// increasing zPosition, then in subview order).
    public var allViewsBackToFront: [View] {
        var out: [View] = []
        func walk(_ v: View) {
            out.append(v)
            for s in v.subviewsInDrawingOrder { walk(s) }
        }
        walk(self)
        return out
    }

    /// The subviews in the order they are drawn, back to front: by increasing
    /// zPosition (on screen), subview order among equals, as Core Animation sorts
    /// sublayers. The subviews themselves when no zPosition is set (no sort, no copy).
    public var subviewsInDrawingOrder: [View] {
        guard !subviewsAreInDrawingOrder else { return subviews }
        return subviews.enumerated()
            .map { (index: $0.offset, z: $0.element.presentation.zPosition, view: $0.element) }
            .sorted { $0.z != $1.z ? $0.z < $1.z : $0.index < $1.index }
            .map(\.view)
    }

    /// Whether `subviewsInDrawingOrder` is `subviews`: no subview has a zPosition or an
    /// animation of it.
    package var subviewsAreInDrawingOrder: Bool {
        !subviews.contains(where: { $0.model.zPosition != 0 || $0.animationRows[.zPosition] >= 0 })
    }

    /// Whether an animation of this view is running: its presentation is then not its
    /// model, and moves with the clock.
    package var isAnimating: Bool { animationRows.count > 0 }

    /// The window this view is in, if any.
    public var window: Window? {
        var node: View? = self
        while let n = node {
            if let w = n as? Window { return w }
            node = n.superview
        }
        return nil
    }

    // MARK: - Gestures

    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        recognizer.view?.removeGestureRecognizer(recognizer)
        gestureRecognizers.append(recognizer)
        recognizer.view = self
    }

    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard recognizer.view === self else { return }
        gestureRecognizers.removeAll { $0 === recognizer }
        recognizer.view = nil
    }

    // MARK: - Snapshots

    /// A new view that looks like this one now (snapshotView(afterScreenUpdates:)): the
    /// presentation values, the label, and copies of the visible subviews. It is not in
    /// any hierarchy and has no gesture recognizers or controller.
    open func snapshotView() -> View {
        resetForSnapshot(copyForSnapshot(parent: nil))
    }

    /// A snapshot without the views `excluding` names (nor what is inside them): the
    /// flying copy of a matched view leaves out the matched views inside it.
    func snapshotView(excluding: Set<ObjectIdentifier>) -> View {
        resetForSnapshot(copyForSnapshot(parent: nil, excluding: excluding))
    }

    /// A snapshot holding only the subviews that can draw inside `region` (in this
    /// view's bounds coordinates): the same pixels there as `snapshotView()`.
    func snapshotView(keeping region: Rect) -> View {
        resetForSnapshot(copyForSnapshot(parent: nil, keeping: region))
    }

    private func resetForSnapshot(_ copy: View) -> View {
        copy.name = "snapshot of \(displayName)"
        // The snapshot is the view's own rendering: its position, not its transform or
        // its opacity, which the copy's own properties now control.
        copy.modelValues.transform3D = .identity
        copy.modelValues.alpha = 1
        copy.modelValues.isHidden = false
        copy.modelValues.zPosition = 0
        copy.modelValues.isDoubleSided = true
        copy.modelValues.compositing = .normal
        return copy
    }

    /// For snapshots: what kind of view was copied (drawn the same way).
    @exclusivity(unchecked)
    public internal(set) var sourceKind: Kind? {
        didSet { recordMemo = nil }
    }

    /// A copy of this view (presentation values) and of its visible subviews. With a
    /// `region` (in this view's bounds coordinates), only the subviews whose drawing can
    /// reach it: a subview is left out only when the box of everything it draws
    /// (`drawnExtent`), mapped up to the region's space, misses the region, so the
    /// region shows the same pixels with or without it.
    func copyForSnapshot(parent: View?, keeping region: Rect? = nil,
                         excluding: Set<ObjectIdentifier> = []) -> View {
        var pass = SnapshotPass(region: region, excluding: excluding)
        return copyForSnapshot(parent: parent, state: presentation, pass: &pass)
    }

    /// The copy, from this view's presentation `state` (worked out once by the caller,
    /// which needed it for the transform up to it).
    private func copyForSnapshot(parent: View?, state: ViewState, pass: inout SnapshotPass) -> View {
        let copy = View(frame: .zero, kind: kind.isContent ? kind : .snapshot, label: label)
        copy.name = name
        copy.modelValues = state
        copy.sourceKind = kind.isContent ? nil : sourceKind ?? kind
        copy.superview = parent
        let sublayer = state.sublayerTransformInBounds
        // `isHidden` is not animatable: the model's is what shows.
        for sub in subviews where !sub.model.isHidden {
            if !pass.excluding.isEmpty, pass.excluding.contains(ObjectIdentifier(sub)) { continue }
            let subState = sub.presentation
            guard let region = pass.region else {
                let child = sub.copyForSnapshot(parent: copy, state: subState, pass: &pass)
                copy.subviewList.append(child)
                continue
            }
            let toSuperview = Self.toSuperview(own: subState, sublayer: sublayer)
            if let extent = sub.drawnExtent(memo: &pass.memo),
               let box = pass.boxInRegionSpace(extent, toSuperview: toSuperview), !box.intersects(region) {
                continue
            }
            pass.upward.append(toSuperview)
            let child = sub.copyForSnapshot(parent: copy, state: subState, pass: &pass)
            pass.upward.removeLast()
            copy.subviewList.append(child)
        }
        return copy
    }

    // MARK: - Coordinates

    /// Maps a point in this view's bounds to the window (or the root of its hierarchy),
    /// through every ancestor's transform, perspective included. Each level is flattened
    /// (divided by w) as Core Animation flattens each layer into its parent.
    public func convertToWindow(_ point: Point, presentation usePresentation: Bool = true) -> Point {
        var p = point
        var node: View? = self
        while let v = node, !(v is Window) {
            p = v.toSuperview(presentation: usePresentation).project(x: p.x, y: p.y).point
            node = v.superview
        }
        return p
    }

    /// The transform from this view's bounds to its superview's bounds, the
    /// superview's `sublayerTransform` included (applied after the view's own transform,
    /// then flattened into the superview as Core Animation flattens each layer).
    public func toSuperview(presentation usePresentation: Bool = true) -> Transform3D {
        let own = (usePresentation ? presentation : model).toSuperview
        guard let parent = superview,
              let sublayer = (usePresentation ? parent.presentation : parent.model).sublayerTransformInBounds else { return own }
        return own.concatenating(sublayer)
    }

    /// Maps a window point into this view's bounds (the inverse of `convertToWindow`),
    /// for 2D transforms exactly; for 3D ones, by inverting each level's plane mapping.
    public func convertFromWindow(_ point: Point, presentation usePresentation: Bool = true) -> Point {
        var chain: [View] = []
        var node: View? = self
        while let v = node, !(v is Window) {
            chain.append(v)
            node = v.superview
        }
        var p = point
        for v in chain.reversed() {
            p = PlaneMapping(v.toSuperview(presentation: usePresentation)).inverse(p)
        }
        return p
    }

    /// UIView.convert(_:to:): `nil` means the window.
    public func convert(_ point: Point, to view: View?) -> Point {
        let w = convertToWindow(point)
        return view?.convertFromWindow(w) ?? w
    }

    /// UIView.convert(_:from:): `nil` means the window.
    public func convert(_ point: Point, from view: View?) -> Point {
        let w = view?.convertToWindow(point) ?? point
        return convertFromWindow(w)
    }

    /// The four corners of the bounds, projected to the window (clockwise from top left).
    public func cornersInWindow(presentation usePresentation: Bool = true) -> [Point] {
        let b = (usePresentation ? presentation : model).bounds
        return b.corners.map { convertToWindow($0, presentation: usePresentation) }
    }

    /// The deepest visible, interactive view containing a window point (hitTest).
    public func hitTest(windowPoint: Point) -> View? {
        let state = presentation
        guard !state.isHidden, state.alpha > 0.01 else { return nil }
        let local = convertFromWindow(windowPoint)
        guard state.bounds.contains(local) || self is Window else { return nil }
        for sub in subviewsInDrawingOrder.reversed() {
            if let hit = sub.hitTest(windowPoint: windowPoint) { return hit }
        }
        return self
    }

    /// What to call the view in messages and traces.
    public var displayName: String { name ?? label ?? viewController?.title ?? kind.rawValue }
}
