/// A part of a screen's content that a scenario can give a match identifier, by the
/// name it is written with in `screens.<title>.matches`.
///
/// Rows, fields and lines count from 1, as a person counts them ("row 3"). A row's
/// element is its coloured icon, the thumbnail that flies into a picture in a mail or
/// photo app; its text is `row N text`; the whole list is `list`.
public enum MatchElement: Hashable, Sendable, CustomStringConvertible {
    case header, title, image, button
    /// The group holding the rows, the fields, the lines of text.
    case list, form, body
    case row(Int), rowText(Int), field(Int), line(Int)

    /// The names a scenario writes, for messages.
    static let vocabulary = "header, title, image, button, list, form, body, row N, row N text, field N, line N"

    /// The element named `name` (`"row 3"`), or `nil` for a name that is none.
    init?(_ name: String) {
        let words = name.split(separator: " ").map(String.init)
        switch words.count {
        case 1:
            switch words[0] {
            case "header": self = .header
            case "title": self = .title
            case "image": self = .image
            case "button": self = .button
            case "list": self = .list
            case "form": self = .form
            case "body": self = .body
            default: return nil
            }
        case 2, 3:
            guard let n = Int(words[1]), n >= 1, String(n) == words[1] else { return nil }
            switch (words[0], words.count == 3 ? words[2] : nil) {
            case ("row", nil): self = .row(n)
            case ("row", "text"): self = .rowText(n)
            case ("field", nil): self = .field(n)
            case ("line", nil): self = .line(n)
            default: return nil
            }
        default: return nil
        }
    }

    public var description: String {
        switch self {
        case .header: "header"
        case .title: "title"
        case .image: "image"
        case .button: "button"
        case .list: "list"
        case .form: "form"
        case .body: "body"
        case .row(let n): "row \(n)"
        case .rowText(let n): "row \(n) text"
        case .field(let n): "field \(n)"
        case .line(let n): "line \(n)"
        }
    }
}
