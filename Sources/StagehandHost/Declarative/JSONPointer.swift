/// A JSON pointer (RFC 6901) to a value in a declarative effect file, built as the
/// reader descends: `tracks/incoming/start/x`, `parameters/0/default`. Printed without
/// the leading slash, as in every message of the format; `~` and `/` in a key are
/// escaped as the RFC says (`~0`, `~1`).
struct JSONPointer: Equatable, Sendable, CustomStringConvertible {
    private(set) var tokens: [String] = []

    func appending(_ key: String) -> JSONPointer {
        var pointer = self
        pointer.tokens.append(key)
        return pointer
    }

    func appending(_ index: Int) -> JSONPointer { appending(String(index)) }

    var description: String {
        tokens.map { $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1") }
            .joined(separator: "/")
    }
}

private extension String {
    func replacingOccurrences(of target: Character, with replacement: String) -> String {
        guard contains(target) else { return self }
        var result = ""
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}
