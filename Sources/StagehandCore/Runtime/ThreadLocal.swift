import Foundation

/// A per-thread slot holding a strong reference. UIKit's implicit "current" state (the
/// open animation transaction, the main run loop) is per thread; keeping it per thread
/// here lets independent stages run side by side in parallel tests.
public final class ThreadLocal<Value: AnyObject>: @unchecked Sendable {
    private var key = pthread_key_t()

    public init() {
        pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            Unmanaged<AnyObject>.fromOpaque(pointer).release()
        }
    }

    public var value: Value? {
        get {
            guard let p = pthread_getspecific(key) else { return nil }
            return Unmanaged<AnyObject>.fromOpaque(p).takeUnretainedValue() as? Value
        }
        set {
            if let old = pthread_getspecific(key) {
                Unmanaged<AnyObject>.fromOpaque(old).release()
            }
            let new = newValue.map { Unmanaged.passRetained($0 as AnyObject).toOpaque() }
            pthread_setspecific(key, new)
        }
    }
}
