import StagehandHost

/// One change to an effect's text in the editor pane: replace `remove` code units at
/// `at` with `insert`, after which the page's text is `length` code units long.
///
/// Offsets count UTF-16 code units, as the page's strings do, so the page computes an
/// edit from its own text without converting. A page sends the part of its text that
/// changed (common prefix and suffix dropped), so a keystroke is a message of a few dozen
/// bytes; a large paste is cut into parts that each fit the server's 16 KiB message
/// limit, every part but the last marked `more` (the text is read once, after the last).
/// `length` lets the server notice a page whose text and its own have come apart (a
/// message lost, a hostile client): it then says so and asks for the whole text.
struct SourceEdit: Equatable {
    var at: Int
    var remove: Int
    var insert: [UInt16]
    var length: Int
    var sequence: Int?
    var more: Bool

    /// The longest text held: a declarative file's size limit (a UTF-16 code unit is at
    /// least one byte of UTF-8, so a longer text is certainly over it).
    static let maximumUnits = EffectLibrary.maximumDeclarativeFileSize
}
