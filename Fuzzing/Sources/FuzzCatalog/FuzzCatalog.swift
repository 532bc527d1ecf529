import FuzzSupport
@_spi(Fuzzing) import StagehandHost

/// libFuzzer's entry: one input, read as `ParserEntryPoints.catalog` reads it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCatalog(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzInput.check(data, size, ParserEntryPoints.catalog)
    return 0
}
