import FuzzSupport
@_spi(Fuzzing) import StagehandHost

/// libFuzzer's entry: one input, read as `ParserEntryPoints.manifest` reads it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifest(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzInput.check(data, size, ParserEntryPoints.manifest)
    return 0
}
