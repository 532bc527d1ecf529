import Foundation
import Testing

/// What a child process printed and how it ended.
package struct ProcessRun {
    package var status: Int32
    package var output: String
    package var errors: String
}

/// Runs `executable` with `arguments` from `directory`, without the developer's
/// STAGEHAND_* variables, with `environment` added, and waits for it to end.
package func runProcess(_ executable: String, _ arguments: [String], in directory: String,
                        environment: [String: String] = [:]) throws -> ProcessRun {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("STAGEHAND_") }
        .merging(environment, uniquingKeysWith: { $1 })
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    // Read both pipes before waiting, so a full pipe cannot block the child.
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return ProcessRun(status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
                      errors: String(decoding: errorData, as: UTF8.self))
}

/// Runs the built `stagehand` (beside the test binary) with `arguments`, from
/// `directory` (the repository root by default), as `runProcess` does. Bundle scans are
/// cached in a directory of this test process (`TestEnvironment.scanCache`) unless
/// `environment` names another; the user plugin directory is an empty one of this test
/// process (`XDG_DATA_HOME`) unless `environment` names another, so the developer's
/// installed packs never change what the tests see.
package func runStagehand(_ arguments: [String], in directory: String = TestEnvironment.repositoryRoot,
                          environment: [String: String] = [:]) throws -> ProcessRun {
    let executable = TestEnvironment.productsDirectory + "/stagehand"
    try #require(FileManager.default.isExecutableFile(atPath: executable),
                 "build the products first (swift build): \(executable) is missing")
    return try runProcess(executable, arguments, in: directory, environment: TestEnvironment.stagehandEnvironment
        .merging(environment, uniquingKeysWith: { $1 }))
}
