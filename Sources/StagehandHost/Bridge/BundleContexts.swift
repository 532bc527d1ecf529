import StagehandCore

/// The `sh_bundle_context` each bundle receives in `init_with_context` (ABI 1.2): which
/// bundle is calling, so `bundle_log` can name it from any thread, even one of the
/// bundle's own where no `BridgeCall` says who is calling.
///
/// A context is a number from the handle table's counter (never an address, never
/// reused), made once per bundle file and kept for the life of the process, as the header
/// promises.
enum BundleContexts {
    private static let paths = Locked<[UInt: String]>([:])

    /// The context for the bundle at `path`: the same one on every call.
    static func context(for path: String) -> OpaquePointer {
        paths.withLock { paths in
            if let known = paths.first(where: { $0.value == path }) { return OpaquePointer(bitPattern: known.key)! }
            let number = HandleTable.shared.number()
            paths[number] = path
            return OpaquePointer(bitPattern: number)!
        }
    }

    /// The path of the bundle whose context `context` is; `nil` for NULL or a pointer the
    /// host never handed out.
    static func path(of context: OpaquePointer?) -> String? {
        guard let context else { return nil }
        let number = UInt(bitPattern: UnsafeMutableRawPointer(context))
        return paths.withLock { $0[number] }
    }
}
