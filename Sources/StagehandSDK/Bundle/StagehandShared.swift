// `EffectKind`, `ParameterType` and `Locked` live in StagehandShared, built from the same
// sources into the host and into each Swift bundle, so that a manifest's kinds and types
// are the very ones the host reads. Re-exported so that effects keep writing
// `import StagehandSDK` alone.
@_exported import StagehandShared
