import ArgumentParser
import Foundation

/// `stagehand new NAME`: scaffolds a package outside this repository that builds one
/// effect bundle, ready for `--plugins`.
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Scaffold a new effect bundle (Swift through StagehandSDK, or C against stagehand.h).",
        discussion: "Writes a new directory and never touches an existing one. Build it (swift build, or make) and list it with `stagehand catalog --plugins DIR`."
    )

    @Argument(help: "The effect's name: lowercase letters, digits and hyphens, e.g. slide-down.")
    var name: String

    @Option(help: "push, pop, present, dismiss or container.")
    var kind: String = "pop"

    @Option(help: "swift or c.")
    var language: String = "swift"

    @Option(help: ArgumentHelp("The directory to create (default: ./BundleName).", valueName: "dir"))
    var out: String?

    @Option(help: ArgumentHelp("The Stagehand checkout to build against (default: the one this executable was built in).", valueName: "dir"))
    var stagehand: String?

    static let kinds = ["push", "pop", "present", "dismiss", "container"]

    func run() throws {
        guard name.range(of: "^[a-z][a-z0-9]*(-[a-z0-9]+)*$", options: .regularExpression) != nil else {
            throw InputError.fail("NAME", "expected lowercase letters, digits and single hyphens, starting with a letter (e.g. slide-down); got \"\(name)\"")
        }
        guard Self.kinds.contains(kind) else {
            throw InputError.fail("--kind", "expected one of \(Self.kinds.joined(separator: ", ")); got \"\(kind)\"")
        }
        guard let lang = EffectScaffold.Language(rawValue: language.lowercased()) else {
            throw InputError.fail("--language", "expected swift or c; got \"\(language)\"")
        }
        guard let root = stagehand.map(absolute) ?? Self.checkout() else {
            throw InputError.fail("--stagehand", "no Stagehand checkout found above this executable; give its directory")
        }
        guard FileManager.default.fileExists(atPath: root + "/Sources/StagehandABI/include/stagehand.h") else {
            throw InputError.fail("--stagehand", "\(root) is not a Stagehand checkout (no Sources/StagehandABI/include/stagehand.h)")
        }
        let bundle = EffectScaffold.bundleName(for: name)
        let directory = absolute(out ?? bundle)
        if FileManager.default.fileExists(atPath: directory) {
            throw InputError.fail("--out", "\(directory) already exists; choose a new directory (nothing was written)")
        }
        let scaffold = EffectScaffold(name: name, bundle: bundle, kind: kind, language: lang, stagehandRoot: root)
        // Written in a temporary directory beside the target, then moved: a failure
        // leaves nothing half-written.
        let staging = directory + ".stagehand-new-\(getpid())"
        do {
            for (path, contents) in scaffold.files {
                let file = staging + "/" + path
                try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent,
                                                        withIntermediateDirectories: true)
                try Data(contents.utf8).write(to: URL(fileURLWithPath: file))
            }
            try FileManager.default.moveItem(atPath: staging, toPath: directory)
        } catch {
            try? FileManager.default.removeItem(atPath: staging)
            throw InputError.fail("--out", "cannot write \(directory): \(error.localizedDescription)")
        }
        print("created \(directory) (\(lang.rawValue), \(kind) effect \(name) in bundle lib\(bundle).so)")
        print(lang == .swift ? "  cd \(directory) && swift build && stagehand catalog --plugins .build/debug"
                             : "  cd \(directory) && make && stagehand catalog --plugins .")
    }

    private func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }

    /// The checkout this executable was built in: the nearest directory above it that
    /// holds the header.
    static func checkout() -> String? {
        guard var dir = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")).map({ ($0 as NSString).deletingLastPathComponent }) else { return nil }
        while dir != "/" && !dir.isEmpty {
            if FileManager.default.fileExists(atPath: dir + "/Sources/StagehandABI/include/stagehand.h") { return dir }
            dir = (dir as NSString).deletingLastPathComponent
        }
        return nil
    }
}
