import Foundation

/// Reads a request head from bytes as they arrive, in time linear in their number: each
/// byte is looked at once, and a line is refused as soon as it is longer than the limit,
/// without waiting for its end (a line of a gigabyte costs what its first 8 KiB cost).
///
/// The limits are those of common servers: a request line or a header line of at most
/// 8 KiB (`414 URI Too Long`, `431 Request Header Fields Too Large`), at most 100 header
/// lines and 64 KiB in all (431).
struct RequestHeadParser {
    static let lineLimit = 8 * 1024
    static let fieldCountLimit = 100
    static let headLimit = 64 * 1024

    /// Why a head is refused: the status and a sentence for the body and the log.
    struct Refusal: Error, Equatable {
        var status: HTTPStatus
        var message: String
    }

    enum Outcome: Equatable {
        case needMore
        /// The head, and how many of the bytes fed last were past its end.
        case complete(RequestHead, leftover: Int)
    }

    private var line: [UInt8] = []
    private var requestLine: (method: String, target: String, version: String)?
    private var fields: [RequestHead.Field] = []
    private var total = 0

    /// Consumes `bytes`; a refusal is final.
    mutating func feed(_ bytes: ArraySlice<UInt8>) throws(Refusal) -> Outcome {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            index += 1
            total += 1
            if byte != 10 {
                line.append(byte)
                if line.count > Self.lineLimit + 1 { throw tooLong() }
                continue
            }
            if line.last == 13 { line.removeLast() }
            if line.count > Self.lineLimit { throw tooLong() }
            if let head = try endOfLine() {
                return .complete(head, leftover: bytes.endIndex - index)
            }
            line.removeAll(keepingCapacity: true)
            if total > Self.headLimit {
                throw Refusal(status: .headerFieldsTooLarge, message: "request head longer than \(Self.headLimit) bytes: refused")
            }
        }
        if total > Self.headLimit {
            throw Refusal(status: .headerFieldsTooLarge, message: "request head longer than \(Self.headLimit) bytes: refused")
        }
        return .needMore
    }

    private func tooLong() -> Refusal {
        requestLine == nil
            ? Refusal(status: .uriTooLong, message: "request line longer than \(Self.lineLimit) bytes: refused")
            : Refusal(status: .headerFieldsTooLarge, message: "header line longer than \(Self.lineLimit) bytes: refused")
    }

    /// Takes in the line just ended; the head once its empty line arrives.
    private mutating func endOfLine() throws(Refusal) -> RequestHead? {
        let text = String(decoding: line, as: UTF8.self)
        guard let (method, target, version) = requestLine else {
            // Empty lines before a request line are ignored (RFC 9112, 2.2).
            if line.isEmpty { return nil }
            let parts = text.split(separator: " ", omittingEmptySubsequences: false)
            guard parts.count == 3, !parts[0].isEmpty, parts[1].hasPrefix("/") || parts[1] == "*",
                  parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0" else {
                throw Refusal(status: .badRequest, message: "not an HTTP/1.1 request line: \"\(Self.excerpt(text))\"")
            }
            requestLine = (String(parts[0]), String(parts[1]), String(parts[2]))
            return nil
        }
        if line.isEmpty {
            return RequestHead(method: method, target: target, version: version, fields: fields)
        }
        guard fields.count < Self.fieldCountLimit else {
            throw Refusal(status: .headerFieldsTooLarge, message: "more than \(Self.fieldCountLimit) header lines: refused")
        }
        guard line.first != 32, line.first != 9, let colon = text.firstIndex(of: ":"), colon != text.startIndex,
              !text[..<colon].contains(where: { $0 == " " || $0 == "\t" }) else {
            throw Refusal(status: .badRequest, message: "not a header line: \"\(Self.excerpt(text))\"")
        }
        let value = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        fields.append(RequestHead.Field(name: String(text[..<colon]), value: value))
        return nil
    }

    private static func excerpt(_ text: String) -> String {
        let shown = text.unicodeScalars.prefix(60).map { $0.value < 32 || $0.value == 127 ? "?" : Character($0) }
        return String(shown) + (text.unicodeScalars.count > 60 ? "…" : "")
    }
}
