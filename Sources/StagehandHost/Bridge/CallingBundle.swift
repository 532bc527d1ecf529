import Foundation

/// The file name of the bundle whose code called the host function running now, found
/// on the calling thread's stack: the first return address outside the host's own
/// image. Used only to name the culprit of a refused call from a thread of the bundle's
/// own, where no `BridgeCall` says which effect is calling (a refusal is rare; walking
/// the stack is not cheap).
enum CallingBundle {
    private typealias Backtrace = @convention(c) (UnsafeMutablePointer<UnsafeMutableRawPointer?>?, Int32) -> Int32
    /// `dladdr` fills a `Dl_info` (dlfcn.h declares it only for _GNU_SOURCE): four
    /// pointers, the first the image's file name.
    private typealias DLAddr = @convention(c) (UnsafeRawPointer?, UnsafeMutableRawPointer?) -> Int32

    /// glibc's `backtrace` and `dladdr`, looked up once (the Swift overlay lacks them).
    private static let backtrace: Backtrace? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "backtrace")
        .map { unsafeBitCast($0, to: Backtrace.self) }
    private static let dladdr: DLAddr? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "dladdr")
        .map { unsafeBitCast($0, to: DLAddr.self) }

    /// The image this code is in (the host executable, or a library holding the host).
    private static let hostImage: String? = imagePath(of: unsafeBitCast(imageMarker as @convention(c) () -> Void, to: UnsafeMutableRawPointer.self))

    private static let imageMarker: @convention(c) () -> Void = {}

    static var name: String? {
        guard let backtrace, let host = hostImage else { return nil }
        var frames = [UnsafeMutableRawPointer?](repeating: nil, count: 32)
        let count = Int(backtrace(&frames, Int32(frames.count)))
        for frame in frames.prefix(count) {
            guard let frame, let image = imagePath(of: frame) else { continue }
            if image != host { return (image as NSString).lastPathComponent }
        }
        return nil
    }

    private static func imagePath(of address: UnsafeMutableRawPointer) -> String? {
        guard let dladdr else { return nil }
        var info: (UnsafePointer<CChar>?, UnsafeRawPointer?, UnsafePointer<CChar>?, UnsafeRawPointer?) = (nil, nil, nil, nil)
        let found = withUnsafeMutableBytes(of: &info) { dladdr(address, $0.baseAddress) }
        guard found != 0, let name = info.0 else { return nil }
        return String(cString: name)
    }
}
