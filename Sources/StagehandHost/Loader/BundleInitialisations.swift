import StagehandABI
import Synchronization

/// Calls each bundle's `init` once per process.
///
/// `dlopen` of a file that is already open returns the same handle and the same static
/// state, so a second `EffectLibrary.load` (tests do this, in parallel) must not call
/// `init` again: that would swap the host table under effects made earlier. The first
/// load's outcome is remembered by handle and given to every later load.
enum BundleInitialisations {
    private static let outcomes = Mutex<[UInt: Bool]>([:])

    /// Whether the bundle accepted initialisation (now or earlier in this process).
    static func initialise(handle: UnsafeMutableRawPointer, entry: UnsafePointer<sh_bundle>,
                           host: UnsafePointer<sh_host>, path: String) -> Bool {
        let key = UInt(bitPattern: handle)
        let initialise = entry.pointee.`init`
        return outcomes.withLock { outcomes in
            if let outcome = outcomes[key] { return outcome }
            // A call for no stage: what init logs goes to standard error, named after the file.
            let name = path.split(separator: "/").last.map(String.init) ?? path
            let outcome = initialise.map { initialise in
                BridgeCall.with(stage: nil, source: name) { path.withCString { initialise(host, $0) } }
            } ?? false
            outcomes[key] = outcome
            return outcome
        }
    }
}
