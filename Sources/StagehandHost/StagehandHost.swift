// The host's public API hands out the records of StagehandTrace (`EffectInfo` in the
// library, `Trace` from a recorder), so a user of the host gets their types with it.
@_exported import StagehandTrace
