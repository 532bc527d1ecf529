import StagehandABI
import StagehandCore

/// Calls each bundle's `init` (or, from ABI 1.2, its `init_with_context`) once per
/// process.
///
/// `dlopen` of a file that is already open returns the same handle and the same static
/// state, so a second `EffectLibrary.load` (tests do this, in parallel) must not call
/// `init` again: that would swap the host table under effects made earlier. The first
/// load's outcome is remembered by handle and given to every later load.
enum BundleInitialisations {
    /// What a bundle's initialisation said.
    enum Outcome: Equatable {
        case accepted
        /// Refused; with the bundle's reason when it gave one (`init_with_context`'s
        /// `error_message`).
        case refused(String?)
    }

    private static let outcomes = Locked<[UInt: Outcome]>([:])

    /// The field of `sh_bundle` that initialises the bundle: `init_with_context` when the
    /// bundle's struct is long enough to hold it and sets it, else `init`.
    static func usesContext(_ entry: UnsafePointer<sh_bundle>) -> Bool {
        let offset = MemoryLayout<sh_bundle>.offset(of: \sh_bundle.init_with_context)!
        guard Int(entry.pointee.size) >= offset + MemoryLayout<UnsafeRawPointer>.size else { return false }
        return UnsafeRawPointer(entry).load(fromByteOffset: offset, as: UnsafeRawPointer?.self) != nil
    }

    /// Whether the bundle accepted initialisation (now or earlier in this process).
    static func initialise(handle: UnsafeMutableRawPointer, entry: UnsafePointer<sh_bundle>,
                           host: UnsafePointer<sh_host>, path: String) -> Outcome {
        let key = UInt(bitPattern: handle)
        let withContext = usesContext(entry) ? entry.pointee.init_with_context : nil
        let initialise = entry.pointee.`init`
        return outcomes.withLock { outcomes in
            if let outcome = outcomes[key] { return outcome }
            // A call for no stage: what init logs goes to standard error, named after the file.
            let caller = BridgeCaller(effect: nil, bundlePath: path)
            let outcome: Outcome = BridgeCall.with(stage: nil, caller: caller) {
                if let withContext {
                    var message: UnsafePointer<CChar>?
                    let context = BundleContexts.context(for: path)
                    let accepted = path.withCString { withContext(host, context, $0, &message) }
                    // Copied now: the bundle promises the text only until `deinit`.
                    return accepted ? .accepted : .refused(message.map { String(cString: $0) })
                }
                guard let initialise else { return .refused(nil) }
                return path.withCString { initialise(host, $0) } ? .accepted : .refused(nil)
            }
            outcomes[key] = outcome
            return outcome
        }
    }
}
