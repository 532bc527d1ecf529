#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#else
import Darwin
#endif

/// A value behind a pthread mutex, for the little state that stages on different threads
/// share. A pthread mutex rather than `Synchronization.Mutex`: ThreadSanitizer sees its
/// ordering (it intercepts pthread), so the sanitized suite checks the code that uses it
/// instead of reporting races that are not there. (The SDK keeps a copy of
/// its own: a bundle links nothing of the host's.)
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
