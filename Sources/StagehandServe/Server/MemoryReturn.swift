import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Gives freed memory back to the system after tabs close. glibc keeps what a program
/// frees in its arenas for reuse, and a stage's frames and drawings are many small
/// blocks spread over the arenas of the threads that drew them, so without this the
/// server stays at its peak after every tab closed. One `malloc_trim` runs shortly after
/// a burst of closes, not one per tab.
final class MemoryReturn: Sendable {
    private let pending = Mutex(false)

    func giveBack() {
        let first = pending.withLock { pending -> Bool in
            defer { pending = true }
            return !pending
        }
        guard first else { return }
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + 0.2) { [self] in
            pending.withLock { $0 = false }
            Self.trim()
        }
    }

    /// glibc's `malloc_trim(0)`, found at run time (Swift's Glibc module does not
    /// declare it); nothing on a C library without it.
    private static func trim() {
        #if canImport(Glibc)
        typealias Trim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
        #endif
    }
}
