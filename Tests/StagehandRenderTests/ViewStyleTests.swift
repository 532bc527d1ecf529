import StagehandCore
@testable import StagehandRender
import Testing

/// How a record's kind picks its style: every kind the host writes, a snapshot by what
/// it copied, anything else transparent.
@Suite struct ViewStyleTests {
    static let expected: [View.Kind: ViewStyle] = [
        .view: .card, .snapshot: .card, .navigationBar: .bar, .container: .transparent, .window: .transparent,
        .dimming: .dimming, .panel: .panel, .title: .title, .text: .text, .image: .image, .button: .button,
        .chevron: .chevron, .separator: .separator,
    ]

    @Test func everyKindHasItsStyleAndASnapshotThatOfWhatItCopied() throws {
        for kind in View.Kind.allCases {
            let style = try #require(Self.expected[kind], "\(kind)")
            if kind != .snapshot { #expect(ViewStyle(kind: kind.rawValue, source: nil) == style, "\(kind)") }
            #expect(ViewStyle(kind: "snapshot", source: kind == .snapshot ? nil : kind.rawValue)
                    == (kind == .snapshot ? .card : style), "a snapshot of \(kind)")
            #expect(ViewStyle(kind: kind.rawValue, source: kind == .snapshot ? nil : "panel") == style,
                    "only a snapshot's source counts")
        }
    }

    @Test func otherKindsAreTransparentWhateverTheyStartWith() {
        for kind in ["", "v", "viewer", "View", "t", "tex", "texts", "titles", "snap", "navigationbar", "chevrons", "x",
                     "🙂", "pane\u{301}l"] {
            #expect(ViewStyle(kind: kind, source: nil) == .transparent, "\(kind)")
        }
    }
}
