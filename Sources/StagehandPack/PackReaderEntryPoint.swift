import Foundation

/// The pack reader as the fuzz target (a package of its own, which sees only public
/// API) calls it: the same `PackReader` `stagehand install` uses, reading every file in
/// memory and writing nothing.
public enum PackReaderEntryPoint {
    /// `nil` when `bytes` is a pack whose files all match their manifest, else the one
    /// line of the refusal.
    public static func refusal(_ bytes: [UInt8], totalSize: UInt64 = 64 << 20, entries: Int = 256) -> String? {
        do {
            let reader = try PackReader(data: Data(bytes), source: "input", limits: PackReader.Limits(totalSize: totalSize, entries: entries))
            try reader.forEachFile { _, _ in }
            return nil
        } catch {
            return error.description
        }
    }
}
