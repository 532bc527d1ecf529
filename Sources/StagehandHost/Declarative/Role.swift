/// Whose view a track moves. `incoming` and `outgoing` are the context's to and from
/// views, in every kind; a presentation also names `presented` (the to view when
/// presenting, the from view when dismissing) and `presenter` (the other one). Layers
/// (`layers` in the file) are plain views made for the transition, named by the file.
enum Role: Hashable, Sendable, CustomStringConvertible {
    case incoming, outgoing, presented, presenter
    case layer(String)

    static let viewRoles: [Role] = [.incoming, .outgoing, .presented, .presenter]

    init?(name: String) {
        switch name {
        case "incoming": self = .incoming
        case "outgoing": self = .outgoing
        case "presented": self = .presented
        case "presenter": self = .presenter
        default: return nil
        }
    }

    var description: String {
        switch self {
        case .incoming: return "incoming"
        case .outgoing: return "outgoing"
        case .presented: return "presented"
        case .presenter: return "presenter"
        case .layer(let name): return name
        }
    }

    /// The same view seen from the other side of the operation (`backward: mirror`).
    var mirrored: Role {
        switch self {
        case .incoming: return .outgoing
        case .outgoing: return .incoming
        default: return self
        }
    }
}
