/// Which gesture drives an effect's interactive transitions and when a release finishes
/// rather than cancels. Two rules exist and only one applies to an effect, so the same
/// drag never finishes under one setting and cancels under another without anyone
/// saying so:
///
/// - an effect with a gesture of its own (the catalog's `interactive: true`) installs it
///   when it is attached to a controller — the coordinator attaches a pop (dismiss)
///   effect chosen for pop (dismiss) or for interactive pop (dismiss) — and its own
///   threshold decides;
/// - a pop animation without a gesture is driven by the navigation controller's left
///   screen-edge pan, UIKit's rule: progress = translation.x / width, finishing when the
///   position projected 0.2 s ahead at the release velocity passes half the width.
///
/// An app that returns an effect from its own delegate without attaching it gets the
/// second rule for it (the system edge pan drives whatever pop animation is returned).
public struct InteractionRule: Hashable, Sendable, CustomStringConvertible {
    public enum Gesture: String, Hashable, Sendable {
        /// The effect's own, installed when it is attached to a controller.
        case own
        /// The navigation controller's left screen-edge pan.
        case navigationEdgePan
    }

    public var gesture: Gesture
    /// The fraction of the way past which a release finishes, when known: the declared
    /// default of the effect's `threshold` parameter, or the system's 0.5.
    public var threshold: Double?
    /// The parameter that sets the threshold (`--param NAME.threshold=...`), if any.
    public var thresholdParameter: String?
    /// Whether the position projected 0.2 s ahead at the release velocity is compared
    /// (so a flick finishes from early on) rather than where the finger lifts.
    public var projectsVelocity: Bool

    /// The system edge pan's rule.
    public static let navigationEdgePan = InteractionRule(gesture: .navigationEdgePan, threshold: 0.5,
                                                          thresholdParameter: nil, projectsVelocity: true)

    public var description: String {
        switch gesture {
        case .navigationEdgePan:
            return "the navigation controller's edge pan; finishes when the position 0.2 s ahead passes \(Self.text(threshold ?? 0.5)) of the width"
        case .own:
            let finish: String
            if let threshold, let thresholdParameter {
                finish = "finishes past \(Self.text(threshold)) of the way (parameter \(thresholdParameter))"
            } else {
                finish = "finishes as its description says"
            }
            return "its own, installed when it is attached (chosen for an interactive role, or as the pop or dismiss effect); \(finish)"
        }
    }

    private static func text(_ value: Double) -> String { ParameterValue.double(value).description }
}

extension EffectInfo {
    /// The rule for this effect's interactive transitions; `nil` for effects that no
    /// gesture drives (pushes, presentations, containers, a dismissal without a gesture:
    /// iOS 7 has no system gesture to dismiss).
    public var interaction: InteractionRule? {
        if interactive, kind.plays(.pop) || kind.plays(.dismiss) || kind == .interaction {
            let declared = parameters.first { $0.name == "threshold" }
            var threshold: Double?
            if case .double(let value)? = declared?.defaultValue { threshold = value }
            return InteractionRule(gesture: .own, threshold: threshold, thresholdParameter: threshold == nil ? nil : "threshold",
                                   projectsVelocity: false)
        }
        return kind.plays(.pop) ? .navigationEdgePan : nil
    }
}
