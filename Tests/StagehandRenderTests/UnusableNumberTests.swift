import Testing
@testable import StagehandRender

/// The renderer's conversions to bytes and integers never trap, whatever number reaches
/// them: the host keeps NaN, infinity and overflow out of every trace it writes, and the
/// renderer does not rely on it.
@Suite struct UnusableNumberTests {
    @Test func aColourComponentThatIsNotANumberIsWrittenAsZero() {
        #expect(RGBA(.nan, 0.5, .infinity, 1).hex == "#0080ff")
        #expect(RGBA(-.infinity, -3, 7).hex == "#0000ff")
    }

    @Test func numbersBeyondAnIntegerAreWrittenWithoutTrapping() {
        var w = SVGWriter()
        for value in [1e300, -1e300, Double.nan, -Double.infinity, 1e16, 12.345] {
            w.number(value)
            w.append(" ")
        }
        #expect(w.text == "9000000000000000000 -9000000000000000000 0 0 10000000000000000 12.35 ")
    }
}
