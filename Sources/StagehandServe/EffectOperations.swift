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
/// - container: the root has a child the effect switches; the button switches it.
/// - navigation, modal, any: the effect takes every role of the operations it plays;
///   the buttons make those operations (push, pop, present, dismiss for `any`).
/// - no effect: the system animations, with push and pop.
struct EffectOperations {
    var effect: EffectInfo?

    var operations: [ClientMessage.Operation] {
        switch effect?.kind {
        case nil, .push?, .pop?, .interaction?: return [.push, .pop]
        case .present?, .dismiss?: return [.present, .dismiss]
        case .container?: return [.switchChild]
        case .navigation?: return [.push, .pop]
        case .modal?: return [.present, .dismiss]
        case .any?: return [.push, .pop, .present, .dismiss]
        }
    }

    /// The scenario a fresh stage starts from, before any step.
    var scenario: Scenario {
        var s = Scenario()
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
        case .present, .dismiss, .modal: break
        case .navigation, .any:
            s.push = effect.name
            s.pop = effect.name
            if effect.interactive { s.interactivePop = effect.name }
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
            let presents = effect?.kind.plays(.present) == true
            let dismisses = effect?.kind.plays(.dismiss) == true
            return .present(title: "Sheet \(number)", effect: presents ? name : nil,
                            dismissal: dismisses ? name : nil,
                            interactiveDismissal: dismisses && effect?.interactive == true ? name : nil,
                            embedInNavigation: false)
        case .dismiss: return .dismiss
        case .switchChild: return .switchChild(title: "Child \(number)", effect: name)
        }
    }
}
