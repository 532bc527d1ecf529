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
///
/// A declarative effect (`NAME.effect.json`) has no bundle: its `definition` is made into
/// an effect by the host itself (`DeclarativeEffect`), with the same parameter checks.
final class RegisteredEffect {
    let info: EffectInfo
    private let bundle: BundleOpener?
    let definition: EffectDefinition?
    private var factory: FactoryCall?

    init(info: EffectInfo, bundle: BundleOpener) {
        self.info = info
        self.bundle = bundle
        self.definition = nil
    }

    init(info: EffectInfo, definition: EffectDefinition) {
        self.info = info
        self.bundle = nil
        self.definition = definition
    }

    /// The prepared call of the factory, opening the bundle first if needed.
    func factoryCall() throws(Diagnostic) -> FactoryCall {
        if let factory { return factory }
        guard let bundle else {
            throw Diagnostic(.error, .factoryFailed, file: info.bundlePath, "effect \(info.name) is declarative: it has no factory to call")
        }
        let loaded = try bundle.open()
        _ = dlerror()
        guard let symbol = dlsym(loaded.handle, info.factory) else {
            throw Diagnostic(.error, .factoryFailed, file: loaded.path,
                             "the bundle does not export the factory \(info.factory) (\(BundleLoader.lastError(for: loaded.path))); effect \(info.name) cannot be made (in a build with -fvisibility=hidden, mark the factory \(BundleLoader.visibleAttribute))")
        }
        guard let call = FactoryCall(function: symbol, parameterTypes: info.parameters.map(\.type)) else {
            throw Diagnostic(.error, .factoryFailed, file: loaded.path, "libffi cannot prepare a call of \(info.factory); effect \(info.name) cannot be made")
        }
        factory = call
        return call
    }
}
