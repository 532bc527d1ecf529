import StagehandTestSupport
@testable import StagehandHost
import Testing

/// The strict parser under the catalog and manifest readers: what it accepts, and the
/// line, column and reason of what it refuses.
@Suite struct JSONParserTests {
    @Test func valuesKeepTheirWrittenForm() throws {
        let value = try JSONParser.parse(#"{"b": [1, -0.5e3, true, null], "a": "\u00e9\ud83d\ude00\n"}"#)
        #expect(value == .object([
            .init(key: "b", value: .array([.number("1"), .number("-0.5e3"), .bool(true), .null])),
            .init(key: "a", value: .string("é😀\n")),
        ]))
    }

    @Test(arguments: [
        ("{\"a\": 1,}", "line 1, column 9: a trailing comma before '}' is not allowed", false),
        ("[1 2]", "line 1, column 4: expected ',' or ']' after an array element, found '2'", false),
        ("{\"a\": tru}", "line 1, column 7: expected the literal true, found 'tru'", false),
        ("{\"a\": 01}", "line 1, column 7: a number must not have leading zeros", false),
        ("{\"a\": 1} x", "line 1, column 10: unexpected 'x' after the end of the JSON value", false),
        ("{\n  \"a\": [1,\n", "truncated at line 3, column 1: the text ends before the array opened at line 2, column 8 is closed", true),
        ("{\"a\": \"abc", "truncated at line 1, column 11: the text ends inside the string that starts at line 1, column 7", true),
        ("\"\u{01}\"", "line 1, column 2: a control character (U+0001) must be escaped inside a string", false),
    ])
    func refusalsSayWhereAndWhy(text: String, message: String, truncated: Bool) {
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(text) }
        do {
            _ = try JSONParser.parse(text)
        } catch {
            #expect(error.description == message)
            #expect(error.isTruncation == truncated)
        }
    }

    @Test func deepNestingIsRefusedNotACrash() {
        let text = String(repeating: "[", count: 10_000)
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(text) }
    }

    @Test func pathsPrintAsPeopleWriteThem() {
        let path = JSONPath().appending("effects").appending(2).appending("parameters").appending(0).appending("type")
        #expect(path.description == "effects[2].parameters[0].type")
        #expect(JSONPath(root: "manifest").appending("odd key").description == "manifest[\"odd key\"]")
    }

    @Test func closestNamesByEditDistance() {
        let names = ["crossfade", "slide-pop", "bounce-present", "full-screen-pop", "flip"]
        #expect(NameSuggestions.closest(to: "slide-pip", among: names) == ["slide-pop"])
        #expect(NameSuggestions.closest(to: "fli", among: names) == ["flip"])
        #expect(NameSuggestions.closest(to: "bounce-presnet", among: names) == ["bounce-present"])
        #expect(NameSuggestions.closest(to: "zzz", among: names).isEmpty)
        #expect(NameSuggestions.closest(to: "flap", among: ["flip", "flop", "flat", "flax", "slap"], limit: 3) == ["flat", "flax", "flip"])
    }
}
