import StagehandCore
import StagehandHost
import StagehandTrace

/// What a stage set up for one effect does: the scenario it starts from (which roles
/// the effect takes) and the steps each button of its kind makes.
///
/// - push, pop, interaction: the root sits in a navigation controller and the effect is
///   its push, pop or interactive pop; the buttons push and pop.
/// - present, dismiss: the effect presents or dismisses a page; the buttons present
///   and dismiss.
/// - navigation, modal, any: the effect plays every operation of its kind, both ways;
///   the buttons are those of the operations.
/// - container: the root has a child the effect switches; the button switches it.
/// - no effect: the system animations, with push and pop.
struct EffectOperations {
    var effect: EffectInfo?

    var operations: [ClientMessage.Operation] {
        switch effect?.kind {
        case nil, .push?, .pop?, .interaction?, .navigation?: return [.push, .pop]
        case .present?, .dismiss?, .modal?: return [.present, .dismiss]
        case .any?: return [.push, .pop, .present, .dismiss]
        case .container?: return [.switchChild]
        }
    }

    /// What a stage restarted for an edit of the effect performs at once, so the edit
    /// is seen playing: the operation that plays the effect, after the one that makes it
    /// possible (a push before a pop, a presentation before a dismissal).
    var replay: [ClientMessage.Operation] {
        switch effect?.kind {
        case nil: return []
        case .push?, .navigation?, .any?, .interaction?: return [.push]
        case .pop?: return [.push, .pop]
        case .present?, .modal?: return [.present]
        case .dismiss?: return [.present, .dismiss]
        case .container?: return [.switchChild]
        }
    }

    /// The scenario a fresh stage starts from, before any step.
    /// Its screens carry the standard match identifier (row 3 of the list, each page's
    /// picture, each sheet's form), so a matched effect shows its pairs; every other
    /// effect plays as it would without them.
    var scenario: Scenario {
        var s = Scenario()
        s.matchesDefaultScreens = true
        guard let effect else { return s }
        switch effect.kind {
        case .push: s.push = effect.name
        case .pop:
            s.pop = effect.name
            if effect.interactive { s.interactivePop = effect.name }
        case .interaction: s.interactivePop = effect.name
        case .container:
            s.rootInNavigation = false
            s.rootChild = "Child 1"
        case .navigation, .any:
            // Played both ways; its presentations take it in the present step.
            s.push = effect.name
            s.pop = effect.name
            if effect.interactive { s.interactivePop = effect.name }
        case .present, .dismiss, .modal: break
        }
        return s
    }

    /// The step for `operation`; `number` numbers the pages it makes (titles differ, so
    /// their colours do).
    func step(for operation: ClientMessage.Operation, number: Int) -> ScenarioStep {
        let name = effect?.name
        switch operation {
        case .push: return .push(title: "Page \(number)", embedInNavigation: false)
        case .pop: return .pop
        case .present:
            let kind = effect?.kind
            let dismisses = kind?.plays(.dismiss) == true
            return .present(title: "Sheet \(number)", effect: kind?.plays(.present) == true ? name : nil,
                            dismissal: dismisses ? name : nil,
                            interactiveDismissal: dismisses && effect?.interactive == true ? name : nil,
                            embedInNavigation: false)
        case .dismiss: return .dismiss
        case .switchChild: return .switchChild(title: "Child \(number)", effect: name)
        }
    }
}
