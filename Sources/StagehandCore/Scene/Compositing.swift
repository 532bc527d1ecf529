/// How a view is put onto what is drawn behind it.
///
/// `plusLighter` is CSS's `mix-blend-mode: plus-lighter`: the view's colour (its
/// premultiplied pixels, its opacity applied) is added to what the siblings before it
/// drew (not its parent's own fill), clamped at full. Two identical images at opacities p and
/// 1 − p then make exactly the image, where normal compositing makes p + (1 − p)·p < 1
/// of it — the alpha dip a cross-fade of two semi-transparent copies shows. A view that
/// holds a plus-lighter subview is drawn as an isolated group (CSS's `isolation:
/// isolate` image pair): its subviews add up among themselves first, and the sum is
/// put over what lies behind, never added to it.
public enum Compositing: String, Sendable, Hashable, CaseIterable {
    case normal
    case plusLighter = "plus-lighter"
}

extension View {
    /// How the view is composited (see `Compositing`). Not animatable: a cross-fade sets
    /// it once and animates the alphas.
    public var compositing: Compositing {
        get { model.compositing }
        set { modelValues.compositing = newValue }
    }
}
