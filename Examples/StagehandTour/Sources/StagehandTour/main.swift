import Foundation
import StagehandHost

// 1. Load the effects. With no arguments the host searches STAGEHAND_PLUGIN_PATH, then the
//    directory of this executable; the catalog comes from STAGEHAND_CATALOG, Catalog.json
//    here, or beside (or above) the executable. Bundles it refused come back as
//    diagnostics, one line each.
let (library, problems) = EffectLibrary.load()
for problem in problems where problem.severity == .error {
    FileHandle.standardError.write(Data("\(problem)\n".utf8))
}
guard !library.effects.isEmpty else {
    FileHandle.standardError.write(Data("""
        no effects found: build Stagehand (swift build in its directory) and set
        STAGEHAND_PLUGIN_PATH to its build directory and STAGEHAND_CATALOG to its Catalog.json

        """.utf8))
    exit(1)
}
print("loaded \(library.effects.count) effects")

// 2. A coordinator owns the stage (window, virtual clock) and answers the navigation
//    and transitioning questions with the effects chosen by name.
let coordinator = Coordinator(library: library)
let stage = coordinator.stage
// Parameters are typed values (numbers, booleans, strings), checked against what each
// effect declares; these are parallax-push's defaults, written out.
coordinator.parameters["parallax-push"] = ["duration": 0.6, "offset": 0.3]
// A value of the wrong type is refused with a message and a code a program can switch
// over; the choice in force (none here) is kept.
coordinator.parameters["bounce-present"] = ["damping": "soft"]
do {
    try coordinator.use("bounce-present", for: .present)
} catch {
    switch error.code {
    case .parameterWrongType, .parameterOutOfBounds: print("refused: \(error.message)")
    default: print("refused for another reason: \(error)")
    }
}
coordinator.parameters["bounce-present"] = ["damping": 0.6]
do {
    try coordinator.use("parallax-push", for: .push)
    try coordinator.use("parallax-pop", for: .pop)
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
let inbox = ViewController(title: "Inbox")
let nav = coordinator.makeNavigationController(root: inbox)
coordinator.setRoot(nav)

func seconds(_ t: Double) -> String { String(format: "%.3f", t) }

// 3. Push: step the clock half way and compare what is on screen with the model
//    (parallax-push slides the navigation controller's whole view in from the right).
let article = ViewController(title: "Article")
nav.pushViewController(article, animated: true)
stage.advance(by: 0.3)
print("push at \(seconds(stage.now)) s: on screen at x = \(String(format: "%.1f", nav.view.presentation.transform.tx)), model x = \(nav.view.model.transform.tx)")
stage.settle()

// 4. Interactive pop: a finger drags from the left edge to 60 % of the width, stops, lifts.
let finger = Finger(stage: stage)
finger.drag(from: Point(x: 4, y: 400), to: Point(x: 4 + 0.6 * 390, y: 400), duration: 0.3, hold: 0.1)
stage.settle()
print("after the drag the stack is \(nav.viewControllers.compactMap(\.title))")

// 5. Present with bounce-present; swipe-dismiss dismisses it, and its own gesture
//    drives interactive dismissals.
let compose = ViewController(title: "Compose")
do {
    try coordinator.present(compose, effect: "bounce-present", dismissal: "swipe-dismiss")
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
stage.settle()
print("presented: \(compose.presentingViewController?.title ?? "nothing")")

// 6. Dismiss: a finger swipes down 300 points from high on the screen.
finger.drag(from: Point(x: 195, y: 200), to: Point(x: 195, y: 500), duration: 0.3, hold: 0.1)
stage.settle()
print("after the swipe: \(compose.presentingViewController == nil ? "dismissed" : "still presented")")

// 7. Every transition's events, as they happened on the virtual clock.
for event in stage.transitionEvents {
    print("\(seconds(event.time)) \(event.kind.rawValue) \(event.effect) \(event.operation.rawValue)\(event.interactive ? " (interactive)" : "")")
}
