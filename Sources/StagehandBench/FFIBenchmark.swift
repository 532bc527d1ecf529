@_spi(Benchmarks) import StagehandHost
import CBenchSupport

/// `ffi_call_vs_c`: one factory call through the host's `FactoryCall` (libffi, cif
/// prepared once, arguments given as the host gives them) ÷ one `ffi_call` in a plain C
/// loop with a prepared cif. The factory does no work, so both time the call alone.
enum FFIBenchmark {
    struct Result {
        var hostNanoseconds: Double
        var referenceNanoseconds: Double
    }

    static func measure(iterations: Int, repetitions: Int) -> Result? {
        let factory: @convention(c) (Double, Double, Double) -> UnsafeMutableRawPointer? = bench_factory
        let function = unsafeBitCast(factory, to: UnsafeMutableRawPointer.self)
        guard let call = FactoryCall(function: function, parameterTypes: [.double, .double, .double]) else { return nil }
        let arguments: [ParameterValue] = [.double(0.6), .double(1), .double(0.3)]
        var sink: UnsafeMutableRawPointer?
        for _ in 0..<1000 { sink = call.call(arguments) }
        _ = bench_c_ffi_loop(function, 0.6, 1, 0.3, 1000)

        var host: [Double] = []
        var plain: [Double] = []
        for _ in 0..<repetitions {
            host.append(Measure.seconds { for _ in 0..<iterations { sink = call.call(arguments) } } / Double(iterations))
            plain.append(Measure.seconds { sink = bench_c_ffi_loop(function, 0.6, 1, 0.3, iterations) } / Double(iterations))
        }
        precondition(sink != nil)
        return Result(hostNanoseconds: Measure.median(host) * 1e9, referenceNanoseconds: Measure.median(plain) * 1e9)
    }
}
