import Foundation

/// One answer to a request: status, header fields, body (the length is always sent).
struct HTTPResponse: Sendable {
    var status: HTTPStatus
    var fields: [(name: String, value: String)]
    var body: Data

    init(_ status: HTTPStatus, fields: [(name: String, value: String)] = [], body: Data = Data()) {
        self.status = status
        self.fields = fields
        self.body = body
    }

    /// A plain-text answer: `text` and a newline.
    static func text(_ status: HTTPStatus, _ text: String, fields: [(name: String, value: String)] = []) -> HTTPResponse {
        HTTPResponse(status, fields: [("Content-Type", "text/plain; charset=utf-8")] + fields, body: Data((text + "\n").utf8))
    }

    /// The bytes on the wire; `closing` adds `Connection: close`.
    func encoded(closing: Bool) -> Data {
        var head = "HTTP/1.1 \(status.rawValue) \(status.reason)\r\n"
        for (name, value) in fields { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(body.count)\r\n"
        if closing { head += "Connection: close\r\n" }
        head += "\r\n"
        var out = Data(head.utf8)
        out.append(body)
        return out
    }
}
