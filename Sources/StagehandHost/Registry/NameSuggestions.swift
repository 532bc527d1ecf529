/// "Did you mean ...": the known names closest to a mistyped one, by edit distance.
enum NameSuggestions {
    /// Up to `limit` names of `candidates` close enough to `name` to be what was meant,
    /// closest first (ties by name). "Close enough" is at most a third of the name's
    /// letters changed (at least two), so `slide-pop` is not offered for `crossfad`.
    /// Case is ignored when measuring, so `CrossFade` finds `crossfade`.
    static func closest(to name: String, among candidates: [String], limit: Int = 3) -> [String] {
        let target = Array(name.lowercased())
        let tolerance = max(2, target.count / 3)
        var scored: [(name: String, distance: Int)] = []
        for candidate in candidates {
            let measured = distance(target, Array(candidate.lowercased()))
            if measured <= tolerance { scored.append((candidate, measured)) }
        }
        scored.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.name < $1.name }
        return scored.prefix(limit).map(\.name)
    }

    /// Levenshtein distance: insertions, deletions and substitutions each cost one.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
