#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import StagehandCore
import StagehandHost

/// `cold_load_50_ms` and the load scaling series: discover, dlopen, verify and register
/// N bundles that this process has never opened.
///
/// The bundles are copies of the built C bundle `libCrossfade.so` (beside the
/// executable), each with a distinct effect name: in each copy the quoted name
/// `"crossfade"` of the embedded manifest is overwritten, byte for byte, with
/// `"xf-NNNNNN"` (same length, so nothing else in the file moves). Every copy is a
/// distinct file with its own manifest, so each is opened, checked, initialised and
/// registered in full. A catalog naming all N is written beside them, so the catalog is
/// read and every entry checked against its bundle's manifest too. Each trial uses fresh
/// copies in a fresh directory (a path already opened would only bump dlopen's
/// reference count). "Cold" means "never loaded by this process"; the files themselves
/// were just written, so they are in the page cache, as installed bundles usually are.
/// The built-in directory is not searched (`includingBuiltInBundles: false`).
final class ColdLoadBenchmark {
    enum Failure: Error, CustomStringConvertible {
        case noSource(String)
        case noPattern(String)
        case io(String)
        case load(String)

        var description: String {
            switch self {
            case .noSource(let s), .noPattern(let s), .io(let s), .load(let s): return s
            }
        }
    }

    private let source: [UInt8]
    private let offsets: [Int]
    private let root: String
    private var serial = 0
    private var trial = 0

    init() throws(Failure) {
        guard let exe = Measure.executablePath() else { throw .noSource("cannot read /proc/self/exe") }
        let directory = String(exe[..<(exe.lastIndex(of: "/") ?? exe.endIndex)])
        let path = directory + "/libCrossfade.so"
        guard let bytes = Self.read(path) else {
            throw .noSource("\(path) is missing: build the bundles first (swift build -c release)")
        }
        let pattern = Array("\"crossfade\"".utf8)
        var found: [Int] = []
        if bytes.count >= pattern.count {
            for i in 0...(bytes.count - pattern.count) where bytes[i] == pattern[0] {
                if Array(bytes[i..<(i + pattern.count)]) == pattern { found.append(i) }
            }
        }
        guard !found.isEmpty else { throw .noPattern("\(path) has no \"crossfade\" name in its manifest to rename") }
        source = bytes
        offsets = found
        var template = Array("/tmp/stagehand-bench-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw .io("cannot make a temporary directory") }
        root = String(cString: made)
    }

    deinit {
        // The copies stay mapped (bundles are never closed); removing the files is fine.
        Self.removeTree(root)
    }

    /// Writes `count` fresh copies and a catalog naming them into a new directory.
    func writeBundles(count: Int) throws(Failure) -> (directory: String, catalog: String) {
        trial += 1
        let directory = root + "/trial-\(trial)"
        guard mkdir(directory, 0o755) == 0 else { throw .io("cannot make \(directory)") }
        var entries: [String] = []
        for _ in 0..<count {
            serial += 1
            let tag = String(serial).leftPadded(to: 6)
            let name = "xf-\(tag)"
            var bytes = source
            let replacement = Array("\"\(name)\"".utf8)
            for offset in offsets { bytes.replaceSubrange(offset..<(offset + replacement.count), with: replacement) }
            let file = "libXF\(tag).so"
            guard Self.write(bytes, to: directory + "/" + file) else { throw .io("cannot write \(directory)/\(file)") }
            entries.append("""
                {"name": "\(name)", "bundle": "\(file)", "factory": "crossfade_create", "kind": "container", \
                "interactive": false, "parameters": [{"name": "duration", "type": "double", "default": 0.3, "min": 0, "max": 10}], \
                "description": "Bench copy \(tag) of crossfade."}
                """)
        }
        let catalog = directory + "/Catalog.json"
        let text = "{\"schemaVersion\": 1, \"effects\": [\n" + entries.joined(separator: ",\n") + "\n]}\n"
        guard Self.write(Array(text.utf8), to: catalog) else { throw .io("cannot write \(catalog)") }
        return (directory, catalog)
    }

    /// Milliseconds to load `count` fresh bundles.
    func trial(count: Int) throws(Failure) -> Double {
        let (directory, catalog) = try writeBundles(count: count)
        var library: EffectLibrary?
        var diagnostics: [Diagnostic] = []
        let seconds = Measure.seconds {
            (library, diagnostics) = EffectLibrary.load(pluginDirectories: [directory], catalogPath: catalog,
                                                        host: HostTable.shared, environment: [:],
                                                        includingBuiltInBundles: false)
        }
        let loaded = library?.effects.filter { $0.source == .catalog }.count ?? 0
        guard loaded == count, diagnostics.isEmpty else {
            throw .load("loading \(count) bench bundles registered \(loaded): \(diagnostics.first.map { "\($0)" } ?? "no diagnostic")")
        }
        return seconds * 1e3
    }

    private static func read(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&chunk, 1, chunk.count, file)
            if n <= 0 { break }
            bytes += chunk[0..<n]
        }
        return bytes
    }

    private static func write(_ bytes: [UInt8], to path: String) -> Bool {
        guard let file = fopen(path, "wb") else { return false }
        defer { fclose(file) }
        return bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) } == bytes.count
    }

    private static func removeTree(_ path: String) {
        guard let directory = opendir(path) else { unlink(path); return }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name == "." || name == ".." { continue }
            let child = path + "/" + name
            if Int32(entry.pointee.d_type) == Int32(DT_DIR) { removeTree(child) } else { unlink(child) }
        }
        closedir(directory)
        rmdir(path)
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
