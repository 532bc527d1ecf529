// `Locked`, the one lock of the package, lives in StagehandShared with the other types
// the host and the SDK both need (a bundle links nothing of the host's, so they cannot
// live here). Re-exported so that the runtime's users keep writing `import StagehandCore`.
@_exported import StagehandShared
