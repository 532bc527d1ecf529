@_spi(Benchmarks) import StagehandHost
import CBenchSupport
import CFFI

/// `ffi_call_vs_c`: one factory call through the host's `FactoryCall` (libffi, cif
/// prepared once, arguments given as the host gives them) ÷ one `ffi_call` in a plain C
/// loop with a prepared cif. The factory does no work, so both time the call alone.
enum FFIBenchmark {
    struct Result {
        var hostNanoseconds: Double
        var referenceNanoseconds: Double
        /// The median over pairs of back-to-back runs of host ÷ C: slow phases of a busy
        /// machine hit both halves of a pair alike.
        var ratio: Double
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
        var ratios: [Double] = []
        for _ in 0..<repetitions {
            let h = Measure.seconds { for _ in 0..<iterations { sink = call.call(arguments) } } / Double(iterations)
            let c = Measure.seconds { sink = bench_c_ffi_loop(function, 0.6, 1, 0.3, iterations) } / Double(iterations)
            host.append(h)
            plain.append(c)
            ratios.append(h / c)
        }
        precondition(sink != nil)
        return Result(hostNanoseconds: Measure.median(host) * 1e9, referenceNanoseconds: Measure.median(plain) * 1e9,
                      ratio: Measure.median(ratios))
    }
}

extension FFIBenchmark {
    /// For profiling: ffi_call straight from Swift with prepared slots (no FactoryCall),
    /// nanoseconds per call.
    static func swiftRawNanoseconds(iterations: Int) -> Double {
        let factory: @convention(c) (Double, Double, Double) -> UnsafeMutableRawPointer? = bench_factory
        let function = unsafeBitCast(factory, to: (@convention(c) () -> Void).self)
        let cif = UnsafeMutablePointer<ffi_cif>.allocate(capacity: 1)
        let types = UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>.allocate(capacity: 3)
        for i in 0..<3 { types[i] = shim_ffi_type_double() }
        _ = ffi_prep_cif(cif, FFI_DEFAULT_ABI, 3, shim_ffi_type_pointer(), types)
        let values = UnsafeMutablePointer<Double>.allocate(capacity: 3)
        values[0] = 0.6; values[1] = 1; values[2] = 0.3
        let slots = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: 3)
        for i in 0..<3 { slots[i] = UnsafeMutableRawPointer(values + i) }
        var result: ffi_arg = 0
        let seconds = Measure.seconds { for _ in 0..<iterations { ffi_call(cif, function, &result, slots) } }
        precondition(result != 0)
        return seconds / Double(iterations) * 1e9
    }
}
