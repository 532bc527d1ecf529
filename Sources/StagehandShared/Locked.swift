#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#else
import Darwin
#endif

/// A value behind a pthread mutex: the one lock of the host, the SDK and the tools, for
/// the little state that threads share (stages on different threads, a bundle's tables,
/// the playground's sessions).
///
/// A pthread mutex rather than `Synchronization.Mutex`: ThreadSanitizer sees its ordering
/// (it intercepts pthread), so the sanitized suite checks the code that uses it. A
/// contended `Mutex` waits in the kernel (a futex) out of the sanitizer's sight, and a
/// sanitized run then reports races between critical sections that it did serialise
/// (eight threads incrementing a counter under a `Mutex`: exact count, four reports; the
/// same under this lock: none).
///
/// Hold a value of some size, not `Void`: ThreadSanitizer checks each `withLock`'s access
/// to `value` at its address, and a value of no size sits at the end of the object, where
/// the next allocation begins; two unrelated locks then look like one raced over.
///
/// `@unchecked Sendable`: `value` is only read or written inside `withLock` and
/// `withLockIfAvailable`, with the mutex held.
public final class Locked<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    public init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    public func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }

    /// Runs `body` if the lock is free now, without waiting; `nil` if it is held (by
    /// another thread, or by this one further up the stack).
    public func withLockIfAvailable<R>(_ body: (inout Value) throws -> R) rethrows -> R? {
        guard pthread_mutex_trylock(mutex) == 0 else { return nil }
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
