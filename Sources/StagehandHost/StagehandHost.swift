// Host layer.
//
// The host's public API is made of other modules' types, re-exported so that an app that
// imports StagehandHost alone gets them all: the runtime's (a coordinator owns a `Stage`,
// hands out `NavigationController`s, records `TransitionEvent`s; effects are
// `AnimatedTransitioning`; and, through the runtime, the shared geometry) and
// StagehandTrace's records (`EffectInfo` in the library, `Trace` from a recorder).
@_exported import StagehandCore
@_exported import StagehandTrace
