/// The paths a pack may hold, and the reason any other is refused.
///
/// A pack is flat, as a plugin directory is: `pack.json`, bundles (`lib*.so`), effect
/// files (`NAME.effect.json`) at the top, and one preview GIF per effect under
/// `previews/`. Nothing else is accepted, so an archive cannot write outside the pack's
/// directory, hide a file where discovery would not see it, or shadow `pack.json`.
package enum PackPath {
    package static let previewsFolder = "previews"

    /// What a file is, from its path; `nil` for a path a pack may not hold.
    package enum Kind: String, Codable, Sendable {
        case bundle
        case declarative
        case preview
    }

    /// Why `path` may not be in a pack (a phrase after the path), or `nil` when it may.
    package static func refusal(_ path: String) -> String? {
        if path.isEmpty { return "has an empty path" }
        if path.hasPrefix("/") { return "is an absolute path; a pack holds only paths relative to itself" }
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        if components.contains("..") { return "has a \"..\" component, which would lead outside the pack" }
        if path.contains("\\") { return "contains a backslash; a pack's paths use \"/\" only" }
        if components.contains(where: { $0.isEmpty || $0 == "." }) { return "has an empty or \".\" component" }
        if path.utf8.count > 255 { return "is longer than 255 bytes" }
        guard let name = components.last, components.allSatisfy(isPlainName) else {
            return "has a character other than letters, digits, \".\", \"_\", \"+\" and \"-\", or a name that starts with \".\""
        }
        if components.count == 2 && components[0] == Substring(previewsFolder) && name.hasSuffix(".gif") { return nil }
        if components.count == 1 && (name == Substring(PackManifest.fileName) || kind(of: String(name)) != nil) { return nil }
        return "is not a place a pack may hold a file: expected pack.json, lib*.so, NAME.effect.json or previews/NAME.gif"
    }

    /// The kind of a top-level file name or `previews/` path.
    package static func kind(of path: String) -> Kind? {
        if path.hasPrefix(previewsFolder + "/") && path.hasSuffix(".gif") { return .preview }
        if path.contains("/") { return nil }
        if path.hasPrefix("lib") && path.hasSuffix(".so") && path.count > 6 { return .bundle }
        if path.hasSuffix(".effect.json") && path.count > ".effect.json".count { return .declarative }
        return nil
    }

    private static func isPlainName(_ name: Substring) -> Bool {
        guard let first = name.first, first != "." else { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", ".", "_", "+", "-": return true
            default: return false
            }
        }
    }
}
