#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import StagehandGeometry

/// Whether a just-opened bundle may share this process's Swift types: a Swift bundle
/// must carry copies of StagehandSDK and StagehandGeometry built from the same sources as
/// the host's (see `SourceIdentity` for why), a C bundle carries none and always may.
///
/// Runs after `dlopen` and before the entry: the only bundle code it calls is the SDK's
/// `stagehand_sources_identity`, which returns a constant. A Swift bundle is recognised
/// by the type descriptors every version of the shared modules has had, so one built
/// before the identity existed is refused too rather than left to crash.
enum SharedSourcesCheck {
    static let identitySymbol = "stagehand_sources_identity"
    /// `StagehandGeometry.Rect`'s and `StagehandSDK.StagehandBundle`'s type descriptors.
    static let swiftMarkers = ["$s17StagehandGeometry4RectVMn", "$s12StagehandSDK0A6BundleOMn"]

    /// The host's own value.
    static var hostIdentity: String { SourceIdentity.value.description }

    /// Why the bundle behind `handle` cannot be used in this process, or nil when it can.
    static func refusal(handle: UnsafeMutableRawPointer) -> String? {
        let rebuild = "a Swift bundle shares the Swift types of StagehandSDK and StagehandGeometry with the host, so it must be built from the same Stagehand sources: rebuild it against this host's checkout"
        guard let symbol = dlsym(handle, identitySymbol) else {
            guard swiftMarkers.contains(where: { dlsym(handle, $0) != nil }) else { return nil }
            return "was built with a StagehandSDK older than this host's (it has no \(identitySymbol)); \(rebuild)"
        }
        let identify = unsafeBitCast(symbol, to: (@convention(c) () -> UnsafePointer<CChar>?).self)
        guard let text = identify() else { return "\(identitySymbol) returned NULL; \(rebuild)" }
        let identity = String(cString: text)
        guard identity != hostIdentity else { return nil }
        return "was built from other Stagehand sources (StagehandSDK and StagehandGeometry \(identity)) than this host (\(hostIdentity)); \(rebuild)"
    }
}
