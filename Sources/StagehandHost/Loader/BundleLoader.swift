#if canImport(Glibc)
import StagehandCore
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import StagehandABI

/// Opens one bundle and checks it, in the order that touches the least of its code:
///
/// 1. `dlopen(RTLD_NOW | RTLD_LOCAL)`: every symbol resolved now, none leaked to others;
/// 2. a Swift bundle: built from the host's Stagehand sources (`SharedSourcesCheck`);
/// 3. `dlsym("stagehand_bundle_entry")` and call it;
/// 4. the returned `sh_bundle`: not NULL, `abi_major` equal to the host's, `abi_minor`
///    not newer, `size` large enough for the fields the host reads;
/// 5. the manifest: present, valid JSON of the documented shape, and its `abi` equal to
///    the struct's;
/// 6. `init(host, path)`, or `init_with_context` where the bundle sets it, once per
///    process (`BundleInitialisations`); a refusal is reported with the bundle's reason.
///
/// `progress` hears the name of each step that runs bundle code before it starts, so a
/// supervising process can say which step a crash or a hang happened in.
///
/// Only a regular file built for this machine is opened (`BundleFile`): `dlopen` of a
/// FIFO blocks until someone writes to it, a device is never a bundle, and an ELF file
/// for another machine gets a misleading "No such file or directory" from `dlopen`.
///
/// Any failure refuses the bundle with one error naming the file and the reason
/// (including `dlerror()`'s text). A refused or accepted bundle is never `dlclose`d: a
/// Swift runtime that has seen its metadata must not have it unmapped.
enum BundleLoader {
    /// The bytes of `sh_bundle` an ABI 1.0 bundle provides: every field up to `deinit`.
    static let minimumBundleSize = MemoryLayout<sh_bundle>.offset(of: \sh_bundle.deinit)! + MemoryLayout<UnsafeRawPointer>.size

    static func load(_ location: BundleLocation, host: UnsafePointer<sh_host>,
                     progress: (Step) -> Void = { _ in }) -> (LoadedBundle?, [Diagnostic]) {
        let path = location.path
        func refuse(_ message: String, field: String? = nil, code: Diagnostic.Code = .bundleNotLoadable) -> (LoadedBundle?, [Diagnostic]) {
            (nil, [Diagnostic(.error, code, file: path, field: field, message)])
        }

        if let refusal = BundleFile.refusal(path) {
            return refuse(refusal)
        }
        progress(.open)
        _ = dlerror()
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            let reason = lastError(for: path)
            if reason.contains("invalid ELF header") || reason.contains("file too short") {
                return refuse("not a shared object (\(reason))")
            }
            return refuse("cannot be loaded (\(reason))")
        }

        if let refusal = SharedSourcesCheck.refusal(handle: handle) {
            return refuse(refusal, code: .bundleIncompatible)
        }

        guard let symbol = dlsym(handle, STAGEHAND_ENTRY_SYMBOL) else {
            return refuse("not a Stagehand bundle: missing entry symbol \(STAGEHAND_ENTRY_SYMBOL) (\(lastError(for: path))); if it is defined, it is not exported: define it with STAGEHAND_BUNDLE, which keeps it visible, or, in a build with -fvisibility=hidden, mark it \(visibleAttribute)")
        }
        progress(.entry)
        let entryFunction = unsafeBitCast(symbol, to: (@convention(c) () -> UnsafePointer<sh_bundle>?).self)
        guard let entry = entryFunction() else {
            return refuse("\(STAGEHAND_ENTRY_SYMBOL) returned NULL", field: "sh_bundle", code: .bundleIncompatible)
        }

        // Only the first three fields are certain to exist until `size` says otherwise.
        let raw = UnsafeRawPointer(entry)
        let major = raw.load(fromByteOffset: 0, as: UInt32.self)
        let minor = raw.load(fromByteOffset: 4, as: UInt32.self)
        let size = raw.load(fromByteOffset: 8, as: UInt32.self)
        let hostVersion = "\(STAGEHAND_ABI_MAJOR).\(STAGEHAND_ABI_MINOR)"
        if major != STAGEHAND_ABI_MAJOR {
            return refuse("the bundle was built for ABI \(major).\(minor); this host speaks ABI \(hostVersion) and loads only abi_major \(STAGEHAND_ABI_MAJOR)", field: "sh_bundle.abi_major", code: .bundleIncompatible)
        }
        if minor > STAGEHAND_ABI_MINOR {
            return refuse("the bundle was built for ABI \(major).\(minor), newer than this host's ABI \(hostVersion)", field: "sh_bundle.abi_minor", code: .bundleIncompatible)
        }
        if Int(size) < minimumBundleSize {
            return refuse("\(size) bytes is too small: an ABI \(major).\(minor) sh_bundle has at least \(minimumBundleSize)", field: "sh_bundle.size", code: .bundleIncompatible)
        }

        progress(.manifest)
        guard let manifestText = entry.pointee.manifest else {
            return refuse("is NULL; a bundle must describe its effects in a JSON manifest", field: "sh_bundle.manifest", code: .bundleIncompatible)
        }
        let (parsed, diagnostics) = Manifest.parse(Array(UnsafeBufferPointer(start: UnsafeRawPointer(manifestText).assumingMemoryBound(to: UInt8.self), count: strlen(manifestText))), bundle: path)
        guard let manifest = parsed else { return (nil, diagnostics) }
        if manifest.abiMajor != major || manifest.abiMinor != minor {
            return (nil, diagnostics + [Diagnostic(.error, .bundleIncompatible, file: path, field: "\(Manifest.pathRoot).abi",
                "the manifest says ABI \(manifest.abiMajor).\(manifest.abiMinor), the sh_bundle struct says \(major).\(minor); they must agree")])
        }

        let withContext = BundleInitialisations.usesContext(entry)
        guard withContext || entry.pointee.`init` != nil else {
            return (nil, diagnostics + [Diagnostic(.error, .bundleIncompatible, file: path, field: "sh_bundle.init", "is NULL; a bundle must provide init (or, from ABI 1.2, init_with_context)")])
        }
        progress(.initialise)
        if case .refused(let reason) = BundleInitialisations.initialise(handle: handle, entry: entry, host: host, path: path) {
            let field = withContext ? "sh_bundle.init_with_context" : "sh_bundle.init"
            let message = reason.map { "the bundle refused to initialise: \($0)" }
                ?? "the bundle refused to initialise (\(withContext ? "init_with_context" : "init") returned false\(withContext ? " without an error message" : ""))"
            return (nil, diagnostics + [Diagnostic(.error, .bundleRefusedInit, file: path, field: field, message)])
        }
        return (LoadedBundle(location: location, handle: handle, entry: entry, manifest: manifest), diagnostics)
    }

    /// A step that runs bundle code (or reads its memory), as a supervisor names it.
    enum Step: String, Codable {
        case open = "dlopen (its constructors)"
        case entry = "stagehand_bundle_entry"
        case manifest = "reading its manifest"
        case initialise = "init"
        case factories = "looking up its factories"
    }

    /// What makes a C function visible in a build with `-fvisibility=hidden`: the entry
    /// and the factories are looked up by name, so each must carry it there.
    static let visibleAttribute = "__attribute__((visibility(\"default\")))"

    /// `dlerror()`'s text without the leading "PATH: " it often repeats.
    static func lastError(for path: String) -> String {
        guard let text = dlerror() else { return "no reason given" }
        let message = String(cString: text)
        let prefix = path + ": "
        return message.hasPrefix(prefix) ? String(message.dropFirst(prefix.count)) : message
    }
}
