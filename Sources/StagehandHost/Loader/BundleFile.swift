#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Why a file cannot be a bundle, found from what it is on disk without opening it as a
/// library: a folder, a named pipe (which `dlopen` would wait on for ever), a device, or
/// an ELF file built for another machine.
///
/// `dlopen` says nothing useful about the last: glibc skips an object whose `e_machine`
/// is not its own and reports "cannot open shared object file: No such file or
/// directory" for a file that is plainly there. Reading the ELF header's first 20 bytes
/// names both machines instead.
package enum BundleFile {
    /// The reason, as the rest of a sentence after the path ("is a directory, not a
    /// regular file; ..."), or `nil` when the file may be opened.
    package static func refusal(_ path: String) -> String? {
        if let kind = FileSystem.nonRegularKind(path) {
            return "is \(kind), not a regular file; only a regular file can be a bundle"
        }
        guard let header = ELFHeader(path: path), let host = hostHeader else { return nil }
        if header.is64Bit != host.is64Bit {
            return "is a \(header.is64Bit ? 64 : 32)-bit ELF file; this host is \(host.is64Bit ? 64 : 32)-bit and loads only \(host.is64Bit ? 64 : 32)-bit bundles: build the bundle for \(host.machineName)"
        }
        if header.machine != host.machine {
            return "is an ELF file for \(header.machineName) (e_machine \(header.machine)); this host is \(host.machineName) (e_machine \(host.machine)): build the bundle for \(host.machineName)"
        }
        return nil
    }

    /// The running executable's own header: the machine every bundle must be built for.
    private static let hostHeader = ELFHeader(path: "/proc/self/exe")

    /// The identifying part of an ELF header (`e_ident`, `e_type`, `e_machine`).
    struct ELFHeader {
        var is64Bit: Bool
        var machine: UInt16

        /// `nil` when the file cannot be read or does not start like an ELF file (then
        /// `dlopen` says what is wrong with it).
        init?(path: String) {
            let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            var bytes = [UInt8](repeating: 0, count: 20)
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 20) }
            guard count == 20, bytes[0...3] == [0x7F, 0x45, 0x4C, 0x46], [1, 2].contains(bytes[4]), [1, 2].contains(bytes[5]) else {
                return nil
            }
            is64Bit = bytes[4] == 2
            let littleEndian = bytes[5] == 1
            machine = littleEndian ? UInt16(bytes[18]) | UInt16(bytes[19]) << 8 : UInt16(bytes[19]) | UInt16(bytes[18]) << 8
        }

        /// The machine's usual name, from the ELF specification's `EM_` list.
        var machineName: String {
            switch machine {
            case 2: return "SPARC"
            case 3: return "x86 (i386)"
            case 8: return "MIPS"
            case 20: return "PowerPC"
            case 21: return "PowerPC64"
            case 22: return "IBM S/390"
            case 40: return "ARM (32-bit)"
            case 43: return "SPARC V9"
            case 62: return "x86-64"
            case 183: return "AArch64"
            case 243: return "RISC-V"
            case 258: return "LoongArch"
            default: return "machine \(machine)"
            }
        }
    }
}
