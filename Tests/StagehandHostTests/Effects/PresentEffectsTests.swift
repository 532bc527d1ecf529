import Testing
import StagehandCore
@testable import StagehandHost

@Suite struct PresentEffectsTests {
    @Test func explore() throws {
        let result = try BuiltInEffects.play("""
        {"screen": {"width": 390, "height": 844, "fps": 60},
         "root": {"title": "Inbox"},
         "steps": [{"present": {"title": "Compose", "effect": "push-style-present", "dismissal": "pop-style-dismiss",
                                "interactiveDismissal": "pop-style-dismiss", "embedInNavigation": true}},
                   {"wait": 0.5},
                   {"drag": {"from": [5, 400], "to": [196, 400], "duration": 0.3, "hold": 0.2, "release": true}}]}
        """)
        print(result.trace.events)
        for f in result.trace.frames where f.t < 0.4 || (f.t > 0.5 && f.t < 1.5) {
            print(f.t, f.percent as Any, f.presented, f.views.map { "\($0.title) \($0.kind) \($0.depth) \($0.transform[4])" })
        }
        expectSettled(result)
    }
}
