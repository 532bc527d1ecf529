import StagehandPack

/// libFuzzer's entry: one input, read as `stagehand install` reads a pack file — every
/// structural check, the manifest, then every file read and checked against its size,
/// CRC-32 and SHA-256 (in memory: nothing is written). The reader's promise: a pack is
/// accepted, or refused with one non-empty line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPack(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    if let line = PackReaderEntryPoint.refusal(bytes), line.isEmpty || line.contains("\n") || !line.hasPrefix("error: pack ") {
        fatalError("a refusal that is not one line: \(line.debugDescription)")
    }
    return 0
}
