#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import StagehandABI
import StagehandCore

/// What checking one bundle found: everything the registry needs to list its effects
/// without running any of its code again.
///
/// A scan opens the bundle, calls its entry, reads its manifest, calls its `init` and
/// looks up the factories the manifest names (`BundleLoader`). It runs in this process
/// (`perform`) or in a scanning child process, which sends it back as JSON; the scan
/// cache keeps it until the file changes.
struct BundleScan: Codable, Equatable {
    enum Outcome: String, Codable {
        /// Opened, checked and initialised: its manifest lists its effects.
        case accepted
        /// Refused with a reason (not a shared object, a bad manifest, an `init` that
        /// returned false); reported on every load, like any bad input.
        case refused
        /// Crashed, hung or ended the scanning process: reported once, when it happened,
        /// and skipped until the file changes.
        case failed
    }

    /// A diagnostic about the bundle, without the bundle's path (which the cache and
    /// the channel carry once, beside it).
    struct Note: Codable, Equatable {
        var severity: String
        /// Absent in a cache written before diagnostics had codes.
        var code: String?
        var field: String?
        var message: String

        init(_ diagnostic: Diagnostic) {
            severity = diagnostic.severity.rawValue
            code = diagnostic.code.rawValue
            field = diagnostic.field
            message = diagnostic.message
        }

        func diagnostic(file: String) -> Diagnostic {
            Diagnostic(Diagnostic.Severity(rawValue: severity) ?? .error, code.map(Diagnostic.Code.init(rawValue:)) ?? .bundleNotLoadable, file: file, field: field, message)
        }
    }

    var outcome: Outcome
    /// The manifest exactly as the bundle gave it, when accepted.
    var manifest: String?
    var notes: [Note]
    /// The factories the manifest names that the bundle does not export, with
    /// `dlerror()`'s reason.
    var missingFactories: [String: String] = [:]

    func diagnostics(file: String) -> [Diagnostic] { notes.map { $0.diagnostic(file: file) } }

    /// A bundle that took the scanning process down with it.
    static func failed(_ message: String) -> BundleScan {
        BundleScan(outcome: .failed, manifest: nil, notes: [Note(Diagnostic(.error, .bundleFailedScan, message))])
    }

    /// What a run after the one that saw a failure says of the skipped bundle.
    var laterNote: String {
        let what = notes.first?.message.components(separatedBy: " while it was scanned").first ?? "failed"
        return "skipped: it \(what) when it was last scanned; it is scanned again once the file changes"
    }

    /// Refused without running any of its code: a FIFO, a device, a directory, an ELF
    /// file for another machine.
    static func refusedBeforeOpening(_ location: BundleLocation) -> BundleScan? {
        guard let refusal = BundleFile.refusal(location.path) else { return nil }
        return BundleScan(outcome: .refused, manifest: nil, notes: [Note(Diagnostic(.error, .bundleNotLoadable, refusal))])
    }

    /// Scans the bundle in this process: its code runs here. The loaded bundle comes
    /// back too, for a caller that goes on to use it.
    static func perform(_ location: BundleLocation, host: UnsafePointer<sh_host>,
                        progress: (BundleLoader.Step) -> Void = { _ in }) -> (BundleScan, LoadedBundle?) {
        let (loaded, diagnostics) = BundleLoader.load(location, host: host, progress: progress)
        guard let bundle = loaded else {
            return (BundleScan(outcome: .refused, manifest: nil, notes: diagnostics.map(Note.init)), nil)
        }
        progress(.factories)
        var missing: [String: String] = [:]
        for effect in bundle.manifest.effects {
            _ = dlerror()
            if dlsym(bundle.handle, effect.declaration.factory) == nil {
                missing[effect.declaration.factory] = BundleLoader.lastError(for: bundle.path)
            }
        }
        let manifest = bundle.entry.pointee.manifest.map { String(cString: $0) }
        return (BundleScan(outcome: .accepted, manifest: manifest, notes: diagnostics.map(Note.init), missingFactories: missing), bundle)
    }
}
