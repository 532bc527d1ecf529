import ArgumentParser
import Foundation
import StagehandCore
import StagehandGeometry
import StagehandHost
import StagehandPack

/// `stagehand pack FILE... --name N --version V`: one file that carries effects to
/// someone else — the bundles and effect files, a manifest, a preview GIF of each
/// effect made now, and the SHA-256 of every file (Documentation/Packs.md).
struct PackCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pack",
        abstract: "Make a pack (one file to share) of bundles and declarative effect files, with previews and sums.",
        discussion: """
            Each FILE is a bundle (lib*.so) or a declarative effect (NAME.effect.json). They are \
            scanned in a child process as the plugin search path is, alone (no built-in bundles, \
            no catalog): any problem stops the pack. A preview GIF of each effect is rendered \
            into the pack. `stagehand install PACK` installs it into the user plugin directory.
            """
    )

    @Argument(help: "The bundles (lib*.so) and effect files (NAME.effect.json) to pack.")
    var files: [String] = []

    @Option(help: ArgumentHelp("The pack's name: 1 to 64 lower-case letters, digits, '.', '_' or '-'.", valueName: "name"))
    var name: String

    @Option(help: ArgumentHelp("The pack's version, e.g. 1.0.0.", valueName: "version"))
    var version: String

    @Option(help: ArgumentHelp("Who made it (default: the author its effects all name).", valueName: "text"))
    var author: String?

    @Option(help: ArgumentHelp("Its licence (default: the license its effects all name).", valueName: "text"))
    var license: String?

    @Option(help: ArgumentHelp("Where to write the pack (default: NAME-VERSION.shpack here).", valueName: "file"))
    var out: String?

    /// Previews are small: a pack carries one per effect.
    static let previewScreen = Size(width: 195, height: 422)

    func run() throws {
        guard !files.isEmpty else { throw InputError.fail("FILE", "missing; give the bundles (lib*.so) and effect files (NAME.effect.json) to pack") }
        let output = out ?? "\(name)-\(version).shpack"
        try OutputPath.checkFile(output, argument: "--out")
        let temporary = try PackContents.makeTemporaryDirectory(in: NSTemporaryDirectory(), prefix: "stagehand-pack")
        defer { try? FileManager.default.removeItem(atPath: temporary) }

        var names: [String] = []
        for file in files {
            let base = (file as NSString).lastPathComponent
            guard let kind = PackPath.kind(of: base), kind != .preview, PackPath.refusal(base) == nil else {
                throw InputError.fail(file, "is not a bundle (lib*.so) or an effect file (NAME.effect.json) with a plain name (letters, digits, '.', '_', '+', '-')")
            }
            guard !names.contains(base) else { throw InputError.fail(file, "is named twice (a pack holds one file of each name)") }
            if let reason = BundleFile.refusal(file) { throw InputError.fail(file, reason) }
            do {
                try FileManager.default.copyItem(atPath: file, toPath: temporary + "/" + base)
            } catch {
                throw InputError.fail(file, "cannot be read: \(error.localizedDescription)")
            }
            names.append(base)
        }

        let contents = PackContents(directory: temporary)
        if let problem = contents.problems.first {
            throw InputError.fail(problem.file, problem.reason + "; nothing packed")
        }
        var effects: [PackManifest.Effect] = []
        var packed: [(path: String, data: Data)] = []
        var listed: [PackManifest.File] = []
        let gallery = Gallery(library: contents.library, folder: "", contactSheet: nil, screen: Self.previewScreen,
                              framesPerSecond: Gallery.galleryFramesPerSecond)
        for base in names {
            let path = temporary + "/" + base
            let declared = contents.effects(in: base)
            guard !declared.isEmpty else { throw InputError.fail(base, "declares no effect; nothing packed") }
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            let kind = PackPath.kind(of: base)!
            let identity = kind == .bundle && PackContents.isSwiftBundle(path) ? SourceIdentity.value.description : nil
            listed.append(.init(path: base, kind: kind, size: data.count, sha256: SHA256Digest.hex(of: data), sourcesIdentity: identity))
            packed.append((base, data))
            for effect in declared {
                let rendered = gallery.render(effect)
                guard let gif = rendered.gif else {
                    throw InputError.fail(base, "effect \(effect.name) cannot be previewed (\(rendered.failure ?? "no picture")); nothing packed")
                }
                let preview = PackPath.previewsFolder + "/\(effect.name).gif"
                guard PackPath.refusal(preview) == nil else {
                    throw InputError.fail(base, "effect \(effect.name) has a name that cannot name a file in a pack; nothing packed")
                }
                listed.append(.init(path: preview, kind: .preview, size: gif.count, sha256: SHA256Digest.hex(of: gif), sourcesIdentity: nil))
                packed.append((preview, gif))
                effects.append(.init(name: effect.name, kind: effect.kind.rawValue, file: base, preview: preview))
            }
        }
        let all = contents.library.effects
        let manifest = PackManifest(name: name, version: version,
                                    author: try Self.common(author, all.map(\.author), option: "--author"),
                                    license: try Self.common(license, all.map(\.license), option: "--license"),
                                    abi: .host,
                                    architecture: listed.contains { $0.kind == .bundle } ? PackContents.architecture : "any",
                                    effects: effects, files: listed)
        do {
            try manifest.check(source: output)
            try PackWriter.write(manifest: manifest, files: packed, to: output)
        } catch let error as PackError {
            StandardError.write(error.description)
            throw ExitCode.failure
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: output)[.size] as? Int) ?? 0
        print("wrote \(output): pack \(manifest.label), \(effects.count) effect\(effects.count == 1 ? "" : "s") (\(effects.map(\.name).joined(separator: ", "))), \(size / 1024) KB")
    }

    /// The option, else the one value the effects give, else an error naming the option.
    static func common(_ option: String?, _ values: [String?], option name: String) throws -> String {
        if let option { return option }
        // Effects that name none (declarative files often do not) take the others'.
        let distinct = Set(values.compactMap { $0 })
        guard distinct.count == 1, let value = distinct.first else {
            let found = distinct.isEmpty ? "the effects name none" : "the effects name \(distinct.sorted().joined(separator: ", "))"
            throw InputError.fail(name, "missing; \(found), so say it")
        }
        return value
    }
}
