import Foundation
import Testing

/// A fresh temporary directory for one test's files, removed when the test ends.
/// (A bundle loaded from it stays mapped after its file is gone, as on any Unix.)
package final class Workspace {
    package let path: String

    package init() throws {
        var template = Array("/tmp/stagehand-host-test-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw WorkspaceError("mkdtemp failed") }
        path = String(cString: made)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Writes `text` at `name` (creating directories) and returns the file's path.
    @discardableResult
    package func write(_ name: String, _ text: String) throws -> String {
        let file = path + "/" + name
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    package func directory(_ name: String) throws -> String {
        let directory = path + "/" + name
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }

    /// Copies `source` to `name` inside the workspace.
    @discardableResult
    package func copy(_ source: String, to name: String) throws -> String {
        let destination = path + "/" + name
        try FileManager.default.createDirectory(atPath: (destination as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: source, toPath: destination)
        return destination
    }

    /// An executable from one C file against the header, linked with libdl. In a
    /// sanitized build it is built with the toolchain's clang and the same sanitizer,
    /// its runtime exported (`-rdynamic`) and linked with the toolchain's libdispatch,
    /// which that runtime intercepts: the built bundles it opens call into it.
    package func compileProgram(_ source: String, to name: String) throws -> String {
        guard let sanitizer = Sanitizer.current else { return try compile(source, to: name, flags: ["-ldl"], shared: false) }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let clang = try #require(path.split(separator: ":").map { $0 + "/clang" }.first { FileManager.default.isExecutableFile(atPath: $0) },
                                 "the toolchain's clang is on the PATH")
        let libraries = URL(fileURLWithPath: clang).resolvingSymlinksInPath().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("lib/swift/linux").path
        return try compile(source, to: name, flags: ["-ldl", "-fsanitize=\(sanitizer.rawValue)", "-rdynamic", "-L", libraries,
                                                     "-ldispatch", "-lBlocksRuntime", "-Wl,-rpath," + libraries],
                           shared: false, compiler: clang)
    }

    /// Compiles C `source` into the shared object `name` with `compiler` (the system C
    /// compiler by default: `cc -shared -fPIC`, the ABI header of `headers` on the include path — the
    /// current one by default — then `flags`); an executable when not `shared`.
    @discardableResult
    package func compile(_ source: String, to name: String, headers: String = TestEnvironment.headerDirectory,
                 flags: [String] = [], shared: Bool = true, compiler: String = "cc") throws -> String {
        let sourceFile = try write((name as NSString).deletingPathExtension + ".c", source)
        let output = path + "/" + name
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [compiler] + (shared ? ["-shared", "-fPIC"] : []) + ["-std=c11", "-I", headers, "-o", output, sourceFile] + flags
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw WorkspaceError("\(compiler) failed for \(name):\n\(message)") }
        return output
    }
}

package struct WorkspaceError: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}
