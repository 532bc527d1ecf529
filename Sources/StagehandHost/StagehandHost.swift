// Host layer.
//
// The host's public API is made of the runtime's types: a coordinator owns a `Stage`,
// hands out `NavigationController`s, records `TransitionEvent`s; effects are
// `AnimatedTransitioning`. An app that imports StagehandHost gets them all (and, through
// the runtime, the shared geometry) without importing StagehandCore itself.
@_exported import StagehandCore
