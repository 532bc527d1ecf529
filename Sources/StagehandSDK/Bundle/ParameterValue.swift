/// A Swift type an effect parameter can have: one of the C types the host can pass to a
/// factory (`ParameterType`), with the argument type the exported factory receives.
///
/// The SDK makes `Double`, `Float`, `Int32`, `Int64`, `UInt32`, `Bool` and `String`
/// conform; these are all the types the manifest format has, so a bundle has no reason
/// to add conformances of its own. Each one ties three things together, which is what
/// keeps a declaration and its factory from disagreeing:
///
/// - `parameterType`: the `type` the manifest declares, so the host calls the factory
///   with that C type;
/// - `FactoryArgument`: the Swift type of that C argument in the `@_cdecl` factory
///   (`Double` for `double`, `UnsafePointer<CChar>?` for `const char *`), which
///   ``EffectDeclaration/export(_:)`` requires, so a factory with the wrong types or the
///   wrong number of arguments does not compile;
/// - `init?(factoryArgument:)`: the value the effect receives.
public protocol ParameterValue: Sendable, CustomStringConvertible {
    /// The Swift type of the C argument the exported factory receives.
    associatedtype FactoryArgument

    /// The C type the manifest declares for a parameter of this type.
    static var parameterType: ParameterType { get }

    /// The value of a factory argument; `nil` when there is none (a NULL string), which
    /// the declaration treats as a refused parameter.
    init?(factoryArgument: FactoryArgument)

    /// The manifest entry of a parameter of this type without bounds.
    static func manifest(_ name: String, default value: Self) -> ParameterManifest
}

/// A parameter type with an order, so a parameter can declare bounds (`min` and `max` in
/// the manifest): the numbers. Booleans and strings have no bounds.
public protocol BoundedParameterValue: ParameterValue, Comparable {
    /// The manifest entry of a parameter of this type with `bounds`.
    static func manifest(_ name: String, default value: Self, in bounds: ClosedRange<Self>) -> ParameterManifest
}

extension Double: BoundedParameterValue {
    public static var parameterType: ParameterType { .double }
    public init?(factoryArgument: Double) { self = factoryArgument }
    public static func manifest(_ name: String, default value: Double) -> ParameterManifest {
        .double(name, default: value)
    }
    public static func manifest(_ name: String, default value: Double, in bounds: ClosedRange<Double>) -> ParameterManifest {
        .double(name, default: value, min: bounds.lowerBound, max: bounds.upperBound)
    }
}

extension Float: BoundedParameterValue {
    public static var parameterType: ParameterType { .float }
    public init?(factoryArgument: Float) { self = factoryArgument }
    public static func manifest(_ name: String, default value: Float) -> ParameterManifest {
        .float(name, default: value)
    }
    public static func manifest(_ name: String, default value: Float, in bounds: ClosedRange<Float>) -> ParameterManifest {
        .float(name, default: value, min: bounds.lowerBound, max: bounds.upperBound)
    }
}

extension Int32: BoundedParameterValue {
    public static var parameterType: ParameterType { .int32 }
    public init?(factoryArgument: Int32) { self = factoryArgument }
    public static func manifest(_ name: String, default value: Int32) -> ParameterManifest {
        .int32(name, default: value)
    }
    public static func manifest(_ name: String, default value: Int32, in bounds: ClosedRange<Int32>) -> ParameterManifest {
        .int32(name, default: value, min: bounds.lowerBound, max: bounds.upperBound)
    }
}

extension Int64: BoundedParameterValue {
    public static var parameterType: ParameterType { .int64 }
    public init?(factoryArgument: Int64) { self = factoryArgument }
    public static func manifest(_ name: String, default value: Int64) -> ParameterManifest {
        .int64(name, default: value)
    }
    public static func manifest(_ name: String, default value: Int64, in bounds: ClosedRange<Int64>) -> ParameterManifest {
        .int64(name, default: value, min: bounds.lowerBound, max: bounds.upperBound)
    }
}

extension UInt32: BoundedParameterValue {
    public static var parameterType: ParameterType { .uint32 }
    public init?(factoryArgument: UInt32) { self = factoryArgument }
    public static func manifest(_ name: String, default value: UInt32) -> ParameterManifest {
        .uint32(name, default: value)
    }
    public static func manifest(_ name: String, default value: UInt32, in bounds: ClosedRange<UInt32>) -> ParameterManifest {
        .uint32(name, default: value, min: bounds.lowerBound, max: bounds.upperBound)
    }
}

extension Bool: ParameterValue {
    public static var parameterType: ParameterType { .bool }
    public init?(factoryArgument: Bool) { self = factoryArgument }
    public static func manifest(_ name: String, default value: Bool) -> ParameterManifest {
        .bool(name, default: value)
    }
}

extension String: ParameterValue {
    public static var parameterType: ParameterType { .string }
    /// A copy of the C string (valid only during the factory call); `nil` for NULL.
    public init?(factoryArgument: UnsafePointer<CChar>?) {
        guard let factoryArgument else { return nil }
        self = String(cString: factoryArgument)
    }
    public static func manifest(_ name: String, default value: String) -> ParameterManifest {
        .string(name, default: value)
    }
}
