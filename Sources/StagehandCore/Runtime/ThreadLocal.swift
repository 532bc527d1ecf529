import Foundation

/// A per-thread slot holding a strong reference: a pthread key, released with the thread.
///
/// Only what the threading model or the C ABI makes per thread uses it, and it is used in
/// exactly three places:
/// - the stage current on the thread (Stage+Current.swift says why one exists);
/// - in the host, the bundle call in progress on the thread (`BridgeCall`): the host
///   functions of stagehand.h take no stage, so the host learns from the calling thread
///   which stage and which effect a call is for;
/// - in the host, the last string a host function returned on the thread: stagehand.h
///   promises such a string stays valid until the next call on the same thread.
///
/// `Sendable`: the object holds only the key; each thread sees its own value.
public final class ThreadLocal<Value: AnyObject>: Sendable {
    private let key: pthread_key_t

    public init() {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            Unmanaged<AnyObject>.fromOpaque(pointer).release()
        }
        self.key = key
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
