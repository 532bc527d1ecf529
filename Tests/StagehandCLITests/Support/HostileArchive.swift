import Foundation
import StagehandTestSupport
import Testing

/// The archives `stagehand install` must refuse, each built here as real zip bytes, with
/// the message it must give (`PACK` stands for the archive's path).
enum HostileArchive: String, CaseIterable, CustomTestStringConvertible {
    case dotDotPath, absolutePath, symbolicLink, hardLink, specialFile, duplicateEntry, largerThanDeclared,
         neverEndingStream, zipBomb, lyingManifest, tamperedFile, truncated, notAnArchive

    /// A deflate stream cut before its end: the archive library would read on past the
    /// entry and, at the end of the file, loop for ever.
    static let cutStream = TestZip.deflatedZeros(1000).dropLast(2)

    var testDescription: String { rawValue }

    func bytes() throws -> Data {
        let honest = try TestPack.declarative("honest", name: "hostile")
        var zip = try honest.zip()
        switch self {
        case .dotDotPath:
            zip.entries.append(.init("../evil", Data("x".utf8)))
        case .absolutePath:
            zip.entries.append(.init("/tmp/evil", Data("x".utf8)))
        case .symbolicLink:
            zip.entries.append(.init("libLink.so", Data("/etc/passwd".utf8), mode: 0o120777))
        case .hardLink:
            var linked = TestZip.Entry("other.effect.json", zip.entries[1].payload)
            linked.sharesDataWith = 1
            zip.entries.append(linked)
        case .specialFile:
            zip.entries.append(.init("fifo.effect.json", Data(), mode: 0o010644))
        case .duplicateEntry:
            zip.entries.append(zip.entries[1])
        case .largerThanDeclared:
            // The manifest and the headers say 1,000 bytes; the stream inflates to 100,000.
            var pack = honest
            pack.files[0].data = Data(count: 1000)
            zip = try pack.zip()
            zip.entries[1] = .init(pack.files[0].path, TestZip.deflatedZeros(100_000), method: 8, declaredSize: 1000)
        case .neverEndingStream:
            zip.entries[1] = .init(zip.entries[1].name, Self.cutStream, method: 8, declaredSize: 1000)
        case .zipBomb:
            zip.entries.append(.init("big.effect.json", TestZip.deflatedZeros(1000), method: 8, declaredSize: 600 << 20))
        case .lyingManifest:
            var pack = honest
            pack.effects = [("liar", "any", "honest.effect.json")]
            pack.files.append(("previews/liar.gif", Data("GIF89a".utf8)))
            zip = try pack.zip()
        case .tamperedFile:
            zip.entries[1].payload = Data(String(decoding: zip.entries[1].payload, as: UTF8.self).replacingOccurrences(of: "0.35", with: "9.35").utf8)
        case .truncated:
            return zip.bytes.prefix(zip.bytes.count / 2)
        case .notAnArchive:
            return Data("hello, this is not a zip archive\n".utf8)
        }
        return zip.bytes
    }

    var message: String {
        switch self {
        case .dotDotPath: return "error: pack PACK: ../evil: has a \"..\" component, which would lead outside the pack; nothing installed\n"
        case .absolutePath: return "error: pack PACK: /tmp/evil: is an absolute path; a pack holds only paths relative to itself; nothing installed\n"
        case .symbolicLink: return "error: pack PACK: libLink.so: is a symbolic link; a pack holds only regular files; nothing installed\n"
        case .hardLink: return "error: pack PACK: other.effect.json shares its data with honest.effect.json (the zip form of a hard link, or an overlapping zip bomb); a pack's entries each hold their own bytes; nothing installed\n"
        case .specialFile: return "error: pack PACK: fifo.effect.json: is not a regular file (Unix file type 0o10000: a device, FIFO, socket or link); a pack holds only regular files; nothing installed\n"
        case .duplicateEntry: return "error: pack PACK: honest.effect.json: appears twice in the archive; which one would be installed is not clear, so neither is; nothing installed\n"
        case .largerThanDeclared: return "error: pack hostile 1.0.0: honest.effect.json: inflates to more than the 1000 bytes it declares; refused; nothing installed\n"
        case .neverEndingStream: return "error: pack PACK: honest.effect.json: is damaged: its deflate stream does not end within its \(Self.cutStream.count) compressed bytes (truncated?); refused; nothing installed\n"
        case .zipBomb:
            // Everything before the bomb, then its declared 600 MiB.
            let before = ((try? TestPack.declarative("honest", name: "hostile").zip().entries) ?? []).reduce(0) { $0 + $1.payload.count }
            return "error: pack PACK: would inflate to more than 536870912 bytes (\(before + (600 << 20)) by big.effect.json); refused as a zip bomb; nothing installed\n"
        case .lyingManifest: return "error: pack hostile 1.0.0: pack.json: the manifest does not tell the truth about its effects: it lists liar (any) in honest.effect.json, which the files do not declare; the files declare honest (any) in honest.effect.json, which it does not list; nothing installed\n"
        case .tamperedFile: return "error: pack hostile 1.0.0: honest.effect.json: has SHA-256 "
        case .truncated: return "error: pack PACK: is truncated or damaged: it has no end of central directory record, which closes every zip archive; nothing installed\n"
        case .notAnArchive: return "error: pack PACK: is not a pack: a pack is a zip archive, which starts with the bytes 50 4b 03 04; this starts with 68 65 6c 6c; nothing installed\n"
        }
    }
}
