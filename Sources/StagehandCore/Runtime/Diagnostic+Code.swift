extension Diagnostic {
    /// What kind of problem a diagnostic reports, for a program to switch over; the
    /// message is for people and may be reworded in any version, the code may not.
    ///
    /// A code's `rawValue` (`"catalog-not-json"`) is stable: once released it keeps its
    /// meaning, and new codes are only added. A `switch` over codes therefore needs a
    /// `default:` case, as new versions may report new ones. Each code, with the messages
    /// it is given to, is listed in Documentation/Errors.md.
    ///
    /// It is a struct with static members rather than an enum so that a code added in a
    /// later version, or read back from a scan made by another build, is a value like any
    /// other instead of a decoding failure.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String

        public init(rawValue: String) { self.rawValue = rawValue }

        public var description: String { rawValue }

        // MARK: Finding and opening bundles

        /// A plugin directory (from `--plugins` or `STAGEHAND_PLUGIN_PATH`) that does not
        /// exist, is not a directory or cannot be listed.
        public static let pluginDirectoryUnusable = Code(rawValue: "plugin-directory-unusable")
        /// A bundle path that leads outside its plugin directory (`..`, an absolute path,
        /// a symlink).
        public static let bundleOutsidePluginDirectory = Code(rawValue: "bundle-outside-plugin-directory")
        /// A file that cannot be a bundle: not a regular file, not a shared object, built
        /// for another machine, no entry symbol, `dlopen` refused it.
        public static let bundleNotLoadable = Code(rawValue: "bundle-not-loadable")
        /// A bundle built for another ABI, whose `sh_bundle` is malformed, or built from
        /// other Stagehand sources than the host.
        public static let bundleIncompatible = Code(rawValue: "bundle-incompatible")
        /// A bundle whose `init` or `init_with_context` refused to initialise.
        public static let bundleRefusedInit = Code(rawValue: "bundle-refused-init")
        /// A bundle that crashed, exited or hung while it was scanned (and the note that
        /// it is skipped on later runs).
        public static let bundleFailedScan = Code(rawValue: "bundle-failed-scan")
        /// The scanning process could not be run, or ended before it scanned anything.
        public static let scannerUnavailable = Code(rawValue: "scanner-unavailable")
        /// The scan cache could not be written.
        public static let scanCacheUnwritable = Code(rawValue: "scan-cache-unwritable")
        /// An environment variable with a value that cannot be used.
        public static let environmentInvalid = Code(rawValue: "environment-invalid")

        // MARK: Catalogs and manifests

        /// No catalog was found: the effects the bundles declare are listed.
        public static let catalogNotFound = Code(rawValue: "catalog-not-found")
        /// The catalog file cannot be read.
        public static let catalogUnreadable = Code(rawValue: "catalog-unreadable")
        /// The catalog is not JSON.
        public static let catalogNotJSON = Code(rawValue: "catalog-not-json")
        /// A field of the catalog of the wrong type or value, missing or unknown.
        public static let catalogInvalid = Code(rawValue: "catalog-invalid")
        /// A bundle's manifest is not JSON.
        public static let manifestNotJSON = Code(rawValue: "manifest-not-json")
        /// A field of a manifest of the wrong type or value, missing or unknown.
        public static let manifestInvalid = Code(rawValue: "manifest-invalid")
        /// A catalog entry that its bundle does not back: the bundle is missing or was
        /// refused, its manifest lacks the effect or disagrees with the entry.
        public static let catalogManifestMismatch = Code(rawValue: "catalog-manifest-mismatch")
        /// A factory a manifest names that its bundle does not export.
        public static let factoryNotExported = Code(rawValue: "factory-not-exported")
        /// An effect name provided by two bundles; the first on the search path wins.
        public static let duplicateEffect = Code(rawValue: "duplicate-effect")
        /// A declarative effect file that is not valid.
        public static let declarativeInvalid = Code(rawValue: "declarative-invalid")

        // MARK: Making effects

        /// No effect has the name asked for.
        public static let unknownEffect = Code(rawValue: "unknown-effect")
        /// The effect asked for was refused when the effects were loaded.
        public static let refusedEffect = Code(rawValue: "refused-effect")
        /// The effect is of a kind that cannot be used where it was named (a container
        /// effect for a push).
        public static let wrongEffectKind = Code(rawValue: "wrong-effect-kind")
        /// A parameter the effect does not declare.
        public static let unknownParameter = Code(rawValue: "unknown-parameter")
        /// A parameter value of another type than the parameter's.
        public static let parameterWrongType = Code(rawValue: "parameter-wrong-type")
        /// A parameter value outside the parameter's bounds or choices.
        public static let parameterOutOfBounds = Code(rawValue: "parameter-out-of-bounds")
        /// An effect's factory failed: it returned NULL or an unusable effect, or cannot
        /// be called.
        public static let factoryFailed = Code(rawValue: "factory-failed")

        // MARK: Scenarios

        /// The scenario file cannot be read.
        public static let scenarioUnreadable = Code(rawValue: "scenario-unreadable")
        /// The scenario is not JSON.
        public static let scenarioNotJSON = Code(rawValue: "scenario-not-json")
        /// A field of the scenario of the wrong type or value, missing or unknown.
        public static let scenarioInvalid = Code(rawValue: "scenario-invalid")

        // MARK: Running

        /// An operation refused, as UIKit would refuse it (a pop on the root, a push with
        /// no navigation controller, a dismiss of what is not presented).
        public static let operationRefused = Code(rawValue: "operation-refused")
        /// An operation asked for while a transition runs: queued behind it.
        public static let operationQueued = Code(rawValue: "operation-queued")
        /// An operation that changed the scene at once, without a transition.
        public static let operationAppliedAtOnce = Code(rawValue: "operation-applied-at-once")
        /// An operation that had nothing to do (a dismiss with nothing presented).
        public static let operationDidNothing = Code(rawValue: "operation-did-nothing")
        /// An effect called `completeTransition` twice; the second call is ignored.
        public static let completedTwice = Code(rawValue: "completed-twice")
        /// An effect never called `completeTransition`; the watchdog ended it.
        public static let neverCompleted = Code(rawValue: "never-completed")
        /// An interactive transition left undriven with no gesture in progress.
        public static let interactionAbandoned = Code(rawValue: "interaction-abandoned")
        /// A match identifier carried by two views of one screen.
        public static let duplicateMatchIdentifier = Code(rawValue: "duplicate-match-identifier")
        /// A transition left the scene in a state it must not be in (views left behind,
        /// a screen missing).
        public static let sceneLeftInconsistent = Code(rawValue: "scene-left-inconsistent")
        /// A bundle's call to the host refused or repaired: a stale handle, an unusable
        /// number, an index out of range, a call from another thread.
        public static let hostCallRefused = Code(rawValue: "host-call-refused")
        /// A line a bundle logged.
        public static let bundleLog = Code(rawValue: "bundle-log")
        /// Touches that do not follow down, move, up: repaired or ignored.
        public static let inconsistentTouches = Code(rawValue: "inconsistent-touches")
        /// Numbers of the scene that overflowed to infinity or NaN as a trace was written.
        public static let numbersOverflowed = Code(rawValue: "numbers-overflowed")
        /// A run that ended before the scene settled.
        public static let runUnsettled = Code(rawValue: "run-unsettled")

        /// Every code this version reports, in the order Documentation/Errors.md lists
        /// them (the test that keeps codes stable reads it).
        package static let known: [Code] = [
            .pluginDirectoryUnusable,
            .bundleOutsidePluginDirectory,
            .bundleNotLoadable,
            .bundleIncompatible,
            .bundleRefusedInit,
            .bundleFailedScan,
            .scannerUnavailable,
            .scanCacheUnwritable,
            .environmentInvalid,
            .catalogNotFound,
            .catalogUnreadable,
            .catalogNotJSON,
            .catalogInvalid,
            .manifestNotJSON,
            .manifestInvalid,
            .catalogManifestMismatch,
            .factoryNotExported,
            .duplicateEffect,
            .declarativeInvalid,
            .unknownEffect,
            .refusedEffect,
            .wrongEffectKind,
            .unknownParameter,
            .parameterWrongType,
            .parameterOutOfBounds,
            .factoryFailed,
            .scenarioUnreadable,
            .scenarioNotJSON,
            .scenarioInvalid,
            .operationRefused,
            .operationQueued,
            .operationAppliedAtOnce,
            .operationDidNothing,
            .completedTwice,
            .neverCompleted,
            .interactionAbandoned,
            .duplicateMatchIdentifier,
            .sceneLeftInconsistent,
            .hostCallRefused,
            .bundleLog,
            .inconsistentTouches,
            .numbersOverflowed,
            .runUnsettled,
        ]
    }
}
