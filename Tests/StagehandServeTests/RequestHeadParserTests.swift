import Testing
@testable import StagehandServe

/// The request head is read in one pass, byte by byte or in any chunks, and refused the
/// moment a line passes its limit.
struct RequestHeadParserTests {
    static func parse(_ text: String, chunk: Int = .max) -> Result<RequestHead, RequestHeadParser.Refusal> {
        var parser = RequestHeadParser()
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + chunk)
            do {
                if case .complete(let head, _) = try parser.feed(bytes[offset..<end]) { return .success(head) }
            } catch {
                return .failure(error)
            }
            offset = end
        }
        return .failure(.init(status: .badRequest, message: "incomplete"))
    }

    @Test func aHeadReadsTheSameInAnyChunks() throws {
        let text = "\r\nGET /export/a/trace.json?x=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive, Upgrade\r\nX-Empty:\r\n\r\n"
        let whole = try Self.parse(text).get()
        #expect(whole.method == "GET")
        #expect(whole.path == "/export/a/trace.json")
        #expect(whole.field("host") == "127.0.0.1")
        #expect(whole.field("Connection", includes: "upgrade"))
        #expect(whole.field("X-Empty") == "")
        for chunk in [1, 2, 7] { #expect(try Self.parse(text, chunk: chunk).get() == whole) }
    }

    @Test func aLineOverTheLimitIsRefusedBeforeItEnds() {
        var parser = RequestHeadParser()
        let start = Array("GET /".utf8) + [UInt8](repeating: 97, count: RequestHeadParser.lineLimit)
        #expect(throws: RequestHeadParser.Refusal(status: .uriTooLong, message: "request line longer than 8192 bytes: refused")) {
            _ = try parser.feed(start[...])
        }
        var second = RequestHeadParser()
        _ = try? second.feed(Array("GET / HTTP/1.1\r\nX-Long: ".utf8)[...])
        #expect(throws: RequestHeadParser.Refusal(status: .headerFieldsTooLarge, message: "header line longer than 8192 bytes: refused")) {
            _ = try second.feed([UInt8](repeating: 98, count: RequestHeadParser.lineLimit)[...])
        }
        // Exactly at the limit is fine.
        let fits = "GET / HTTP/1.1\r\nX: " + String(repeating: "c", count: RequestHeadParser.lineLimit - 3) + "\r\n\r\n"
        #expect((try? Self.parse(fits).get()) != nil)
    }

    @Test func malformedHeadsAreBadRequests() {
        for text in ["GET\r\n\r\n", "GET / HTTP/2\r\n\r\n", "GET noslash HTTP/1.1\r\n\r\n", "GET / HTTP/1.1\r\nno colon\r\n\r\n",
                     "GET / HTTP/1.1\r\n folded: x\r\n\r\n", "GET / HTTP/1.1\r\nBad Name: x\r\n\r\n"] {
            guard case .failure(let refusal) = Self.parse(text) else { Issue.record("accepted: \(text)"); continue }
            #expect(refusal.status == .badRequest, "\(text)")
        }
    }
}
