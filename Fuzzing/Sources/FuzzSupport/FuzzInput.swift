@_spi(Fuzzing) import StagehandHost

/// What every fuzz target does with one input: read it as the CLI would, then check that
/// the reader answered as it promises. A crash, a hang or runaway memory is caught by
/// libFuzzer and the address sanitizer; these checks catch a reader that returns quietly
/// without saying anything useful.
package enum FuzzInput {
    /// Passes the `size` bytes at `data` to `read` and traps (a finding for libFuzzer) when
    /// the outcome breaks the readers' contract: an input is either accepted or refused
    /// with at least one error, and every diagnostic is one line of text.
    package static func check(_ data: UnsafePointer<UInt8>?, _ size: Int,
                             _ read: ([UInt8]) -> ParserEntryPoints.Outcome) {
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        let outcome = read(bytes)
        if outcome.accepted == nil && !outcome.hasError {
            fatalError("refused without an error: \(outcome.messages)")
        }
        for message in outcome.messages where message.isEmpty {
            fatalError("an empty diagnostic among \(outcome.messages)")
        }
    }
}
