// An effect record's `EffectKind` and `ParameterType` are the SDK's own, from
// StagehandShared (values only: reading a trace still loads nothing of the host).
// Re-exported so that readers keep writing `import StagehandTrace` alone.
@_exported import StagehandShared
