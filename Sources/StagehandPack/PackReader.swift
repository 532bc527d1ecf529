import Foundation
import ZIPFoundation

/// Reads a pack as hostile input: every check that needs no extraction is made before
/// a byte is written, and what is extracted is counted as it arrives, so an archive
/// that lies about its sizes stops at the first byte too many.
///
/// Refused, each with its own message: a file that is not a zip archive, a truncated or
/// damaged one, a path that is absolute, has a `..` component or is anywhere a pack may
/// not hold a file (`PackPath`), a symbolic link, a hard link or any other entry that is
/// not a regular file, two entries of the same name, entries that share their bytes, an
/// entry that inflates to more than it declares, more than `Limits.totalSize` bytes in
/// all (a zip bomb), more than `Limits.entries` entries, and any difference between the
/// entries and the manifest's `files` (a file missing or unlisted, another size, another
/// SHA-256).
package struct PackReader {
    package struct Limits: Sendable {
        /// The most bytes all entries together may inflate to.
        package var totalSize: UInt64 = 512 << 20
        package var entries = 1024

        package init(totalSize: UInt64 = 512 << 20, entries: Int = 1024) {
            self.totalSize = totalSize
            self.entries = entries
        }
    }

    package let path: String
    package let manifest: PackManifest
    private let archive: Archive
    private let entries: [Entry]

    /// Opens `path` and checks everything that can be checked without extracting.
    package init(path: String, limits: Limits = Limits()) throws(PackError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw PackError(pack: path, "cannot be read (missing, a directory, or not readable)")
        }
        try self.init(data: data, source: path, limits: limits)
    }

    /// Reads a pack held in memory; `source` names it in messages (the fuzz target's way in).
    package init(data: Data, source path: String, limits: Limits = Limits()) throws(PackError) {
        self.path = path
        func fail(_ reason: String) -> PackError { PackError(pack: path, reason) }
        let bytes = [UInt8](data)
        guard bytes.count >= 4, Array(bytes[0..<4]) == CentralDirectory.localSignature else {
            let start = bytes.prefix(4).map { String($0, radix: 16) }.joined(separator: " ")
            throw fail("is not a pack: a pack is a zip archive, which starts with the bytes 50 4b 03 04; this starts with \(start.isEmpty ? "nothing (it is empty)" : start)")
        }
        let directory = try CentralDirectory(bytes, fail: fail)
        guard directory.records.count <= limits.entries else {
            throw fail("has \(directory.records.count) entries; a pack has at most \(limits.entries)")
        }
        var seen = Set<String>()
        var total: UInt64 = 0
        for record in directory.records {
            let entryFail = { (reason: String) in PackError(pack: path, file: record.path, reason) }
            guard seen.insert(record.path).inserted else {
                throw entryFail("appears twice in the archive; which one would be installed is not clear, so neither is")
            }
            if record.path == PackPath.previewsFolder + "/" { continue }
            if let reason = PackPath.refusal(record.path) { throw entryFail(reason) }
            switch record.unixType {
            case nil, 0o100000?: break
            case 0o120000?: throw entryFail("is a symbolic link; a pack holds only regular files")
            case 0o040000?: throw entryFail("is a directory; a pack holds only files (and previews/)")
            case let type?: throw entryFail("is not a regular file (Unix file type 0o\(String(type, radix: 8)): a device, FIFO, socket or link); a pack holds only regular files")
            }
            total += record.uncompressedSize
            guard total <= limits.totalSize else {
                throw fail("would inflate to more than \(limits.totalSize) bytes (\(total) by \(record.path)); refused as a zip bomb")
            }
            if let reason = Self.deflateProblem(record, in: bytes) { throw entryFail(reason) }
        }
        archive = try Self.open(data, fail: fail)
        entries = Array(archive)
        guard entries.count == directory.records.count else {
            throw fail("is damaged: its central directory lists \(directory.records.count) entries, of which \(entries.count) can be read")
        }
        guard let manifestEntry = entries.first(where: { $0.path == PackManifest.fileName }) else {
            throw fail("has no \(PackManifest.fileName); every pack starts with its manifest")
        }
        let manifestData = try Self.read(manifestEntry, from: archive, limit: UInt64(PackManifest.maximumSize), pack: path)
        let manifest = try PackManifest.decode(manifestData, source: path)
        self.manifest = manifest

        // The entries and the manifest's files are the same set, of the same sizes.
        let label = manifest.label
        let files = entries.filter { $0.type == .file && $0.path != PackManifest.fileName }
        for entry in files {
            guard let listed = manifest.files.first(where: { $0.path == entry.path }) else {
                throw PackError(pack: label, file: entry.path, "is in the archive but not in the manifest's files; every file of a pack has its SHA-256 there")
            }
            guard entry.uncompressedSize == UInt64(listed.size) else {
                throw PackError(pack: label, file: entry.path, "is \(entry.uncompressedSize) bytes in the archive; the manifest says \(listed.size)")
            }
        }
        for listed in manifest.files where !files.contains(where: { $0.path == listed.path }) {
            throw PackError(pack: label, file: listed.path, "is listed in the manifest but not in the archive")
        }
    }

    /// Extracts every file into `directory` (which exists and is empty), checking each
    /// one's size and SHA-256 against the manifest as it is written; the manifest is
    /// written last, as `pack.json`.
    package func extract(into directory: String) throws(PackError) {
        let label = manifest.label
        try forEachFile { file, data throws(PackError) in
            let target = directory + "/" + file.path
            do {
                if file.kind == .preview {
                    try FileManager.default.createDirectory(atPath: directory + "/" + PackPath.previewsFolder, withIntermediateDirectories: true)
                }
                try data.write(to: URL(fileURLWithPath: target), options: .withoutOverwriting)
            } catch {
                throw PackError(pack: label, file: file.path, "cannot be written to \(target): \(error.localizedDescription)")
            }
        }
        do {
            try manifest.encoded().write(to: URL(fileURLWithPath: directory + "/" + PackManifest.fileName), options: .withoutOverwriting)
        } catch {
            throw PackError(pack: label, file: PackManifest.fileName, "cannot be written into \(directory): \(error.localizedDescription)")
        }
    }

    /// Reads every file of the manifest, each checked (size, CRC-32, SHA-256) before
    /// `body` sees it: extraction, or the fuzz target's reading with nothing written.
    package func forEachFile(_ body: (PackManifest.File, Data) throws(PackError) -> Void) throws(PackError) {
        for file in manifest.files {
            guard let entry = entries.first(where: { $0.path == file.path }) else { continue }
            let data = try Self.read(entry, from: archive, limit: UInt64(file.size), pack: manifest.label)
            let sum = SHA256Digest.hex(of: data)
            guard sum == file.sha256 else {
                throw PackError(pack: manifest.label, file: file.path, "has SHA-256 \(sum); the manifest says \(file.sha256): the pack was changed or damaged after it was made")
            }
            try body(file, data)
        }
    }

    /// Why a deflated entry cannot be handed to the archive library: its local header or
    /// its bytes run past the archive's end, or its deflate stream does not end within
    /// them (see `DeflateCheck`); nil for a stored entry or a stream that ends.
    private static func deflateProblem(_ record: CentralDirectory.Record, in bytes: [UInt8]) -> String? {
        let local = record.localHeaderOffset
        guard local <= UInt64(bytes.count), UInt64(bytes.count) - local >= 30 else {
            return "is damaged: its local header lies past the end of the archive"
        }
        let at = Int(local)
        func u16(_ offset: Int) -> Int { Int(bytes[at + offset]) | Int(bytes[at + offset + 1]) << 8 }
        guard u16(8) == 8 else { return nil }
        let start = at + 30 + u16(26) + u16(28)
        guard start <= bytes.count, record.compressedSize <= UInt64(bytes.count - start) else {
            return "is damaged: its \(record.compressedSize) compressed bytes run past the end of the archive"
        }
        let compressed = bytes[start..<(start + Int(record.compressedSize))]
        switch DeflateCheck.check(compressed, declaredSize: record.uncompressedSize) {
        case .doesNotEnd:
            return "is damaged: its deflate stream does not end within its \(record.compressedSize) compressed bytes (truncated?); refused"
        case .ends, .damaged, .tooLong:
            // A damaged stream or one longer than declared is refused, with the manifest's
            // name for the pack, when it is read.
            return nil
        }
    }

    /// The archive library reads the very bytes checked above, from a private copy: the
    /// pack's own file could change between two reads, and the library's in-memory
    /// archives leak their stream when they fail to open. The copy is unlinked at once
    /// (the open stream keeps it readable).
    private static func open(_ data: Data, fail: (String) -> PackError) throws(PackError) -> Archive {
        var template = Array((NSTemporaryDirectory() + "stagehand-pack-XXXXXX").utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { throw fail("cannot be copied for reading: \(String(cString: strerror(errno)))") }
        let copy = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        defer { unlink(copy) }
        let written = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        guard written == data.count else { throw fail("cannot be copied for reading: \(String(cString: strerror(errno)))") }
        do {
            return try Archive(url: URL(fileURLWithPath: copy), accessMode: .read)
        } catch {
            throw fail("is truncated or damaged: \(error)")
        }
    }

    /// An entry's bytes, refused at the first byte past `limit` or past what the entry
    /// declares, and when its CRC-32 is wrong.
    private static func read(_ entry: Entry, from archive: Archive, limit: UInt64, pack: String) throws(PackError) -> Data {
        var data = Data()
        let declared = entry.uncompressedSize
        do {
            let checksum = try archive.extract(entry, bufferSize: 1 << 16) { chunk in
                guard UInt64(data.count + chunk.count) <= declared else { throw Overrun.declared }
                guard UInt64(data.count + chunk.count) <= limit else { throw Overrun.limit }
                data.append(chunk)
            }
            guard checksum == entry.checksum else {
                throw PackError(pack: pack, file: entry.path, "is damaged: its CRC-32 is \(checksum), the archive says \(entry.checksum)")
            }
        } catch let error as PackError {
            throw error
        } catch Overrun.declared {
            throw PackError(pack: pack, file: entry.path, "inflates to more than the \(declared) bytes it declares; refused")
        } catch Overrun.limit {
            throw PackError(pack: pack, file: entry.path, "inflates to more than \(limit) bytes, its limit; refused")
        } catch {
            throw PackError(pack: pack, file: entry.path, "cannot be read (truncated or damaged): \(error)")
        }
        guard UInt64(data.count) == declared else {
            throw PackError(pack: pack, file: entry.path, "inflates to \(data.count) bytes; the archive declares \(declared)")
        }
        return data
    }

    private enum Overrun: Error {
        case declared
        case limit
    }
}
