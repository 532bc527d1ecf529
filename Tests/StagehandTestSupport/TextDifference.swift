import Foundation

/// The difference between two texts as `diff -u` shows it, so a failing comparison of
/// whole files points at the lines that differ.
package enum TextDifference {
    package static func unified(expected: String, actual: String, expectedName: String, actualName: String) -> String {
        let workspace: Workspace
        do { workspace = try Workspace() } catch { return "(no diff: \(error))" }
        let diff = Process()
        diff.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        do {
            diff.arguments = ["diff", "-u", "--label", expectedName, "--label", actualName,
                              try workspace.write("expected", expected), try workspace.write("actual", actual)]
            let output = Pipe()
            diff.standardOutput = output
            try diff.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            diff.waitUntilExit()
            return text
        } catch {
            return "(no diff: \(error))"
        }
    }
}
