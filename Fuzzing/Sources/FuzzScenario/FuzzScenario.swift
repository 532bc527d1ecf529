import FuzzSupport
@_spi(Fuzzing) import StagehandHost

/// libFuzzer's entry: one input, read as `ParserEntryPoints.scenario` reads it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenario(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzInput.check(data, size, ParserEntryPoints.scenario)
    return 0
}
