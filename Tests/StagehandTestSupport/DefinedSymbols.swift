import Foundation

/// The names of the symbols `file` defines (`nm --defined-only`), or nil when `nm`
/// cannot list them (no `nm`, not an object file).
package func definedSymbols(_ file: String) -> Set<String>? {
    guard let run = try? runProcess("/usr/bin/env", ["nm", "--defined-only", file], in: "/"), run.status == 0 else {
        return nil
    }
    return Set(run.output.split(separator: "\n").compactMap { $0.split(separator: " ").last.map(String.init) })
}
