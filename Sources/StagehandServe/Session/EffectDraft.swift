import StagehandHost

/// The text of a declarative effect as the editor pane has changed it, held by the tab's
/// session: the edits applied so far, and the last version that read without a problem,
/// which is what the stage plays (an edit with a problem leaves it playing).
///
/// A draft belongs to one effect; choosing another effect drops it, and choosing the same
/// one again (a parameter changed, the effects reloaded) keeps it.
struct EffectDraft {
    let effect: String
    /// The text, in UTF-16 code units (the page's offsets).
    private(set) var units: [UInt16]
    /// The last text that read without a problem (UTF-8), nil while none did since the
    /// file's.
    var valid: [UInt8]?
    /// The problem of the text as it is now, nil when it reads.
    var problem: DeclarativeError?

    init(effect: String, text: String) {
        self.effect = effect
        units = Array(text.utf16)
    }

    var text: String { String(decoding: units, as: UTF16.self) }
    var bytes: [UInt8] { Array(text.utf8) }

    /// Why `edit` cannot be applied (nothing is changed then), or nil once it is.
    enum Refusal: Error, Equatable {
        /// The range is outside the text, or the result is not `edit.length` long: the
        /// page's text and this one differ.
        case outOfStep(String)
        /// The text would be longer than a declarative file may be.
        case tooLong(Int)
    }

    mutating func apply(_ edit: SourceEdit) throws(Refusal) {
        guard edit.at <= units.count, edit.remove <= units.count - edit.at else {
            throw .outOfStep("edit of \(edit.remove) code units at \(edit.at) outside the text of \(units.count)")
        }
        let resulting = units.count - edit.remove + edit.insert.count
        guard resulting <= SourceEdit.maximumUnits else { throw .tooLong(resulting) }
        guard resulting == edit.length else {
            throw .outOfStep("the text would be \(resulting) code units long, the page's is \(edit.length)")
        }
        units.replaceSubrange(edit.at..<(edit.at + edit.remove), with: edit.insert)
    }
}
