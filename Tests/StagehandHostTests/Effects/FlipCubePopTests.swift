import Testing
import StagehandCore
@testable import StagehandHost

@Suite struct FlipCubePopTests {
    @Test func explore() throws {
        for effect in ["flip-pop", "cube-pop"] {
            let result = try BuiltInEffects.play("""
            {"screen": {"width": 390, "height": 844, "fps": 60},
             "root": {"title": "Root"}, "navigation": {"pop": "\(effect)"},
             "steps": [{"push": {"title": "Detail"}}, {"wait": 1}, {"pop": {}}]}
            """)
            print(result.trace.events)
            for f in result.trace.frames where f.t > 0.98 && f.t < 1.6 {
                print(f.t, f.percent as Any, f.views.map { "\($0.title) \($0.kind) \($0.frame) \($0.corners)" })
            }
            expectSettled(result)
        }
    }
}
