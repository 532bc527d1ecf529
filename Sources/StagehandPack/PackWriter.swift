import Foundation
import ZIPFoundation

/// Writes a pack: `pack.json` first, then each file, deflated, into a temporary file
/// beside `path` that is renamed into place, so a pack is either whole or absent.
package enum PackWriter {
    package static func write(manifest: PackManifest, files: [(path: String, data: Data)], to path: String) throws {
        let temporary = path + ".partial-\(getpid())"
        try? FileManager.default.removeItem(atPath: temporary)
        do {
            let archive = try Archive(url: URL(fileURLWithPath: temporary), accessMode: .create)
            let manifestData = try manifest.encoded()
            for (name, data) in [(PackManifest.fileName, manifestData)] + files {
                try archive.addEntry(with: name, type: .file, uncompressedSize: Int64(data.count),
                                     modificationDate: Date(timeIntervalSince1970: 315_532_800), permissions: 0o644,
                                     compressionMethod: .deflate) { position, size in
                    data.subdata(in: Int(position)..<Int(position) + size)
                }
            }
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temporary)
            throw PackError(pack: manifest.label, "cannot be written to \(path): \(reason)")
        }
    }
}
