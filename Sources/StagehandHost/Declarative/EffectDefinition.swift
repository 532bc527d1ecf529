import StagehandCore

/// One declarative effect, read and checked: everything `DeclarativeEffect` needs to play
/// it, and what the catalog lists of it. Made only by `DefinitionReader`, so every value
/// here has been checked (roles valid for the kind, parameters declared, keyframes in
/// order, one spring form per curve).
struct EffectDefinition: Equatable, Sendable {
    /// How the reverse operation (pop, dismiss) plays.
    enum Backward: Equatable, Sendable {
        /// The forward tracks with incoming and outgoing exchanged (and each track's start
        /// and end): the page that came in leaves the way it came.
        case mirror
        /// The forward tracks as they are (a fade plays the same both ways).
        case same
        /// The forward tracks with start and end exchanged, roles unchanged (right for
        /// presented and presenter).
        case reverse
        /// Tracks of its own.
        case own(Phase)
    }

    /// What the views do once the transition is over.
    enum Settle: String, Sendable {
        /// The view that left the screen (the outgoing one, a dismissed one) is put back at
        /// rest for every property its track moved; the others keep their end pose.
        case leaving
        /// Every moved view is put back at rest, finished or cancelled (Hero's rule).
        case restore
        /// Nothing is put back.
        case none
    }

    /// One direction's animation.
    struct Phase: Equatable, Sendable {
        var duration: ValueExpression
        var curve: CurveSpec
        var curveWhenInteractive: CurveSpec
        /// Back to front; roles not listed keep their place.
        var order: [Role]?
        var tracks: [Role: Track]
    }

    struct Layer: Equatable, Sendable {
        var name: String
        /// r, g, b, a.
        var color: [Double]
    }

    var file: String
    var name: String
    var kind: EffectKind
    var description: String
    var family: String?
    var source: String?
    var author: String?
    var license: String?
    var parameters: [ParameterDeclaration]
    var forward: Phase
    var backward: Backward?
    var layers: [Layer]
    var settle: Settle
    /// Whether a view the context does not give (a presenter in a custom presentation)
    /// is stood in for by its snapshot, as Hero does, or left alone.
    var snapshotsMissingViews: Bool
    var interactive: InteractiveSpec?

    /// The phase an operation plays: the forward one for push, present and container,
    /// the backward one (mirrored, reversed or its own) for pop and dismiss.
    func phase(reverse: Bool) -> Phase {
        guard reverse, let backward else { return forward }
        switch backward {
        case .own(let phase): return phase
        case .same: return forward
        case .reverse:
            var phase = forward
            phase.tracks = forward.tracks.mapValues(\.reversed)
            return phase
        case .mirror:
            var phase = forward
            phase.tracks = Dictionary(uniqueKeysWithValues: forward.tracks.map { ($0.key.mirrored, $0.value.reversed) })
            phase.order = forward.order.map { $0.map(\.mirrored) }
            return phase
        }
    }
}
