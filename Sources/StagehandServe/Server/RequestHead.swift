import Foundation

/// An HTTP/1.1 request's head: its request line and header fields.
struct RequestHead: Sendable, Equatable {
    var method: String
    /// The request target as sent (`/export/ID/trace.json?x=1`).
    var target: String
    /// `HTTP/1.1` or `HTTP/1.0`.
    var version: String
    var fields: [Field]

    struct Field: Sendable, Equatable {
        var name: String
        var value: String
    }

    /// The target without its query.
    var path: String { String(target.prefix { $0 != "?" }) }

    /// The value of the first field named `name` (case-insensitive), trimmed.
    func field(_ name: String) -> String? {
        fields.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Whether a field's comma-separated values include `token` (case-insensitive), as
    /// `Connection: keep-alive, Upgrade` includes `upgrade`.
    func field(_ name: String, includes token: String) -> Bool {
        fields.contains { field in
            field.name.lowercased() == name.lowercased()
                && field.value.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces).lowercased() == token }
        }
    }

    /// Whether the connection stays open after the answer.
    var keepsAlive: Bool {
        if field("Connection", includes: "close") { return false }
        return version == "HTTP/1.1" || field("Connection", includes: "keep-alive")
    }
}
