#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CFFI

/// A call of one factory whose parameter list is known only from data (the manifest),
/// made through libffi.
///
/// The call interface (`ffi_cif`) is prepared once, from the declared parameter types,
/// and lives as long as this object, together with the argument-type array it points
/// into (libffi keeps that pointer). Each call then only fills argument slots and calls:
/// factories run once per effect, never per frame, so libffi's ~50 ns is of no concern.
///
/// `stagehand bench` reaches it through the `Benchmarks` SPI to time one call.
@_spi(Benchmarks) public final class FactoryCall {
    let parameterTypes: [ParameterType]
    private let function: UnsafeMutableRawPointer
    private let cif: UnsafeMutablePointer<ffi_cif>
    private let argumentTypes: UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>

    /// Prepares the call of the C function at `function`, which returns a pointer and
    /// takes `parameterTypes`; `nil` if libffi refuses the signature.
    public init?(function: UnsafeMutableRawPointer, parameterTypes: [ParameterType]) {
        self.function = function
        self.parameterTypes = parameterTypes
        cif = .allocate(capacity: 1)
        argumentTypes = .allocate(capacity: max(1, parameterTypes.count))
        for (index, type) in parameterTypes.enumerated() {
            argumentTypes[index] = Self.ffiType(of: type)
        }
        let status = ffi_prep_cif(cif, FFI_DEFAULT_ABI, UInt32(parameterTypes.count), shim_ffi_type_pointer(), argumentTypes)
        guard status == FFI_OK else {
            cif.deallocate()
            argumentTypes.deallocate()
            return nil
        }
    }

    deinit {
        cif.deallocate()
        argumentTypes.deallocate()
    }

    /// Calls the factory with `arguments` (one per declared parameter, of the declared
    /// type: the caller checked them) and returns what it returned. Strings are passed
    /// as `const char *` copies valid only during the call.
    ///
    /// The argument slots live on the stack for the call, so a call allocates nothing
    /// unless it passes strings (each is copied for C).
    public func call(_ arguments: [ParameterValue]) -> UnsafeMutableRawPointer? {
        let count = arguments.count
        precondition(count == parameterTypes.count, "arguments must match the declared parameter types")
        for index in 0..<count {
            precondition(arguments[index].type == parameterTypes[index], "arguments must match the declared parameter types")
        }
        // One 8-byte slot per argument holds its value (every type here fits); libffi
        // receives a pointer to each slot. A string's slot holds the `char *`.
        return withUnsafeTemporaryAllocation(byteCount: Swift.max(1, count) * 8, alignment: 8) { slots in
            withUnsafeTemporaryAllocation(of: UnsafeMutableRawPointer?.self, capacity: Swift.max(1, count)) { values in
                var strings: [UnsafeMutablePointer<CChar>] = []
                defer { strings.forEach { free($0) } }
                let base = slots.baseAddress!
                for index in 0..<count {
                    let slot = base + index * 8
                    switch arguments[index] {
                    case .double(let value): slot.storeBytes(of: value, as: Double.self)
                    case .float(let value): slot.storeBytes(of: value, as: Float.self)
                    case .int32(let value): slot.storeBytes(of: value, as: Int32.self)
                    case .int64(let value): slot.storeBytes(of: value, as: Int64.self)
                    case .uint32(let value): slot.storeBytes(of: value, as: UInt32.self)
                    case .bool(let value): slot.storeBytes(of: value ? 1 : 0, as: UInt8.self)
                    case .string(let value):
                        let copy = strdup(value)!
                        strings.append(copy)
                        slot.storeBytes(of: copy, as: UnsafeMutablePointer<CChar>.self)
                    }
                    values[index] = slot
                }
                // libffi writes at least a full `ffi_arg` for the return value.
                var result: ffi_arg = 0
                ffi_call(cif, unsafeBitCast(function, to: (@convention(c) () -> Void).self), &result, values.baseAddress)
                return UnsafeMutableRawPointer(bitPattern: UInt(result))
            }
        }
    }

    /// C's `bool` is one byte on every platform Stagehand runs on.
    private static func ffiType(of type: ParameterType) -> UnsafeMutablePointer<ffi_type> {
        switch type {
        case .double: return shim_ffi_type_double()
        case .float: return shim_ffi_type_float()
        case .int32: return shim_ffi_type_sint32()
        case .int64: return shim_ffi_type_sint64()
        case .uint32: return shim_ffi_type_uint32()
        case .bool: return shim_ffi_type_uint8()
        case .string: return shim_ffi_type_pointer()
        }
    }
}
