import Foundation
@testable import StagehandHost
import StagehandTestSupport
import Testing

/// A Swift bundle shares the Swift types of StagehandSDK, StagehandGeometry and
/// StagehandShared with the host, so it must be built from the host's sources: the
/// committed identity is the sources' own, every built-in Swift bundle carries the host's, and a bundle built from
/// other sources (or before the identity existed) is refused by name before its entry
/// runs, while the rest of the plugin path goes on.
@Suite struct SourceIdentityTests {
    /// FNV-1a (64 bits) of each source file of the four shared targets but the identity's
    /// own, as its path relative to the package, a zero byte, its code and a zero byte, in
    /// path order. A file's code is its lines, each trimmed of surrounding blanks and
    /// followed by a newline, without blank lines, lines that begin a `//` comment and
    /// whole-line `/* … */` comments: documentation can change without a rebuild.
    static func identity(ofSourcesIn root: String) throws -> String {
        let fm = FileManager.default
        var files: [String] = []
        for target in ["Sources/StagehandABI", "Sources/StagehandGeometry", "Sources/StagehandSDK", "Sources/StagehandShared"] {
            for file in try fm.subpathsOfDirectory(atPath: root + "/" + target) {
                let path = target + "/" + file
                var isDirectory: ObjCBool = false
                guard fm.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue,
                      [".swift", ".c", ".h"].contains(where: { file.hasSuffix($0) }),
                      path != "Sources/StagehandGeometry/SourceIdentity.swift" else { continue }
                files.append(path)
            }
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ bytes: some Sequence<UInt8>) {
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        }
        for path in files.sorted(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }) {
            mix(Array(path.utf8) + [0])
            mix(Array(code(of: try String(contentsOfFile: root + "/" + path, encoding: .utf8)).utf8) + [0])
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The lines of `text` that the identity counts (see `identity(ofSourcesIn:)`).
    static func code(of text: String) -> String {
        var code = "", inComment = false
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if inComment {
                if line.hasSuffix("*/") { inComment = false }
                continue
            }
            if line.isEmpty || line.hasPrefix("//") { continue }
            if line.hasPrefix("/*") {
                if !line.dropFirst(2).hasSuffix("*/") { inComment = true }
                continue
            }
            code += line + "\n"
        }
        return code
    }

    /// Comments and blank lines do not count; code does.
    @Test func theIdentityCountsCodeNotComments() {
        let swift = "/// A doc comment.\npublic struct Rect {\n    // why\n\n    var x: Double  \n}\n"
        #expect(Self.code(of: swift) == "public struct Rect {\nvar x: Double\n}\n")
        let c = "/* A block\n * over lines\n */\ntypedef struct { int a; } s; /* kept: code on the line */\n/* one line */\n"
        #expect(Self.code(of: c) == "typedef struct { int a; } s; /* kept: code on the line */\n")
        #expect(Self.code(of: swift) != Self.code(of: swift.replacingOccurrences(of: "Double", with: "Float")))
    }

    @Test func theCommittedIdentityIsTheSourcesOwn() throws {
        let computed = try Self.identity(ofSourcesIn: TestEnvironment.repositoryRoot)
        #expect(SharedSourcesCheck.hostIdentity == computed,
                "Sources/StagehandGeometry/SourceIdentity.swift is stale: the shared sources hash to \(computed); write that value there")
    }

    @Test func everyBuiltInSwiftBundleCarriesTheHostsIdentity() throws {
        let bundles = try FileManager.default.contentsOfDirectory(atPath: TestEnvironment.productsDirectory)
            .filter { $0.hasPrefix("lib") && $0.hasSuffix(".so") }
        var swift = 0
        for bundle in bundles {
            let handle = try #require(dlopen(TestEnvironment.productsDirectory + "/" + bundle, RTLD_NOW | RTLD_LOCAL))
            guard let symbol = dlsym(handle, SharedSourcesCheck.identitySymbol) else { continue }
            swift += 1
            let identify = unsafeBitCast(symbol, to: (@convention(c) () -> UnsafePointer<CChar>).self)
            #expect(String(cString: identify()) == SharedSourcesCheck.hostIdentity, "\(bundle)")
            #expect(SharedSourcesCheck.refusal(handle: handle) == nil, "\(bundle)")
        }
        #expect(swift >= 10, "the Swift bundles among \(bundles)")
    }

    /// A bundle claiming other sources, and one with the shared modules' types but no
    /// identity (an SDK from before it): each refused with one error naming the file,
    /// its entry never called, the other bundles still loaded.
    @Test(arguments: [
        (#"const char *stagehand_sources_identity(void) { return "0123456789abcdef"; }"#,
         "was built from other Stagehand sources (StagehandSDK and StagehandGeometry 0123456789abcdef) than this host (\(SharedSourcesCheck.hostIdentity)); a Swift bundle shares"),
        (#"const int geometry_rect_descriptor __asm__("$s17StagehandGeometry4RectVMn") = 0;"#,
         "was built with a StagehandSDK older than this host's (it has no stagehand_sources_identity); a Swift bundle shares"),
    ])
    func aBundleFromOtherSourcesIsRefusedBeforeItsEntry(prelude: String, message: String) throws {
        let workspace = try Workspace()
        let plugins = try workspace.directory("plugins")
        let marker = workspace.path + "/entry-called"
        var bundle = TestBundle(effect: "other-sources", factory: "other_sources_create")
        bundle.prelude = prelude
        bundle.entryBody = "fclose(fopen(\"\(marker)\", \"w\"));"
        try workspace.compile(bundle.source, to: "plugins/libOtherSources.so")

        let (library, diagnostics) = TestEnvironment.load(plugins: [plugins])
        let refusal = try #require(diagnostics.first { $0.contains("libOtherSources.so") }, "\(diagnostics)")
        #expect(refusal.hasPrefix("error: \(plugins)/libOtherSources.so: "), "\(refusal)")
        #expect(refusal.contains(message), "\(refusal)")
        #expect(refusal.hasSuffix("rebuild it against this host's checkout"), "\(refusal)")
        #expect(!FileManager.default.fileExists(atPath: marker), "the entry ran")
        #expect((try? library.effect(named: "other-sources")) == nil)
        expectCrossfadeLoads(library)
    }

    /// The real thing: a Swift bundle built with `stagehand new` against a copy of this
    /// checkout whose shared sources differ is refused by `stagehand catalog`, which goes
    /// on listing the rest; the same bundle built against this checkout loads.
    @Test(.tags(.nestedBuild), .slow) func aSwiftBundleBuiltFromAnotherCheckoutIsRefusedAndTheCatalogGoesOn() throws {
        let root = TestEnvironment.scratch("other-sources")
        let fm = FileManager.default
        let checkout = root + "/Stagehand", directory = root + "/Effect"
        try? fm.removeItem(atPath: checkout)
        try fm.createDirectory(atPath: checkout, withIntermediateDirectories: true)
        for item in ["Package.swift", "Sources", "Plugins"] {
            try fm.copyItem(atPath: TestEnvironment.repositoryRoot + "/" + item, toPath: checkout + "/" + item)
        }
        // Another version of the SDK: one more public declaration, and its identity.
        let identityFile = checkout + "/Sources/StagehandGeometry/SourceIdentity.swift"
        try (try String(contentsOfFile: identityFile, encoding: .utf8))
            .replacingOccurrences(of: "\"\(SharedSourcesCheck.hostIdentity)\"", with: "\"another-version\"")
            .write(toFile: identityFile, atomically: true, encoding: .utf8)
        try "public let anotherVersion = 2\n".write(toFile: checkout + "/Sources/StagehandSDK/AnotherVersion.swift", atomically: true, encoding: .utf8)

        if !fm.fileExists(atPath: directory + "/Package.swift") {
            let created = try runStagehand(["new", "elsewhere", "--kind", "push", "--out", directory])
            try #require(created.status == 0, "\(created.errors)")
        }
        // The checkout is copied afresh each run while the effect's build is kept: the
        // build plan is made again, so a source file added since the last run is built.
        let built = try runProcess("/usr/bin/env", ["swift", "build", "--disable-build-manifest-caching"], in: directory,
                                   environment: ["STAGEHAND_CHECKOUT": checkout])
        try #require(built.status == 0, "\(built.output)\n\(built.errors)")
        let bundle = directory + "/.build/debug/libElsewhere.so"

        let catalog = try runStagehand(["catalog", "--plugins", directory + "/.build/debug"])
        #expect(catalog.errors.contains("error: \(bundle): was built from other Stagehand sources (StagehandSDK and StagehandGeometry another-version) than this host (\(SharedSourcesCheck.hostIdentity))"),
                "\(catalog.errors)")
        #expect(!catalog.output.contains("elsewhere"))
        #expect(catalog.output.contains("slide-pop"), "the rest is listed")
        #expect(catalog.status == 0, "a refused bundle is reported; the catalog is still listed")
    }
}
