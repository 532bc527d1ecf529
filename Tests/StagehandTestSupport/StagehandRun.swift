import Foundation
import Testing

/// What the built `stagehand` printed and how it ended.
package struct StagehandRun {
    package var status: Int32
    package var output: String
    package var errors: String
}

/// Runs the built `stagehand` (beside the test binary) with `arguments`, from
/// `directory` (the repository root by default), without the developer's STAGEHAND_*
/// variables, with `environment` added. Bundle scans are cached in a directory of this
/// test process (`TestEnvironment.scanCache`) unless `environment` names another; the
/// user plugin directory is an empty one of this test process (`XDG_DATA_HOME`) unless
/// `environment` names another, so the developer's installed packs never change what
/// the tests see.
package func runStagehand(_ arguments: [String], in directory: String = TestEnvironment.repositoryRoot,
                  environment: [String: String] = [:]) throws -> StagehandRun {
    let executable = TestEnvironment.productsDirectory + "/stagehand"
    try #require(FileManager.default.isExecutableFile(atPath: executable),
                 "build the products first (swift build): \(executable) is missing")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("STAGEHAND_") }
        .merging(["STAGEHAND_CACHE_DIR": TestEnvironment.scanCache, "XDG_DATA_HOME": TestEnvironment.emptyDataHome],
                 uniquingKeysWith: { $1 })
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
    return StagehandRun(status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
                        errors: String(decoding: errorData, as: UTF8.self))
}
