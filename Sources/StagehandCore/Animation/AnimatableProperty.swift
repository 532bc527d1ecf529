/// The properties an animation block captures: the ones UIView animates, and the
/// layer's that 3D and masked transitions animate. A mask is two properties (its
/// rectangle and its corner radius) so that each runs in an existing value table.
public enum AnimatableProperty: String, Sendable, CaseIterable {
    case bounds, center, transform, alpha, backgroundColor, cornerRadius, shadowOpacity
    case sublayerTransform, maskRect, maskCornerRadius, shadowRadius, shadowOffset, shadowColor, zPosition
}

/// The value of one animatable property. An enum rather than a generic so that an
/// animation list stays one contiguous array of one type.
public enum AnimatableValue: Hashable, Sendable {
    case rect(Rect)
    case point(Point)
    case transform(Transform3D)
    case scalar(Double)
    case color(Color?)

    static func read(_ property: AnimatableProperty, from state: ViewState) -> AnimatableValue {
        switch property {
        case .bounds: return .rect(state.bounds)
        case .center: return .point(state.center)
        case .transform: return .transform(state.transform3D)
        case .alpha: return .scalar(state.alpha)
        case .backgroundColor: return .color(state.backgroundColor)
        case .cornerRadius: return .scalar(state.cornerRadius)
        case .shadowOpacity: return .scalar(state.shadowOpacity)
        case .sublayerTransform: return .transform(state.sublayerTransform)
        case .maskRect: return .rect(state.mask?.rect ?? .zero)
        case .maskCornerRadius: return .scalar(state.mask?.cornerRadius ?? 0)
        case .shadowRadius: return .scalar(state.shadowRadius)
        // An offset is a pair of numbers interpolated like a point's.
        case .shadowOffset: return .point(Point(x: state.shadowOffset.width, y: state.shadowOffset.height))
        case .shadowColor: return .color(state.shadowColor)
        case .zPosition: return .scalar(state.zPosition)
        }
    }

    func apply(to state: inout ViewState, property: AnimatableProperty) {
        switch (property, self) {
        case (.bounds, .rect(let r)): state.bounds = r
        case (.center, .point(let p)): state.center = p
        case (.transform, .transform(let t)): state.transform3D = t
        case (.alpha, .scalar(let v)): state.alpha = v
        case (.backgroundColor, .color(let c)): state.backgroundColor = c
        case (.cornerRadius, .scalar(let v)): state.cornerRadius = v
        case (.shadowOpacity, .scalar(let v)): state.shadowOpacity = v
        case (.sublayerTransform, .transform(let t)): state.sublayerTransform = t
        // A mask's parts apply only while it has one: removing it ends them.
        case (.maskRect, .rect(let r)): if state.mask != nil { state.mask!.rect = r }
        case (.maskCornerRadius, .scalar(let v)): if state.mask != nil { state.mask!.cornerRadius = v }
        case (.shadowRadius, .scalar(let v)): state.shadowRadius = v
        case (.shadowOffset, .point(let p)): state.shadowOffset = Size(width: p.x, height: p.y)
        case (.shadowColor, .color(let c)): state.shadowColor = c ?? .clear
        case (.zPosition, .scalar(let v)): state.zPosition = v
        default: assertionFailure("value \(self) does not fit property \(property)")
        }
    }

    /// The value `fraction` of the way from `from` to `to`; fractions outside 0...1
    /// extrapolate (springs overshoot). A missing colour is clear in the other's hue.
    static func interpolate(_ from: AnimatableValue, _ to: AnimatableValue, _ fraction: Double) -> AnimatableValue {
        switch (from, to) {
        case (.rect(let a), .rect(let b)): return .rect(.interpolate(from: a, to: b, fraction: fraction))
        case (.point(let a), .point(let b)): return .point(.interpolate(from: a, to: b, fraction: fraction))
        case (.transform(let a), .transform(let b)): return .transform(.interpolate(from: a, to: b, fraction: fraction))
        case (.scalar(let a), .scalar(let b)): return .scalar(a + (b - a) * fraction)
        case (.color(let a), .color(let b)):
            if a == nil && b == nil { return .color(nil) }
            let ca = a ?? Color(red: b!.red, green: b!.green, blue: b!.blue, alpha: 0)
            let cb = b ?? Color(red: ca.red, green: ca.green, blue: ca.blue, alpha: 0)
            return .color(.interpolate(from: ca, to: cb, fraction: fraction))
        default: return fraction < 1 ? from : to
        }
    }
}
