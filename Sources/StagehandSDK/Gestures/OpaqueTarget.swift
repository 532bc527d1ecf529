import StagehandABI

/// A host object that can receive a gesture's actions by name, such as a navigation
/// controller's own pop handler (the delegate of its interactive pop gesture).
///
/// Opaque on purpose: the bundle cannot look inside it, only hand it to
/// `GestureRecognizer.addTarget(_:action:)`, as Objective-C code does with
/// `NSSelectorFromString`.
public struct OpaqueTarget: Hashable {
    let handle: OpaquePointer
}
