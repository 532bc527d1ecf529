import ArgumentParser
import Foundation
import StagehandCore
import StagehandGeometry
import StagehandHost
import StagehandPack

/// `stagehand install PACK`: checks a pack as carefully as the bundle scanner checks a
/// bundle, then puts it into the user plugin directory in one step (Documentation/Packs.md).
///
/// Every check comes before anything is placed: the archive (`PackReader`: paths, types,
/// sizes, sums), the machine and ELF class of each bundle, the ABI version, the Swift
/// sources identity, the effects the files really declare against the manifest (scanned
/// in a child process), each file validated in a child as `stagehand validate` does, and
/// the effect names against those already loaded. Any failure is one line naming the
/// pack, the file and the reason, and the user directory is as it was.
struct InstallCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "install",
        abstract: "Check a pack and install it into the user plugin directory.",
        discussion: """
            The user plugin directory is $XDG_DATA_HOME/stagehand/plugins, else \
            ~/.local/share/stagehand/plugins; every command searches it. Installing the version \
            already installed does nothing; another version replaces it only with --replace. \
            A pack with bundles runs native code in stagehand's process: install says so, with \
            each bundle's SHA-256.
            """
    )

    @OptionGroup var plugins: PluginOptions

    @Argument(help: "The pack file (made by `stagehand pack`).")
    var pack: String

    @Flag(help: "Replace another installed version of the same pack.")
    var replace = false

    @OptionGroup var timeout: ValidationTimeoutOptions

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        guard let directory = UserPluginDirectory.path(environment: environment) else {
            throw InputError.fail("install", "no user plugin directory: neither XDG_DATA_HOME (absolute) nor HOME is set")
        }
        let seconds = try timeout.seconds()
        let store = PackStore(directory: directory)
        store.removeAbandoned()
        do {
            try install(into: store, timeout: seconds)
        } catch let error as PackError {
            StandardError.write(error.description + "; nothing installed")
            throw ExitCode.failure
        }
    }

    private func install(into store: PackStore, timeout: Double) throws {
        let reader = try PackReader(path: pack)
        let manifest = reader.manifest
        let label = manifest.label
        if let installed = store.installedVersion(of: manifest.name) {
            if installed == manifest.version {
                print("pack \(label) is already installed in \(store.packDirectory(manifest.name)); nothing done")
                return
            }
            guard replace else {
                throw PackError(pack: label, "version \(installed) is installed; --replace installs \(manifest.version) in its place")
            }
        }
        try Self.checkTarget(manifest)

        let staged = try store.makeStaging()
        var placed = false
        defer { if !placed { store.discard(staged) } }
        try reader.extract(into: staged)
        InstallPhase.extracted.reached()
        try checkFiles(manifest, in: staged)
        try checkEffects(manifest, in: staged, timeout: timeout)
        try checkNames(manifest)

        for bundle in manifest.bundles {
            print("pack \(label) holds native code, which runs inside stagehand's own process: \(bundle.path) sha256 \(bundle.sha256)")
        }
        InstallPhase.checked.reached()
        try store.place(staged, as: manifest.name) { InstallPhase.swapped.reached() }
        placed = true
        print("installed pack \(label) into \(store.packDirectory(manifest.name)): \(manifest.effects.map(\.name).joined(separator: ", "))")
    }

    /// The machine and ABI the manifest states, before anything is extracted.
    static func checkTarget(_ manifest: PackManifest) throws(PackError) {
        guard !manifest.bundles.isEmpty else { return }
        let label = manifest.label
        guard manifest.architecture == PackContents.architecture else {
            throw PackError(pack: label, file: PackManifest.fileName, "its bundles are built for \(manifest.architecture); this host is \(PackContents.architecture)")
        }
        let major = PackManifest.ABI.host.major, minor = PackManifest.ABI.host.minor
        guard manifest.abi.major == major, manifest.abi.minor <= minor else {
            throw PackError(pack: label, file: PackManifest.fileName,
                            "its bundles need ABI \(manifest.abi.major).\(manifest.abi.minor); this host speaks \(major).0 to \(major).\(minor)")
        }
    }

    /// Each bundle's ELF class and machine, and a Swift bundle's sources identity.
    private func checkFiles(_ manifest: PackManifest, in staged: String) throws(PackError) {
        let host = SourceIdentity.value.description
        for bundle in manifest.bundles {
            let path = staged + "/" + bundle.path
            if let reason = BundleFile.refusal(path) {
                throw PackError(pack: manifest.label, file: bundle.path, reason)
            }
            let isSwift = PackContents.isSwiftBundle(path)
            if isSwift && bundle.sourcesIdentity != host {
                let stated = bundle.sourcesIdentity.map { "sources \($0)" } ?? "no sources identity in the manifest"
                throw PackError(pack: manifest.label, file: bundle.path,
                                "is a Swift bundle built from other Stagehand sources (\(stated)) than this host (\(host)); it must be rebuilt and packed again against this version")
            }
            if !isSwift && bundle.sourcesIdentity != nil {
                throw PackError(pack: manifest.label, file: bundle.path,
                                "the manifest gives it a sources identity, but it is not a Swift bundle (it exports no stagehand_sources_identity)")
            }
        }
    }

    /// The effects the files declare (scanned in a child) are the manifest's, and each
    /// file passes `stagehand validate`, all of them in one child.
    private func checkEffects(_ manifest: PackManifest, in staged: String, timeout: Double) throws(PackError) {
        let contents = PackContents(directory: staged)
        if let problem = contents.problems.first {
            throw PackError(pack: manifest.label, file: problem.file, problem.reason)
        }
        let declared = Set(contents.library.effects.map { "\($0.name) (\($0.kind.rawValue)) in \(($0.bundlePath as NSString).lastPathComponent)" })
        let stated = Set(manifest.effects.map { "\($0.name) (\($0.kind)) in \($0.file)" })
        guard declared == stated else {
            let missing = stated.subtracting(declared).sorted(), unlisted = declared.subtracting(stated).sorted()
            var parts: [String] = []
            if !missing.isEmpty { parts.append("it lists \(missing.joined(separator: ", ")), which the files do not declare") }
            if !unlisted.isEmpty { parts.append("the files declare \(unlisted.joined(separator: ", ")), which it does not list") }
            throw PackError(pack: manifest.label, file: PackManifest.fileName, "the manifest does not tell the truth about its effects: " + parts.joined(separator: "; "))
        }
        // Every file in one child, one after the other, each alone as `validate` checks
        // it: the first that fails is named, with the effect or the step that failed.
        let files = manifest.files.filter { $0.kind != .preview }
        let paths = files.map { staged + "/" + $0.path }
        let reports: [ValidationReport]
        do {
            reports = try ChildProcess.validate(paths: paths, arguments: ["stagehand", "validate"] + paths, timeout: timeout)
        } catch {
            throw PackError(pack: manifest.label, "its files cannot be validated: \(error)")
        }
        for (file, report) in zip(files, reports) where !report.ok {
            let first = report.crash.map { "\($0.name) during \($0.during)" } ?? report.problems.first
                ?? report.effects.first { !$0.ok }.map { "effect \($0.name): \($0.problems.first ?? "failed")" } ?? "declares no effect"
            throw PackError(pack: manifest.label, file: file.path, "fails validation (stagehand validate): \(first)")
        }
    }

    /// No effect of the pack has the name of one already loaded from elsewhere (a
    /// built-in, another pack, a plugin directory): installed, it would be ignored.
    private func checkNames(_ manifest: PackManifest) throws {
        let (library, _) = try plugins.loadLibrary(readingCatalog: true, quiet: true)
        for effect in manifest.effects {
            guard let other = try? library.effect(named: effect.name) else { continue }
            let provenance = library.provenance(of: effect.name)
            if case .installedPack(let name, _)? = provenance, name == manifest.name { continue }   // the version it replaces
            throw PackError(pack: manifest.label, file: effect.file,
                            "effect \(effect.name) is already provided by \(other.bundlePath) (\(provenance?.summary ?? "?")); installed, this one would be ignored")
        }
    }
}
