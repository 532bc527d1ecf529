/// What a view looks like at one moment of a track: only the properties written, each a
/// value expression. A property a track never writes is never touched.
///
/// The transform is built in a fixed order: translate · rotate · scale about the anchor
/// (what the view's own transform does to its points: scaled first, then rotated, then
/// moved), with `perspective` (the m34 = −1/p of CATransform3D) when it is 3D.
struct Pose: Equatable, Sendable {
    enum Property: String, CaseIterable, Sendable {
        case x, y, scale, scaleX, scaleY, rotate, rotateX, rotateY, perspective
        case alpha, cornerRadius, topCornerRadius, shadowOpacity, shadowRadius, zPosition, backgroundColor, hidden

        /// Which axis `%` refers to.
        var axis: ExpressionReader.Axis {
            switch self {
            case .x: return .x
            case .y: return .y
            default: return .none
            }
        }

        var isTransform: Bool {
            switch self {
            case .x, .y, .scale, .scaleX, .scaleY, .rotate, .rotateX, .rotateY, .perspective: return true
            default: return false
            }
        }

        var is3D: Bool { self == .rotateX || self == .rotateY || self == .perspective }
    }

    var values: [Property: ValueExpression] = [:]
    /// `backgroundColor`, as r, g, b, a from 0 to 1.
    var color: [Double]?
    var hidden: Bool?

    var properties: Set<Property> {
        var set = Set(values.keys)
        if color != nil { set.insert(.backgroundColor) }
        if hidden != nil { set.insert(.hidden) }
        return set
    }

    /// The value a property has at rest: identity, opaque, square, no shadow.
    static func restValue(of property: Property) -> Double {
        switch property {
        case .scale, .scaleX, .scaleY, .alpha: return 1
        case .perspective: return 0
        default: return 0
        }
    }
}
