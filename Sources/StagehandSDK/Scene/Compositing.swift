import StagehandABI

/// How a view is put onto what lies behind it (ABI 1.3).
///
/// `plusLighter` is CSS's `mix-blend-mode: plus-lighter`: the view's colour is added to
/// what the siblings before it drew, so two identical images at opacities p and 1 − p
/// make exactly the image (normal compositing lets what lies behind show through: the
/// alpha dip of a semi-transparent cross-fade). The parent of such a view is drawn as
/// an isolated group, so put both images of a cross-fade in one holder view.
public enum Compositing: Sendable, Hashable {
    case normal
    case plusLighter

    init(_ abi: sh_compositing) {
        self = abi == SH_COMPOSITING_PLUS_LIGHTER ? .plusLighter : .normal
    }

    var abi: sh_compositing {
        self == .plusLighter ? SH_COMPOSITING_PLUS_LIGHTER : SH_COMPOSITING_NORMAL
    }
}
