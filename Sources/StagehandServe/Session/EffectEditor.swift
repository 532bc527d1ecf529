import Foundation
import StagehandHost

/// The editor pane's side of a session: the draft of the chosen declarative effect, the
/// library it is played from, and what each edit and each save comes to. Only decides;
/// the session restarts the stage and sends the answers.
struct EffectEditor {
    private(set) var draft: EffectDraft?

    /// What an edit comes to.
    enum Outcome {
        /// Refused as a whole (no declarative effect chosen, text too long): the message.
        case refused(String)
        /// The page's text and the server's differ: the page is asked for its whole text.
        case outOfStep(String, length: Int)
        /// A part of a larger edit: nothing is read until the last.
        case partial
        /// The text reads with a problem: the stage goes on with the last version that read.
        case problem(DeclarativeError)
        /// The text reads: the library to restart the stage with.
        case read(EffectLibrary)
    }

    /// The chosen effect changed to `name` (or was chosen again): the library to play it
    /// from (the draft's, when the same effect was edited and its text read) and the
    /// text the editor shows (nil for a compiled effect). A draft of another effect, or
    /// one whose effect is no longer a declarative one of `base`, is dropped.
    mutating func select(_ name: String?, base: EffectLibrary, original: (String) -> String,
                         savable: Bool) -> (library: EffectLibrary, source: ServerMessage.Source?) {
        guard let name, let file = base.declarativeFile(of: name) else {
            draft = nil
            return (base, nil)
        }
        if draft?.effect != name { draft = nil }
        var library = base
        if let valid = draft?.valid {
            switch base.replacingDeclarative(name, with: valid) {
            case .success(let edited): library = edited
            case .failure: draft = nil
            }
        }
        let text: String
        if let draft {
            text = draft.text
        } else {
            // The file was read when the library loaded, and is at most the size limit.
            let data = FileManager.default.contents(atPath: file) ?? Data()
            text = String(decoding: data.prefix(EffectLibrary.maximumDeclarativeFileSize), as: UTF8.self)
        }
        let path = original(file)
        let source = ServerMessage.Source(file: path, name: (path as NSString).lastPathComponent, text: text, savable: savable,
                                          maximumBytes: EffectLibrary.maximumDeclarativeFileSize,
                                          problem: draft?.problem.map(ServerMessage.Problem.init))
        return (library, source)
    }

    /// Applies `edit` to the text of `effect` (the chosen one) and reads it when it is
    /// the last part.
    mutating func apply(_ edit: SourceEdit, effect: String?, base: EffectLibrary) -> Outcome {
        guard let effect, let file = base.declarativeFile(of: effect) else {
            let what = effect.map { "\($0) is a compiled effect" } ?? "no effect is chosen"
            return .refused("edit: \(what); only a declarative effect (NAME.effect.json) can be edited")
        }
        if draft?.effect != effect {
            let data = FileManager.default.contents(atPath: file) ?? Data()
            draft = EffectDraft(effect: effect, text: String(decoding: data, as: UTF8.self))
        }
        guard var draft else { return .partial }
        do {
            try draft.apply(edit)
        } catch {
            switch error {
            case .outOfStep(let reason):
                return .outOfStep("edit out of step with the page's text (\(reason)): the page sends its whole text again",
                                  length: draft.units.count)
            case .tooLong(let units):
                return .refused("edit refused: the text would be \(units) characters long; a declarative effect may have at most \(SourceEdit.maximumUnits) bytes")
            }
        }
        defer { self.draft = draft }
        if edit.more { return .partial }
        let bytes = draft.bytes
        switch base.replacingDeclarative(effect, with: bytes) {
        case .success(let library):
            draft.valid = bytes
            draft.problem = nil
            return .read(library)
        case .failure(let problem):
            draft.problem = problem
            return .problem(problem)
        }
    }

    /// The text to write to the effect's file, or why there is none.
    func textToSave(effect: String?) -> Result<[UInt8], EditorRefusal> {
        guard let effect, let draft, draft.effect == effect else {
            return .failure(EditorRefusal(message: "save: nothing edited to save (edit a declarative effect's text first)"))
        }
        if let problem = draft.problem {
            return .failure(EditorRefusal(message: "save: the text has a problem at line \(problem.line), column \(problem.column) (\(problem.message)): the file is left as it was"))
        }
        guard let valid = draft.valid else {
            return .failure(EditorRefusal(message: "save: nothing edited to save"))
        }
        return .success(valid)
    }

    struct EditorRefusal: Error {
        var message: String
    }
}
