import StagehandCore

/// Why a pack was refused: one line naming the pack (or the file given, before its
/// manifest is read), the file inside it when there is one, and the reason.
package struct PackError: Error, CustomStringConvertible, Equatable {
    /// The pack's name and version, or the archive's path before the manifest is read.
    package var pack: String
    /// The entry or file concerned, when there is one.
    package var file: String?
    package var reason: String

    package init(pack: String, file: String? = nil, _ reason: String) {
        self.pack = pack
        self.file = file
        self.reason = reason
    }

    /// One line: what came from the archive (names, paths) has its control characters
    /// escaped, so a name holding a newline cannot forge a second message.
    package var description: String {
        ("error: pack \(pack)" + (file.map { ": \($0)" } ?? "") + ": " + reason).escapingControlCharacters
    }
}
