#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#else
import Darwin
#endif
import StagehandABI

/// Turns a Swift bundle into what the host loads: the entry struct with the manifest,
/// and one `sh_effect` per factory call. With each effect declared once as an
/// ``EffectDeclaration``, a bundle's whole boilerplate is
///
///     @_cdecl("stagehand_bundle_entry")
///     public func stagehandBundleEntry() -> UnsafeRawPointer {
///         StagehandBundle.entry(name: "SlidePop", version: "1.0.0", effects: [SlidePop.declaration])
///     }
///
///     @_cdecl("slide_pop_create")
///     public func slidePopCreate(_ duration: Double, _ threshold: Double) -> UnsafeRawPointer? {
///         SlidePop.declaration.export(duration, threshold)
///     }
///
/// The C types stay inside the SDK: the bundle's own code sees raw pointers only.
public enum StagehandBundle {
    /// The one `sh_bundle`, made by the first `entry` call and kept for the process's life
    /// (the host never unloads a Swift bundle). Behind a lock: two threads may load the
    /// bundle at once.
    private static let bundle = Locked<UnsafePointer<sh_bundle>?>(nil)

    /// The bundle's `sh_bundle`: ABI version, manifest, and an `init` that takes the
    /// host's table. The manifest is rendered on the first call only; later calls
    /// return the same struct.
    public static func entry(_ manifest: @autoclosure () -> BundleManifest) -> UnsafeRawPointer {
        bundle.withLock { bundle in
            if let bundle { return UnsafeRawPointer(bundle) }
            let made = make(manifest())
            bundle = made
            return UnsafeRawPointer(made)
        }
    }

    /// The entry of a bundle named `name` that makes the effects `effects` declare: the
    /// same as `entry(BundleManifest(name:version:declarations:))`.
    public static func entry(name: String, version: String, effects: [any EffectDeclaring]) -> UnsafeRawPointer {
        entry(BundleManifest(name: name, version: version, declarations: effects))
    }

    /// The same with the bundle's own initialisation (see `entry(_:initialize:)`).
    public static func entry(name: String, version: String, effects: [any EffectDeclaring],
                             initialize: @escaping @Sendable () throws -> Void) -> UnsafeRawPointer {
        entry(BundleManifest(name: name, version: version, declarations: effects), initialize: initialize)
    }

    /// The same, with the bundle's own initialisation: `initialize` runs once, when the
    /// host initialises the bundle (after the SDK accepted the host's table, so `Host`
    /// works in it). Throwing refuses the bundle: the host skips it and reports the
    /// error's description with the bundle's name, e.g.
    ///
    ///     StagehandBundle.entry(manifest) {
    ///         guard let path = Host.bundlePath, FileManager.default.fileExists(atPath: path + ".png") else {
    ///             throw BundleRefusal("the texture beside the bundle is missing")
    ///         }
    ///     }
    ///
    ///     error: /plugins/libCurl.so: sh_bundle.init_with_context: the bundle refused to initialise: the texture beside the bundle is missing
    public static func entry(_ manifest: @autoclosure () -> BundleManifest,
                             initialize: @escaping @Sendable () throws -> Void) -> UnsafeRawPointer {
        initializer.withLock { $0 = initialize }
        return entry(manifest())
    }

    /// The bundle's own initialisation, if `entry(_:initialize:)` gave one.
    private static let initializer = Locked<(@Sendable () throws -> Void)?>(nil)
    /// The last refusal's text, kept for the host to copy (the header asks that it live
    /// until `deinit`; a refused bundle is never called again).
    private static let refusalText = Locked<UnsafeMutablePointer<CChar>?>(nil)

    /// `init_with_context`: the SDK's checks of the host's table, then the bundle's own
    /// initialisation; a refusal of either is said through `error_message`.
    private static func initialise(_ host: UnsafePointer<sh_host>?, context: OpaquePointer?, path: UnsafePointer<CChar>?,
                                   errorMessage: UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> Bool {
        var reason = Host.install(host, context: context, bundlePath: path)
        if reason == nil, let initialize = initializer.withLock({ $0 }) {
            do {
                try initialize()
            } catch let refusal as BundleRefusal {
                reason = refusal.message
            } catch {
                reason = String(describing: error)
            }
        }
        guard let reason else { return true }
        let text = refusalText.withLock { text in
            free(text)
            text = strdup(reason)
            return text
        }
        errorMessage?.pointee = UnsafePointer(text)
        return false
    }

    private static func make(_ manifest: BundleManifest) -> UnsafePointer<sh_bundle> {
        let text = manifest.json
        let storage = UnsafeMutablePointer<CChar>.allocate(capacity: text.utf8.count + 1)
        text.withCString { storage.initialize(from: $0, count: text.utf8.count + 1) }

        var entry = sh_bundle()
        entry.abi_major = UInt32(STAGEHAND_ABI_MAJOR)
        entry.abi_minor = UInt32(STAGEHAND_ABI_MINOR)
        entry.size = UInt32(MemoryLayout<sh_bundle>.size)
        entry.manifest = UnsafePointer(storage)
        // A 1.2 host calls `init_with_context`; `init` stays set for a reader that
        // prefers it (the header lets a bundle set both).
        entry.`init` = { host, path in Host.install(host, bundlePath: path) }
        entry.init_with_context = { host, context, path, errorMessage in
            StagehandBundle.initialise(host, context: context, path: path, errorMessage: errorMessage)
        }
        entry.deinit = nil
        let made = UnsafeMutablePointer<sh_bundle>.allocate(capacity: 1)
        made.initialize(to: entry)
        return UnsafePointer(made)
    }

    /// The `sh_effect` for `effect`, for a factory to return: the host owns it until it
    /// calls `destroy`. `nil` (the factory's refusal) when `effect` is `nil`, or when the
    /// host has not initialised the bundle. ``EffectDeclaration/export(_:)`` calls this
    /// after checking the arguments; call it directly only from a factory written without
    /// a declaration.
    public static func export(_ effect: (any Effect)?) -> UnsafeRawPointer? {
        guard let effect, Host.table != nil else { return nil }
        return UnsafeRawPointer(ExportedEffect.export(effect))
    }
}
