import Crypto
import Foundation
import StagehandTestSupport

/// A pack made by hand, file by file, with a manifest the test can falsify: what a pack
/// from outside might be. `stagehand pack` makes the honest ones.
struct TestPack {
    var name = "hand-made"
    var version = "1.0.0"
    /// The files besides `pack.json`, in archive order.
    var files: [(path: String, data: Data)] = []
    /// The effects the manifest lists: name, kind, file.
    var effects: [(name: String, kind: String, file: String)] = []
    var architecture = "x86_64"
    var abi = (major: 1, minor: 0)
    /// Per file, the sources identity the manifest states.
    var identities: [String: String] = [:]

    static func sha256(_ data: Data) -> String {
        SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
    }

    /// A declarative effect file named `name`, from the fade example.
    static func declarativeEffect(_ name: String) throws -> Data {
        let fade = try String(contentsOfFile: TestEnvironment.repositoryRoot + "/Examples/DeclarativeEffects/fade.effect.json", encoding: .utf8)
        return Data(fade.replacingOccurrences(of: #""name": "fade""#, with: "\"name\": \"\(name)\"").utf8)
    }

    /// One declarative effect with its preview: a pack that would install.
    static func declarative(_ effect: String, name: String = "hand-made", version: String = "1.0.0") throws -> TestPack {
        var pack = TestPack(name: name, version: version)
        pack.files = [("\(effect).effect.json", try declarativeEffect(effect)), ("previews/\(effect).gif", Data("GIF89a".utf8))]
        pack.effects = [(effect, "any", "\(effect).effect.json")]
        return pack
    }

    var manifest: [String: Any] {
        [
            "format": "stagehand-pack/1", "name": name, "version": version, "author": "Tests", "license": "MIT",
            "abi": ["major": abi.major, "minor": abi.minor], "architecture": architecture,
            "effects": effects.map { ["name": $0.name, "kind": $0.kind, "file": $0.file, "preview": "previews/\($0.name).gif"] },
            "files": files.map { file -> [String: Any] in
                var entry: [String: Any] = ["path": file.path, "size": file.data.count, "sha256": Self.sha256(file.data),
                                            "kind": file.path.hasPrefix("previews/") ? "preview" : file.path.hasSuffix(".so") ? "bundle" : "declarative"]
                if let identity = identities[file.path] { entry["sourcesIdentity"] = identity }
                return entry
            },
        ]
    }

    /// The archive: `pack.json` (this manifest, or `manifestData`) first, then the files.
    func zip(manifestData: Data? = nil) throws -> TestZip {
        let data = try manifestData ?? JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys])
        return TestZip(entries: [TestZip.Entry("pack.json", data)] + files.map { TestZip.Entry($0.path, $0.data) })
    }

    /// Writes the archive into `workspace` as `file` and returns its path.
    func write(to file: String, in workspace: Workspace) throws -> String {
        let path = workspace.path + "/" + file
        try zip().bytes.write(to: URL(fileURLWithPath: path))
        return path
    }
}
