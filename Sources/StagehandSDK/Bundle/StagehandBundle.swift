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

    private static func make(_ manifest: BundleManifest) -> UnsafePointer<sh_bundle> {
        let text = manifest.json
        let storage = UnsafeMutablePointer<CChar>.allocate(capacity: text.utf8.count + 1)
        text.withCString { storage.initialize(from: $0, count: text.utf8.count + 1) }

        var entry = sh_bundle()
        entry.abi_major = UInt32(STAGEHAND_ABI_MAJOR)
        entry.abi_minor = UInt32(STAGEHAND_ABI_MINOR)
        entry.size = UInt32(MemoryLayout<sh_bundle>.size)
        entry.manifest = UnsafePointer(storage)
        entry.`init` = { host, path in Host.install(host, bundlePath: path) }
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
