#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import StagehandABI
import StagehandCore

/// A registry entry: what is known about an effect, and how to make it.
///
/// The factory call is prepared when the effect is first made, not when it is listed:
/// listing an effect from a scanned bundle runs none of the bundle's code, and the
/// bundle is opened (in this process) only then.
final class RegisteredEffect {
    let info: EffectInfo
    private let bundle: BundleOpener
    private var factory: FactoryCall?

    init(info: EffectInfo, bundle: BundleOpener) {
        self.info = info
        self.bundle = bundle
    }

    /// The prepared call of the factory, opening the bundle first if needed.
    func factoryCall() throws(Diagnostic) -> FactoryCall {
        if let factory { return factory }
        let loaded = try bundle.open()
        _ = dlerror()
        guard let symbol = dlsym(loaded.handle, info.factory) else {
            throw Diagnostic(.error, file: loaded.path,
                             "the bundle does not export the factory \(info.factory) (\(BundleLoader.lastError(for: loaded.path))); effect \(info.name) cannot be made (in a build with -fvisibility=hidden, mark the factory \(BundleLoader.visibleAttribute))")
        }
        guard let call = FactoryCall(function: symbol, parameterTypes: info.parameters.map(\.type)) else {
            throw Diagnostic(.error, file: loaded.path, "libffi cannot prepare a call of \(info.factory); effect \(info.name) cannot be made")
        }
        factory = call
        return call
    }
}
