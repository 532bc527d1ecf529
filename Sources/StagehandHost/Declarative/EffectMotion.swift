/// What a declarative effect does on the stage: its tracks each way, its layers, how the
/// views settle, its gesture. A file has one, or one per choice of a string parameter
/// (`EffectDefinition.Variants`).
struct EffectMotion: Equatable, Sendable {
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
        /// As `leaving`, but every property the view's tracks moved goes to its rest value
        /// (opaque, square, unmasked, its context frame) rather than to what it had before
        /// the transition: a dismissed sheet leaves as an ordinary full-screen view.
        case reset
        /// Every moved view is put back at rest, finished or cancelled (Hero's rule).
        case restore
        /// Nothing is put back.
        case none
    }

    /// One direction's animation.
    struct Phase: Equatable, Sendable {
        var duration: ValueExpression
        var curve: CurveSpec
        /// The curve while a finger drives the transition, when the file gives one: it
        /// then replaces any curve, a spring too (UIKit's sheet follows the finger
        /// linearly). Left out, linear replaces a Bézier and a spring stays a spring.
        var curveWhenInteractive: CurveSpec?
        /// Back to front; roles not listed keep their place.
        var order: [Role]?
        /// Each role's tracks: one, or several with timings of their own (a view that
        /// fades on one curve while it moves on another), never two writing one property.
        var tracks: [Role: [Track]]

        /// What `curve` becomes while a finger drives the transition.
        func whileInteractive(_ curve: CurveSpec) -> CurveSpec {
            if let curveWhenInteractive { return curveWhenInteractive }
            return curve.isSpring ? curve : .named(3)
        }
    }

    struct Layer: Equatable, Sendable {
        /// How long a layer stays in the container.
        enum Lifetime: String, Sendable {
            /// Made for the transition and taken away when it ends.
            case transition
            /// Made by a presentation and left in the container while the controller is
            /// presented (page-sheet's dimming view); its dismissal finds it again,
            /// animates it and takes it away.
            case presentation
        }

        var name: String
        /// r, g, b, a.
        var color: [Double]
        var lasts: Lifetime = .transition
    }

    /// The presented view's frame inside the one the context gives it: points (or `%`
    /// of the container) cut off each edge, as page-sheet's card starts below the top.
    struct Insets: Equatable, Sendable {
        var top: ValueExpression = .number(0)
        var left: ValueExpression = .number(0)
        var bottom: ValueExpression = .number(0)
        var right: ValueExpression = .number(0)
    }

    var forward: Phase
    var backward: Backward?
    var layers: [Layer] = []
    var settle: Settle = .leaving
    /// What stands for a view the context does not give (a presenter in a custom
    /// presentation, which UIKit keeps in the window under the modal).
    enum MissingViews: String, Sendable {
        /// Nothing: the role's tracks are skipped.
        case skip
        /// Its snapshot, in the container, the original hidden meanwhile (Hero).
        case snapshot
        /// The controller's own view, moved where it is (Material's patterns).
        case controller
    }

    var missingViews = MissingViews.skip
    var presentedInsets: Insets?
    var interactive: Interaction?
    var matched: MatchedSpec?

    /// The phase an operation plays: the forward one for push, present and container,
    /// the backward one (mirrored, reversed or its own) for pop and dismiss.
    func phase(reverse: Bool) -> Phase {
        guard reverse, let backward else { return forward }
        switch backward {
        case .own(let phase): return phase
        case .same: return forward
        case .reverse:
            var phase = forward
            phase.tracks = forward.tracks.mapValues { $0.map(\.reversed) }
            return phase
        case .mirror:
            var phase = forward
            phase.tracks = Dictionary(uniqueKeysWithValues: forward.tracks.map { ($0.key.mirrored, $0.value.map(\.reversed)) })
            phase.order = forward.order.map { $0.map(\.mirrored) }
            return phase
        }
    }
}
