import Foundation

/// The sanitizer the products under test were built with (`swift test --sanitize=…`),
/// found in the built `stagehand`: the sanitizer runtime is linked into executables, and
/// defines its `__tsan_init` / `__asan_init` there. Swift has no compile-time condition
/// for a sanitizer, and the products are what the affected tests run.
package enum Sanitizer: String {
    case thread
    case address

    /// The sanitizer of this build, or nil in a plain build (or when `nm` cannot tell).
    package static let current: Sanitizer? = {
        let names = definedSymbols(TestEnvironment.productsDirectory + "/stagehand") ?? []
        if names.contains("__tsan_init") { return .thread }
        if names.contains("__asan_init") { return .address }
        return nil
    }()

    /// True in a sanitized build: for the tests that mean nothing there.
    package static var isActive: Bool { current != nil }
}
