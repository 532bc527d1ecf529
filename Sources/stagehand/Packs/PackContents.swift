import Foundation
import StagehandCore
import StagehandHost
import StagehandPack

/// The effects the files of one directory declare, read as the command line reads any
/// plugin directory (scanned in a child process) but alone: no built-in bundle, no
/// catalog. What `pack` packs and what `install` compares with a pack's manifest.
struct PackContents {
    let library: EffectLibrary
    /// Problems with the files, as "FILE: reason" (the directory's path left out).
    let problems: [(file: String, reason: String)]

    init(directory: String) {
        let environment = ProcessInfo.processInfo.environment
        let (scanner, _) = PluginOptions.scanner(environment: environment)
        let (library, diagnostics) = EffectLibrary.load(pluginDirectories: [directory], catalogPath: nil, host: HostTable.shared,
                                                        environment: [:], scanner: scanner, includingBuiltInBundles: false,
                                                        readingCatalog: false)
        self.library = library
        problems = diagnostics.filter { $0.severity != .note }.map { diagnostic in
            let file = diagnostic.file.map { ($0 as NSString).lastPathComponent } ?? "-"
            return (file, (diagnostic.field.map { "\($0): " } ?? "") + diagnostic.message)
        }
    }

    /// The effects declared by `file` (a name in the directory).
    func effects(in file: String) -> [EffectInfo] {
        library.effects.filter { ($0.bundlePath as NSString).lastPathComponent == file }
    }

    /// A new empty directory `DIR/PREFIX-XXXXXX`.
    static func makeTemporaryDirectory(in directory: String, prefix: String) throws -> String {
        var template = Array(((directory as NSString).appendingPathComponent(prefix) + "-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw InputError.fail(directory, "cannot make a temporary directory: \(String(cString: strerror(errno)))")
        }
        return String(cString: made)
    }

    /// The host's machine, as a pack's manifest names it.
    static var architecture: String {
        #if arch(x86_64)
        return "x86_64"
        #elseif arch(arm64)
        return "aarch64"
        #else
        return "unknown"
        #endif
    }

    /// Whether the bundle at `path` is a Swift one: it exports the SDK's sources identity.
    static func isSwiftBundle(_ path: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: path) else { return false }
        return data.range(of: Data("stagehand_sources_identity\u{0}".utf8)) != nil
    }
}
