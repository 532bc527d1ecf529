import Foundation
import StagehandCore
import StagehandHost
@testable import StagehandRender
import Testing

/// Matched views as drawn mid-flight: real pushes played by the real bundle
/// (libMagicMove.so), recorded by the real trace recorder and rendered to PNG. What is
/// checked would show a renderer that drops the flying views, squares their corners,
/// loses their shadows or composites a cross-fade normally.
@Suite struct MatchedPixelTests {
    static let screen = Size(width: 390, height: 844)
    static let grey = Color(red: 0.5, green: 0.5, blue: 0.5)
    static let orange = Color(red: 1, green: 0.5, blue: 0)
    static let orangeBytes = Bytes(255, 128, 0)

    /// A push from Inbox to Mail played by `effect`, both screens grey, each holding the
    /// panel `build` makes for it (`true`: Mail's). Returns every frame of the run and the
    /// push's (began, ended).
    static func push(_ effect: String, _ build: (Bool) -> View) throws -> (Trace, began: Double, ended: Double) {
        try RenderEnvironment.requireEffect(effect)
        let stage = Stage(screen: screen, framesPerSecond: 60)
        let coordinator = Coordinator(library: RenderEnvironment.library, stage: stage)
        try coordinator.use(effect, for: .push)
        let inbox = ViewController(title: "Inbox"), mail = ViewController(title: "Mail")
        let nav = coordinator.makeNavigationController(root: inbox)
        coordinator.setRoot(nav)
        inbox.view.backgroundColor = grey
        mail.view.backgroundColor = grey
        inbox.view.addSubview(build(false))
        mail.view.addSubview(build(true))
        stage.step()
        let recorder = TraceRecorder(stage: stage, topNavigation: { coordinator.topNavigationController })
        recorder.start()
        #expect(nav.pushViewController(mail, animated: true) == nil)
        var steps = 0
        repeat {
            stage.step()
            steps += 1
        } while (stage.isTransitioning || steps < 2) && steps < 600
        stage.step()
        let trace = recorder.trace
        let (began, ended) = try RenderEnvironment.transition(trace, effect: effect)
        return (trace, began, ended)
    }

    /// A panel with identifier `card`.
    static func card(_ frame: Rect, alpha: Double = 1, radius: Double = 0, shadow: Double = 0) -> View {
        let v = View(frame: frame, kind: .panel, label: "card")
        v.matchID = "card"
        v.backgroundColor = orange
        v.alpha = alpha
        v.cornerRadius = radius
        v.shadowOpacity = shadow
        v.shadowRadius = 6
        v.shadowOffset = Size(width: 0, height: 0)
        return v
    }

    /// The recorded frame nearest `t`, rendered.
    static func picture(_ trace: Trace, at t: Double) throws -> (Trace.Frame, PixelImage) {
        let frame = try #require(trace.frames.min { abs($0.t - t) < abs($1.t - t) })
        let png = try Renderer(trace: trace).png(frame: frame)
        return (frame, try #require(PixelImage(png: png)))
    }

    /// A flying copy of the card: its label without its identifier (a copy carries none).
    static func isFlyingCopy(_ view: Trace.ViewRecord) -> Bool {
        view.title == "card" && view.match == nil && !view.hidden && view.opacity > 0.01
    }

    /// The bounding box of a view's corners.
    static func box(_ view: Trace.ViewRecord) -> (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        let xs = view.corners.map { $0[0] }, ys = view.corners.map { $0[1] }
        return (xs.min() ?? 0, ys.min() ?? 0, xs.max() ?? 0, ys.max() ?? 0)
    }

    /// view-transition cross-fades a pair's old and new images with plus-lighter, the
    /// screens too. Two identical translucent cards at the same place on two identical
    /// screens: mid-way the picture is the settled picture (below the bar, whose title
    /// changes), where a normal cross-fade at ½ would let a quarter of what lies behind
    /// each copy through.
    @Test func aCrossFadeOfTwoIdenticalImagesIsTheImageWithNoDip() throws {
        let (trace, began, ended) = try Self.push("view-transition") { _ in
            Self.card(Rect(x: 60, y: 200, width: 270, height: 300), alpha: 0.6, radius: 24)
        }
        let (middle, mid) = try Self.picture(trace, at: (began + ended) / 2)
        let added = middle.views.filter { $0.compositing == "plus-lighter" && $0.opacity > 0.05 && $0.opacity < 0.95 }
        #expect(added.count >= 2, "mid-way, copies cross-fading: \(middle.views.map { ($0.title, $0.compositing, $0.opacity) })")
        let (_, settled) = try Self.picture(trace, at: trace.frames.last?.t ?? 0)
        var worst = 0, at = (0, 0)
        for y in stride(from: 50, to: 844, by: 3) {
            for x in stride(from: 0, to: 390, by: 3) {
                let d = Bytes(mid, x, y).distance(to: Bytes(settled, x, y))
                if d > worst { (worst, at) = (d, (x, y)) }
            }
        }
        #expect(worst <= 3, "mid-way differs from the settled picture by \(worst) at \(at)")
        // The card itself: 60 % orange over grey.
        let inside = Bytes(Int((0.6 * 255 + 0.4 * 127.5).rounded()), Int((0.6 * 127.5 + 0.4 * 127.5).rounded()), Int((0.4 * 127.5).rounded()))
        expectPixel(mid, 195, 350, inside, "the card mid-way", tolerance: 3)
    }

    /// magic-move flies an opaque pair as two copies, the destination's fading in above
    /// the source's: both orange, so inside the flight the picture is orange exactly;
    /// the copies' corners are round (radius 40 at both ends), so the pixel 3 pt inside
    /// the corner of their box is what lies behind, as is the pixel just outside it.
    @Test func theFlyingViewIsDrawnWithRoundCorners() throws {
        let (trace, began, ended) = try Self.push("magic-move") { isMail in
            Self.card(isMail ? Rect(x: 40, y: 120, width: 310, height: 260) : Rect(x: 60, y: 560, width: 160, height: 160), radius: 40)
        }
        let (middle, image) = try Self.picture(trace, at: (began + ended) / 2)
        let copies = middle.views.filter(Self.isFlyingCopy)
        let copy = try #require(copies.last, "no flying copy mid-way: \(middle.views.map(\.title))")
        let b = Self.box(copy)
        // Mid-flight: well away from either end.
        #expect(b.minY > 140 && b.minY < 540, "the copy's top \(b.minY)")
        expectPixel(image, Int((b.minX + b.maxX) / 2), Int((b.minY + b.maxY) / 2), Self.orangeBytes, "the middle of the flight")
        expectPixel(image, Int((b.minX + b.maxX) / 2), Int(b.minY) + 3, Self.orangeBytes, "the top edge's middle")
        let corner = Bytes(image, Int(b.minX) + 3, Int(b.minY) + 3)
        let outside = Bytes(image, Int(b.minX) - 4, Int(b.minY) - 4)
        #expect(corner.distance(to: Self.orangeBytes) > 60, "the corner is round: \(corner)")
        #expect(corner.distance(to: outside) <= 3, "inside the rounded corner, what lies behind: \(corner) vs \(outside)")
    }

    /// The same flight with a shadow (radius 6, no offset) on both views: the source's
    /// copy keeps it, so the pixels just below the flying view are darker than in the same
    /// run without a shadow, and the view itself is unchanged.
    @Test func theFlyingViewCastsItsShadow() throws {
        func run(_ shadow: Double) throws -> (Trace.ViewRecord, PixelImage) {
            let (trace, began, ended) = try Self.push("magic-move") { isMail in
                Self.card(isMail ? Rect(x: 40, y: 120, width: 310, height: 260) : Rect(x: 60, y: 560, width: 160, height: 160),
                          radius: 40, shadow: shadow)
            }
            let (middle, image) = try Self.picture(trace, at: (began + ended) / 2)
            let copy = try #require(middle.views.last(where: Self.isFlyingCopy))
            return (copy, image)
        }
        let (copy, shaded) = try run(1)
        let (_, plain) = try run(0)
        let b = Self.box(copy)
        let x = Int((b.minX + b.maxX) / 2)
        for below in [3, 8] {
            let y = Int(b.maxY) + below
            let (s, p) = (Bytes(shaded, x, y), Bytes(plain, x, y))
            #expect(s.red + s.green + s.blue + 3 * 12 < p.red + p.green + p.blue,
                    "\(below) pt below the flying view: \(s) with the shadow, \(p) without")
        }
        expectPixel(shaded, x, Int((b.minY + b.maxY) / 2), Self.orangeBytes, "the view itself")
    }

    /// `stagehand play` as a user runs it: row 3's icon of Inbox flies into Mail's
    /// picture under magic-move, an opaque pair: the destination's copy (the picture)
    /// fades in over the source's (the icon). A quarter of the way down the flying
    /// picture, in its sky, the PNG shows the picture's colour at its opacity over the
    /// icon's colour (both read from the trace the same run writes), which neither
    /// screen behind has there.
    @Test func playDrawsTheFlyingViewsInItsPNG() throws {
        let scenario = """
            {"root": {"title": "Inbox"}, "navigation": {"push": "magic-move"},
             "screens": {"Inbox": {"rows": ["Anna", "Ben", "Chloe", "Dan"], "matches": {"row 3": "mail-3"}},
                         "Mail": {"back": "Inbox", "image": true, "matches": {"image": "mail-3"}}},
             "steps": [{"push": {"title": "Mail"}}, {"wait": 1}]}
            """
        let scratch = try Scratch()
        try scenario.write(toFile: scratch.file("matched.json"), atomically: true, encoding: .utf8)
        let stagehand = RenderCLITests()
        let traced = try stagehand.stagehand(["play", scratch.file("matched.json"), "--trace", scratch.file("t.json")])
        #expect(traced.status == 0, "\(traced.errors)")
        let trace = try JSONDecoder().decode(Trace.self, from: Data(contentsOf: URL(fileURLWithPath: scratch.file("t.json"))))
        let (began, ended) = try RenderEnvironment.transition(trace, effect: "magic-move")
        let t = began + (ended - began) * 0.4
        let frame = try #require(trace.frames.min { abs($0.t - t) < abs($1.t - t) })
        // The copies are the last two views of the transition's container (depth 2) before the bar.
        let copies = frame.views.filter { $0.depth == 2 && $0.match == nil && ($0.kind == "image" || $0.kind == "panel") }
        let picture = try #require(copies.last { $0.kind == "image" }, "\(frame.views.map { ($0.title, $0.kind, $0.depth) })")
        let icon = try #require(copies.last { $0.kind == "panel" })
        #expect(picture.compositing == nil && icon.compositing == nil && icon.opacity == 1)
        #expect(picture.opacity > 0.2 && picture.opacity < 0.95, "mid-fade: \(picture.opacity)")
        let b = Self.box(picture)
        #expect(b.maxX - b.minX > 60, "mid-flight, between the 28 pt icon and the 358 pt picture: \(b)")
        let run = try stagehand.stagehand(["play", scratch.file("matched.json"), "--out", scratch.file("mid.png"),
                                           "--time", String(frame.t)])
        #expect(run.status == 0, "\(run.errors)")
        let image = try #require(PixelImage(png: Data(contentsOf: URL(fileURLWithPath: scratch.file("mid.png")))))
        let sky = try #require(picture.color), under = try #require(icon.color)
        let o = picture.opacity
        func mix(_ k: Int) -> Int { Int(((o * sky[k] + (1 - o) * under[k]) * 255).rounded()) }
        let (x, y) = (Int((b.minX + b.maxX) / 2), Int(b.minY + 0.25 * (b.maxY - b.minY)))
        expectPixel(image, x, y, Bytes(mix(0), mix(1), mix(2)), "the flying picture's sky over the flying icon", tolerance: 3)
    }
}
