import Foundation
import StagehandCore
@testable import StagehandRender
import StagehandTestSupport
import Testing

/// `stagehand preview --all --contact-sheet FILE.png`: one cell per effect of the
/// catalog, in catalog order, each a picture with its name below.
extension RenderCLITests {
    @Test(.tags(.longRun), .slow) func theContactSheetHasOneCellPerEffect() throws {
        let scratch = try Scratch()
        let run = try stagehand(["preview", "--all", "--size", "78x169", "--fps", "25", "--contact-sheet", scratch.file("sheet.png")])
        #expect(run.status == 0, "\(run.errors)")
        let count = RenderEnvironment.library.effects.count
        #expect(run.output.contains("\(count) effects"), "\(run.output)")
        let image = try #require(PixelImage(pngFile: scratch.file("sheet.png")))
        let sheet = ContactSheet(), screen = Size(width: 78, height: 169)
        let size = sheet.size(count: count, screen: screen)
        #expect(image.width == size.width && image.height == size.height)
        let page = Bytes(242, 242, 247)
        let slots = (count + sheet.columns - 1) / sheet.columns * sheet.columns
        for i in 0..<slots {
            let rect = sheet.pictureRect(i, screen: screen)
            // Nine points across the picture: a still shows screens, black or colours, not the page.
            let points = [0.2, 0.5, 0.8].flatMap { fx in [0.2, 0.5, 0.8].map { fy in
                Bytes(image, Int(rect.minX + fx * rect.width), Int(rect.minY + fy * rect.height)) } }
            let centre = Bytes(image, Int(rect.midX), Int(rect.midY))
            if i < count {
                #expect(points.contains { $0.distance(to: page) > 30 }, "cell \(i) shows no picture: \(points)")
                // Its name, dark on the page, somewhere on the caption's middle line.
                let y = Int(rect.maxY) + ContactSheet.captionHeight / 2
                let inked = (Int(rect.minX)..<Int(rect.maxX)).contains { Bytes(image, $0, y).distance(to: Bytes(28, 28, 30)) < 90 }
                #expect(inked, "cell \(i) has no name")
            } else {
                #expect(centre == page, "slot \(i) past the last effect is empty")
            }
        }
        #expect(scratch.contents == ["sheet.png"])
    }

    /// The README shows the committed sheet: it must hold every effect of the catalog
    /// (remade after adding one, with the command the README gives).
    @Test func theCommittedContactSheetHasEveryEffect() throws {
        let path = RenderEnvironment.repositoryRoot + "/Documentation/Images/contact-sheet.png"
        let image = try #require(PixelImage(pngFile: path), "\(path) is missing")
        let size = ContactSheet().size(count: RenderEnvironment.library.effects.count, screen: Size(width: 390, height: 844))
        #expect(image.width == size.width && image.height == size.height,
                "\(path) is \(image.width)×\(image.height), not the \(size.width)×\(size.height) of \(RenderEnvironment.library.effects.count) effects: stagehand preview --all --contact-sheet \(path)")
    }

    @Test func theContactSheetIsRefusedWithoutAll() throws {
        let scratch = try Scratch()
        try expectRefused(["preview", "crossfade", "--contact-sheet", scratch.file("s.png")], naming: "--contact-sheet", in: scratch)
        try expectRefused(["preview", "--all", "--contact-sheet", scratch.file("s.gif")], naming: "--contact-sheet", in: scratch)
    }
}
