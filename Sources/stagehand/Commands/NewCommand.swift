import ArgumentParser
import Foundation

/// `stagehand new NAME`: scaffolds a package outside this repository that builds one
/// effect bundle, ready for `--plugins`.
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Scaffold a new effect bundle (Swift through StagehandSDK, or C against stagehand.h).",
        discussion: "Writes a new directory and never touches an existing one. Its files name the Stagehand checkout relative to it (STAGEHAND_CHECKOUT overrides; see its README.md); a Swift package links the authoring layer alone and fetches nothing. The last line printed builds it and lists it."
    )

    @Argument(help: "The effect's name: lowercase letters, digits and hyphens, e.g. slide-down.")
    var name: String

    @Option(help: "push, pop, present, dismiss or container.")
    var kind: String = "pop"

    @Option(help: "swift, c, or json (a declarative effect: one NAME.effect.json file, no compiler).")
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
        if language.lowercased() == "json" {
            return try writeDeclarative()
        }
        guard let lang = EffectScaffold.Language(rawValue: language.lowercased()) else {
            throw InputError.fail("--language", "expected swift, c or json; got \"\(language)\"")
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
        // Both sides as the file system has them, so `..` steps lead where they should.
        let stagehandPath = EffectScaffold.relativePath(
            from: Self.resolved((directory as NSString).deletingLastPathComponent) + "/" + (directory as NSString).lastPathComponent,
            to: Self.resolved(root))
        let scaffold = EffectScaffold(name: name, bundle: bundle, kind: kind, language: lang, stagehandPath: stagehandPath)
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
        let command = Self.shellWord(Self.invocation())
        print(lang == .swift ? "  cd \(Self.shellWord(directory)) && swift build && \(command) catalog --plugins .build/debug"
                             : "  cd \(Self.shellWord(directory)) && make && \(command) catalog --plugins .")
    }

    /// How to run this `stagehand` again: its name when the `PATH` finds this very
    /// executable, its absolute path otherwise (a fresh checkout's `.build/debug`).
    /// `--language json`: one NAME.effect.json in `--out` (default: here), never over an
    /// existing file.
    private func writeDeclarative() throws {
        let directory = absolute(out ?? ".")
        let file = directory + "/" + name + ".effect.json"
        if FileManager.default.fileExists(atPath: file) {
            throw InputError.fail("--out", "\(file) already exists; choose another directory or name (nothing was written)")
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try Data(DeclarativeTemplate.text(name: name, kind: kind).utf8).write(to: URL(fileURLWithPath: file), options: .withoutOverwriting)
        } catch {
            throw InputError.fail("--out", "cannot write \(file): \(error.localizedDescription)")
        }
        print("created \(file) (declarative \(kind) effect \(name); Documentation/DeclarativeEffects.md lists every key)")
        let command = Self.shellWord(Self.invocation())
        print("  \(command) validate \(Self.shellWord(file)) && \(command) catalog --plugins \(Self.shellWord(directory))")
    }

    static func invocation() -> String {
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            return "stagehand"
        }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for directory in path.split(separator: ":") {
            let candidate = String(directory) + "/stagehand"
            guard FileManager.default.isExecutableFile(atPath: candidate) else { continue }
            // The first `stagehand` on the PATH is the one a shell runs.
            return resolved(candidate) == executable ? "stagehand" : executable
        }
        return executable
    }

    /// `path` with every symbolic link in it followed (itself if it does not exist).
    static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }

    /// `word` as one shell word: quoted when it holds anything but plain path characters.
    static func shellWord(_ word: String) -> String {
        let plain = word.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "/._-+=:,@".contains($0)) }
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
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
