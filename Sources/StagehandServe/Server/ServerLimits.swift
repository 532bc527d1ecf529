/// The bounds that keep one client from costing the server more than its share, whatever
/// it sends (Documentation/Playground.md lists each with the answer past it).
struct ServerLimits: Sendable {
    /// Tabs (WebSocket sessions) served at once; the next is closed with 1013.
    var tabs = 32
    /// Connections being answered at once besides the tabs; the next is answered 503.
    var connections = 128
    /// Seconds a client has to send a whole request head (408 past it).
    var headSeconds = 10.0
    /// Seconds an idle kept-alive connection stays open.
    var idleSeconds = 15.0
    /// Seconds a write to a page that reads nothing may wait before the tab is closed.
    var sendSeconds = 30
    /// The largest WebSocket message taken, in bytes (1009 past it).
    var message = ClientMessage.maximumLength
}
