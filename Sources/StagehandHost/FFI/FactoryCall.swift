#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CFFI
import StagehandCore

/// A call of one factory whose parameter list is known only from data (the manifest),
/// made through libffi.
///
/// The call interface (`ffi_cif`) is prepared once, from the declared parameter types,
/// and lives as long as this object, together with the argument-type array it points
/// into (libffi keeps that pointer). Each call then only stores the values in slots on
/// its own stack and calls: nothing is shared between calls, so calls on several threads
/// at once, or a factory that reaches back into the host to make another effect, need
/// no lock. Factories run once per effect, never per frame; still, a call
/// costs little more than the `ffi_call` inside it (see `stagehand bench`).
///
/// `stagehand bench` reaches it through the `Benchmarks` SPI to time one call.
@_spi(Benchmarks) public final class FactoryCall {
    let parameterTypes: [ParameterType]
    private let function: UnsafeMutableRawPointer
    private let cif: UnsafeMutablePointer<ffi_cif>
    private let argumentTypes: UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>
    /// The declared types as a plain buffer.
    private let types: UnsafeMutablePointer<ParameterType>
    private let entry: @convention(c) () -> Void
    /// Calls with strings copy them for C, and take the general path.
    private let takesStrings: Bool
    private let parameterCount: Int

    /// Prepares the call of the C function at `function`, which returns a pointer and
    /// takes `parameterTypes`; `nil` if libffi refuses the signature.
    public init?(function: UnsafeMutableRawPointer, parameterTypes: [ParameterType]) {
        self.function = function
        self.parameterTypes = parameterTypes
        entry = unsafeBitCast(function, to: (@convention(c) () -> Void).self)
        takesStrings = parameterTypes.contains(.string)
        parameterCount = parameterTypes.count
        let count = max(1, parameterTypes.count)
        cif = .allocate(capacity: 1)
        argumentTypes = .allocate(capacity: count)
        types = .allocate(capacity: count)
        for (index, type) in parameterTypes.enumerated() {
            argumentTypes[index] = Self.ffiType(of: type)
            (types + index).initialize(to: type)
        }
        let status = ffi_prep_cif(cif, FFI_DEFAULT_ABI, UInt32(parameterTypes.count), shim_ffi_type_pointer(), argumentTypes)
        guard status == FFI_OK else { return nil }
    }

    deinit {
        cif.deallocate()
        argumentTypes.deallocate()
        types.deallocate()
    }

    /// Calls the factory with `arguments` (one per declared parameter, of the declared
    /// type: the caller checked them) and returns what it returned. Strings are passed
    /// as `const char *` copies valid only during the call.
    ///
    /// A call allocates nothing unless it passes strings (each is copied for C) or more
    /// than `stackSlots` parameters.
    public func call(_ arguments: [ParameterValue]) -> UnsafeMutableRawPointer? {
        let count = arguments.count
        precondition(count == parameterCount, "arguments must match the declared parameter types")
        guard !takesStrings else { return callWithStrings(arguments) }
        guard count <= Self.stackSlots else { return callWithStrings(arguments) }
        // One 8-byte slot per parameter (every type here fits), then libffi's array of
        // pointers to them: one fixed-size block on this call's stack, left uninitialised
        // (each word used is written before libffi reads it).
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 2 * Self.stackSlots) { block in
            let slots = UnsafeMutableRawPointer(block.baseAddress!)
            let pointers = (slots + Self.stackSlots * 8).assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
            arguments.withUnsafeBufferPointer { values in
                for index in 0..<count {
                    let slot = slots + index * 8
                    Self.store(values[index], as: types[index], into: slot)
                    pointers[index] = slot
                }
            }
            // libffi writes at least a full `ffi_arg` for the return value.
            var result: ffi_arg = 0
            ffi_call(cif, entry, &result, pointers)
            return UnsafeMutableRawPointer(bitPattern: UInt(result))
        }
    }

    /// Calls of up to this many parameters keep their slots in a fixed-size block on the
    /// stack; longer ones take the general path.
    static let stackSlots = 8

    /// Writes one argument that is not a string into its slot; traps if it is not of the
    /// declared type.
    @inline(__always)
    private static func store(_ argument: ParameterValue, as type: ParameterType, into slot: UnsafeMutableRawPointer) {
        // On the value alone (a tuple of type and value would copy the value, a call
        // per argument), each case checking the declared type.
        switch argument {
        case .double(let value) where type == .double: slot.storeBytes(of: value, as: Double.self)
        case .float(let value) where type == .float: slot.storeBytes(of: value, as: Float.self)
        case .int32(let value) where type == .int32: slot.storeBytes(of: value, as: Int32.self)
        case .int64(let value) where type == .int64: slot.storeBytes(of: value, as: Int64.self)
        case .uint32(let value) where type == .uint32: slot.storeBytes(of: value, as: UInt32.self)
        case .bool(let value) where type == .bool: slot.storeBytes(of: value ? 1 : 0, as: UInt8.self)
        default: preconditionFailure("arguments must match the declared parameter types")
        }
    }

    /// The general path, for calls with strings (each copied for C, and freed after the
    /// call) or with more than `stackSlots` parameters: slots allocated for the call.
    private func callWithStrings(_ arguments: [ParameterValue]) -> UnsafeMutableRawPointer? {
        let count = arguments.count
        return withUnsafeTemporaryAllocation(byteCount: Swift.max(1, count) * 8, alignment: 8) { slots in
            withUnsafeTemporaryAllocation(of: UnsafeMutableRawPointer?.self, capacity: Swift.max(1, count)) { pointers in
                var strings: [UnsafeMutablePointer<CChar>] = []
                defer { for copy in strings { free(copy) } }
                let base = slots.baseAddress!
                for index in 0..<count {
                    let slot = base + index * 8
                    if case .string(let value) = arguments[index] {
                        precondition(parameterTypes[index] == .string, "arguments must match the declared parameter types")
                        let copy = strdup(value)!
                        strings.append(copy)
                        slot.storeBytes(of: copy, as: UnsafeMutablePointer<CChar>.self)
                    } else {
                        Self.store(arguments[index], as: parameterTypes[index], into: slot)
                    }
                    pointers[index] = slot
                }
                var result: ffi_arg = 0
                ffi_call(cif, entry, &result, pointers.baseAddress)
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
