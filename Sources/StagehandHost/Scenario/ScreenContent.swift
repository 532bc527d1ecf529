import StagehandCore

/// What a scenario's screen shows inside it, so a picture of a run looks like an app: a
/// header strip with the title (and a back chevron), a picture, a list of rows, lines of
/// text, a button — laid out top to bottom in that order, each only if it fits.
///
/// Written in a scenario's `screens` (by controller title; see Documentation/Scenario.md);
/// a screen it does not name gets its role's default (`list`, `detail`, `form`, `card`).
/// `ScreenContent.empty` is a flat screen: its title, centred, and nothing else.
public struct ScreenContent: Hashable, Sendable {
    /// A header strip as tall as a navigation bar, with the screen's title.
    public var header = true
    /// The back chevron's label in the header (nil: no chevron).
    public var back: String?
    /// A picture block.
    public var image = false
    /// The rows of a list (a coloured icon, the text, a disclosure chevron each).
    public var rows: [String] = []
    /// Text fields of a form (a label each, in one group).
    public var fields: [String] = []
    /// Lines of body text.
    public var text: [String] = []
    /// A button's title (nil: no button).
    public var button: String?
    /// Match identifiers by element (`image`, `row 3`, ...: see `MatchElement`), so a
    /// matched effect can fly "row 3 of Inbox" into "the picture of Mail".
    public var matches: [MatchElement: String] = [:]

    public init(header: Bool = true, back: String? = nil, image: Bool = false, rows: [String] = [], fields: [String] = [],
                text: [String] = [], button: String? = nil, matches: [MatchElement: String] = [:]) {
        self.header = header
        self.back = back
        self.image = image
        self.rows = rows
        self.fields = fields
        self.text = text
        self.button = button
        self.matches = matches
    }

    /// The most rows, fields or lines a scenario may list for one screen.
    public static let maximumLines = 100

    /// Nothing inside: the screen is drawn as a card with its title.
    public static let empty = ScreenContent(header: false)

    public var isEmpty: Bool {
        !header && !image && rows.isEmpty && fields.isEmpty && text.isEmpty && button == nil
    }

    /// A root screen: a mailbox-like list.
    public static let list = ScreenContent(rows: ["Welcome to Stagehand", "Quarterly report", "Lunch on Friday?",
                                                  "Your order has shipped", "Photos from the trip", "Meeting notes"])

    /// A pushed screen: a picture, a few lines of text and a button, with a back chevron
    /// labelled with the screen below it.
    public static func detail(back: String?) -> ScreenContent {
        ScreenContent(back: back ?? "Back", image: true,
                      text: ["The mountains were quiet at dawn,", "and the trail climbed through", "the pines to the ridge."],
                      button: "Reply")
    }

    /// A presented screen: a form.
    public static let form = ScreenContent(back: nil, fields: ["To:", "Cc/Bcc:", "Subject:"],
                                           text: ["Hi,", "See you on Friday!"], button: "Send")

    /// A child of a container: a card with a picture.
    public static let card = ScreenContent(image: true, text: ["A child of the root controller,", "switched by its container."])
}
