import StagehandABI
import StagehandCore

/// Opens a bundle the first time one of its effects is made, once for all its effects.
///
/// A bundle scanned in this process is already open; one scanned in a separate process
/// (or known from the scan cache) is opened here only when needed, after its scan
/// showed that opening and initialising it does not crash or hang.
final class BundleOpener {
    let location: BundleLocation
    private let host: UnsafePointer<sh_host>
    private var loaded: LoadedBundle?
    private var refusal: Diagnostic?

    init(location: BundleLocation, host: UnsafePointer<sh_host>, loaded: LoadedBundle?) {
        self.location = location
        self.host = host
        self.loaded = loaded
    }

    func open() throws(Diagnostic) -> LoadedBundle {
        if let loaded { return loaded }
        if let refusal { throw refusal }
        let (bundle, diagnostics) = BundleLoader.load(location, host: host)
        guard let bundle else {
            let reason = diagnostics.first { $0.severity == .error }?.summary ?? "it was refused"
            let refusal = Diagnostic(.error, .bundleNotLoadable, file: location.path, "cannot open the bundle now, although its scan accepted it: \(reason)")
            self.refusal = refusal
            throw refusal
        }
        loaded = bundle
        return bundle
    }
}
