import FuzzSupport
@_spi(Fuzzing) import StagehandHost

/// A declarative effect file: read, then made and evaluated (`ParserEntryPoints.declarativeEffect`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDeclarative(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzInput.check(data, size, ParserEntryPoints.declarativeEffect)
    return 0
}
