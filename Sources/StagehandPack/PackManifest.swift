import Foundation
import StagehandABI

/// A pack's `pack.json`: who made it, what it holds, and the SHA-256 of every other file.
///
/// Everything `stagehand install` checks is stated here and then checked against the
/// files themselves: the sums and sizes, the machine of each bundle, the ABI version, the
/// Swift sources identity, and the effects (names and kinds) the files really declare.
/// Keys are only ever added; `format` changes if a reader would misread a new pack.
package struct PackManifest: Codable, Equatable, Sendable {
    package static let format = "stagehand-pack/1"
    package static let fileName = "pack.json"
    /// A manifest is a few KB; anything near this is not one.
    package static let maximumSize = 1 << 20

    package struct ABI: Codable, Equatable, Sendable {
        package var major: Int
        package var minor: Int

        package init(major: Int, minor: Int) {
            self.major = major
            self.minor = minor
        }

        /// The ABI of this host's header: what a pack made here states.
        package static let host = ABI(major: Int(STAGEHAND_ABI_MAJOR), minor: Int(STAGEHAND_ABI_MINOR))
    }

    package struct File: Codable, Equatable, Sendable {
        package var path: String
        package var kind: PackPath.Kind
        package var size: Int
        package var sha256: String
        /// A Swift bundle's `stagehand_sources_identity` (the Stagehand sources its SDK
        /// copy was built from); absent for C bundles and other files.
        package var sourcesIdentity: String?

        package init(path: String, kind: PackPath.Kind, size: Int, sha256: String, sourcesIdentity: String?) {
            self.path = path
            self.kind = kind
            self.size = size
            self.sha256 = sha256
            self.sourcesIdentity = sourcesIdentity
        }
    }

    package struct Effect: Codable, Equatable, Sendable {
        package var name: String
        package var kind: String
        /// The bundle or effect file that declares it.
        package var file: String
        /// Its preview GIF, made when the pack was made.
        package var preview: String

        package init(name: String, kind: String, file: String, preview: String) {
            self.name = name
            self.kind = kind
            self.file = file
            self.preview = preview
        }
    }

    package var format: String
    package var name: String
    package var version: String
    package var author: String
    package var license: String
    /// The ABI the pack's bundles were built against (the packing host's).
    package var abi: ABI
    /// The machine of its bundles ("x86_64", "aarch64", ...), or "any" when it holds none.
    package var architecture: String
    package var effects: [Effect]
    package var files: [File]

    package init(name: String, version: String, author: String, license: String, abi: ABI, architecture: String,
                 effects: [Effect], files: [File]) {
        format = Self.format
        self.name = name
        self.version = version
        self.author = author
        self.license = license
        self.abi = abi
        self.architecture = architecture
        self.effects = effects
        self.files = files
    }

    package var label: String { "\(name) \(version)" }
    package var bundles: [File] { files.filter { $0.kind == .bundle } }

    /// The manifest read from `data`, or why not, naming `source` (the archive).
    package static func decode(_ data: Data, source: String) throws(PackError) -> PackManifest {
        guard data.count <= maximumSize else {
            throw PackError(pack: source, file: fileName, "is \(data.count) bytes; a pack manifest is at most \(maximumSize)")
        }
        let manifest: PackManifest
        do {
            manifest = try JSONDecoder().decode(PackManifest.self, from: data)
        } catch let DecodingError.keyNotFound(key, context) {
            throw PackError(pack: source, file: fileName, "missing \(Self.field(context.codingPath + [key]))")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            throw PackError(pack: source, file: fileName, "\(Self.field(context.codingPath)): \(context.debugDescription)")
        } catch let DecodingError.dataCorrupted(context) {
            throw PackError(pack: source, file: fileName, "\(context.codingPath.isEmpty ? "not valid JSON" : Self.field(context.codingPath)): \(context.debugDescription)")
        } catch {
            throw PackError(pack: source, file: fileName, "cannot be read: \(error)")
        }
        try manifest.check(source: source)
        return manifest
    }

    private static func field(_ path: [any CodingKey]) -> String {
        path.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined().drop { $0 == "." }.description
    }

    /// The rules a manifest obeys by itself, before any file is compared with it.
    package func check(source: String) throws(PackError) {
        func fail(_ reason: String) -> PackError { PackError(pack: source, file: Self.fileName, reason) }
        guard format == Self.format else { throw fail("format is \"\(format)\"; this stagehand reads \"\(Self.format)\"") }
        guard Self.isName(name) else {
            throw fail("name \"\(name)\" is not a pack name: 1 to 64 lower-case letters, digits, \".\", \"_\" or \"-\", starting with a letter or digit")
        }
        guard Self.isVersion(version) else {
            throw fail("version \"\(version)\" is not a version: 1 to 64 letters, digits, \".\", \"+\" or \"-\"")
        }
        var seen = Set<String>()
        for file in files {
            if let reason = PackPath.refusal(file.path) ?? (file.path == Self.fileName ? "is the manifest itself" : nil) {
                throw fail("files: \(file.path) \(reason)")
            }
            guard PackPath.kind(of: file.path) == file.kind else {
                throw fail("files: \(file.path) is listed as a \(file.kind.rawValue); its name says \(PackPath.kind(of: file.path)?.rawValue ?? "nothing a pack holds")")
            }
            guard seen.insert(file.path).inserted else { throw fail("files: \(file.path) is listed twice") }
            guard file.size >= 0, file.sha256.count == 64, file.sha256.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else {
                throw fail("files: \(file.path) needs a size ≥ 0 and a sha256 of 64 lower-case hex digits")
            }
        }
        var names = Set<String>()
        for effect in effects {
            guard names.insert(effect.name).inserted else { throw fail("effects: \(effect.name) is listed twice") }
            guard let file = files.first(where: { $0.path == effect.file }), file.kind != .preview else {
                throw fail("effects: \(effect.name) names the file \(effect.file), which is not a bundle or effect file of the pack")
            }
            guard files.contains(where: { $0.path == effect.preview && $0.kind == .preview }) else {
                throw fail("effects: \(effect.name) names the preview \(effect.preview), which is not a GIF of the pack")
            }
        }
        if effects.isEmpty { throw fail("effects: empty; a pack holds at least one effect") }
    }

    static func isName(_ text: String) -> Bool {
        guard (1...64).contains(text.count), let first = text.unicodeScalars.first, first != ".", first != "-", first != "_" else { return false }
        return text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || ".-_".unicodeScalars.contains($0) }
    }

    static func isVersion(_ text: String) -> Bool {
        (1...64).contains(text.count) && text.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || ".+-".unicodeScalars.contains($0)
        }
    }

    /// The manifest as `pack.json` holds it: keys sorted, so the same pack gives the same bytes.
    package func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}
