/// What the catalog and a manifest both say about an effect: how to make it and what
/// it is. A catalog entry adds the bundle that holds it; a manifest entry adds its
/// author and license.
struct EffectDeclaration: Hashable {
    var name: String
    var kind: EffectKind
    var interactive: Bool
    var factory: String
    var parameters: [ParameterDeclaration]
    var description: String
    /// The group the effect belongs to in listings, e.g. "iOS 7 recipes"; optional.
    var family: String? = nil
    /// The library or recipe the effect re-creates, e.g. "WWDC 2013 session 218"; optional.
    var source: String? = nil

    /// This (a catalog's) declaration claiming `file`'s (a manifest's or a declarative
    /// file's) once their signatures agree: the catalog's values, with the parameter
    /// descriptions the catalog does not give taken from the file, so a catalog written
    /// before a bundle said what its parameters do still shows it.
    func claiming(_ file: EffectDeclaration) -> EffectDeclaration {
        var claimed = self
        for index in claimed.parameters.indices where claimed.parameters[index].description == nil && index < file.parameters.count {
            claimed.parameters[index].description = file.parameters[index].description
        }
        return claimed
    }

    /// The first difference in what a factory call depends on (the factory symbol, the
    /// kind, the parameter names and types in order), as a field path relative to the
    /// effect and a sentence; `nil` when the two agree and the factory may be called.
    func firstSignatureDifference(from other: EffectDeclaration, mine: String, theirs: String) -> (field: String, message: String)? {
        if factory != other.factory {
            return ("factory", "factory is \(factory) in the \(mine), \(other.factory) in the \(theirs)")
        }
        if kind != other.kind {
            return ("kind", "kind is \(kind.rawValue) in the \(mine), \(other.kind.rawValue) in the \(theirs)")
        }
        for index in 0..<min(parameters.count, other.parameters.count) {
            let a = parameters[index]
            let b = other.parameters[index]
            if a.name != b.name {
                return ("parameters[\(index)].name", "parameters[\(index)] is named \(a.name) in the \(mine), \(b.name) in the \(theirs)")
            }
            if a.type != b.type {
                return ("parameters[\(index)].type", "parameter \(a.name) is a \(a.type.rawValue) in the \(mine), a \(b.type.rawValue) in the \(theirs)")
            }
        }
        if parameters.count != other.parameters.count {
            let index = min(parameters.count, other.parameters.count)
            let extra = parameters.count > other.parameters.count
                ? "\(parameters[index].name) is only in the \(mine)"
                : "\(other.parameters[index].name) is only in the \(theirs)"
            return ("parameters", "the \(mine) declares \(parameters.count) parameter\(parameters.count == 1 ? "" : "s"), the \(theirs) \(other.parameters.count) (\(extra))")
        }
        return nil
    }
}
