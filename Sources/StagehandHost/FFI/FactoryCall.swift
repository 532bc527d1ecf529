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
/// into (libffi keeps that pointer), and the argument slots. Each call then only stores
/// the values and calls. Factories run once per effect, never per frame; still, a call
/// costs little more than the `ffi_call` inside it (see `stagehand bench`).
///
/// `stagehand bench` reaches it through the `Benchmarks` SPI to time one call.
@_spi(Benchmarks) public final class FactoryCall {
    let parameterTypes: [ParameterType]
    private let function: UnsafeMutableRawPointer
    private let cif: UnsafeMutablePointer<ffi_cif>
    private let argumentTypes: UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>
    /// One 8-byte slot per parameter (every type here fits), and libffi's array of
    /// pointers to them, made once: a call only stores the values and calls.
    private let slots: UnsafeMutableRawPointer
    private let slotPointers: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    /// The declared types as a plain buffer, and where libffi writes the result.
    private let types: UnsafeMutablePointer<ParameterType>
    private let result: UnsafeMutablePointer<ffi_arg>
    private let entry: @convention(c) () -> Void
    /// Calls with strings copy them for C, and take the general path.
    private let takesStrings: Bool
    private let parameterCount: Int
    /// Held while a call uses the shared slots. A call made meanwhile — on another
    /// thread (stages on several threads make effects at once: the library, and so this
    /// call, is shared), or from a factory that reaches back into the host to make another
    /// effect — does not wait: it uses slots of its own.
    private let slotsInUse = Locked(false)

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
        slots = .allocate(byteCount: count * 8, alignment: 8)
        slotPointers = .allocate(capacity: count)
        types = .allocate(capacity: count)
        result = .allocate(capacity: 1)
        result.initialize(to: 0)
        for (index, type) in parameterTypes.enumerated() {
            argumentTypes[index] = Self.ffiType(of: type)
            (types + index).initialize(to: type)
        }
        for index in 0..<count { slotPointers[index] = slots + index * 8 }
        let status = ffi_prep_cif(cif, FFI_DEFAULT_ABI, UInt32(parameterTypes.count), shim_ffi_type_pointer(), argumentTypes)
        guard status == FFI_OK else { return nil }
    }

    deinit {
        cif.deallocate()
        argumentTypes.deallocate()
        slots.deallocate()
        slotPointers.deallocate()
        types.deallocate()
        result.deallocate()
    }

    /// Calls the factory with `arguments` (one per declared parameter, of the declared
    /// type: the caller checked them) and returns what it returned. Strings are passed
    /// as `const char *` copies valid only during the call.
    ///
    /// A call allocates nothing unless it passes strings (each is copied for C): the
    /// slots were made with the cif.
    public func call(_ arguments: [ParameterValue]) -> UnsafeMutableRawPointer? {
        let count = arguments.count
        precondition(count == parameterCount, "arguments must match the declared parameter types")
        guard !takesStrings else { return callWithOwnSlots(arguments) }
        // nil: the slots were busy; .some(nil): the factory returned NULL.
        let made: UnsafeMutableRawPointer?? = slotsInUse.withLockIfAvailable { busy -> UnsafeMutableRawPointer? in
            busy = true
            defer { busy = false }
            arguments.withUnsafeBufferPointer { values in
                for index in 0..<count {
                    Self.store(values[index], as: types[index], into: slots + index * 8)
                }
            }
            // libffi writes at least a full `ffi_arg` for the return value.
            ffi_call(cif, entry, result, slotPointers)
            return UnsafeMutableRawPointer(bitPattern: UInt(result.pointee))
        }
        guard let made else { return callWithOwnSlots(arguments) }
        return made
    }

    /// Writes one argument that is not a string into its slot; traps if it is not of the
    /// declared type.
    @inline(__always)
    private static func store(_ argument: ParameterValue, as type: ParameterType, into slot: UnsafeMutableRawPointer) {
        switch (type, argument) {
        case (.double, .double(let value)): slot.storeBytes(of: value, as: Double.self)
        case (.float, .float(let value)): slot.storeBytes(of: value, as: Float.self)
        case (.int32, .int32(let value)): slot.storeBytes(of: value, as: Int32.self)
        case (.int64, .int64(let value)): slot.storeBytes(of: value, as: Int64.self)
        case (.uint32, .uint32(let value)): slot.storeBytes(of: value, as: UInt32.self)
        case (.bool, .bool(let value)): slot.storeBytes(of: value ? 1 : 0, as: UInt8.self)
        default: preconditionFailure("arguments must match the declared parameter types")
        }
    }

    /// The general path: slots on the stack, strings copied for C. For signatures with
    /// strings, and for a call made while another fills the object's own slots.
    private func callWithOwnSlots(_ arguments: [ParameterValue]) -> UnsafeMutableRawPointer? {
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
