import ArgumentParser
import Foundation
import StagehandHost

/// Writes a trace as JSON, atomically: a failed write leaves nothing half-written.
enum TraceOutput {
    static func write(_ trace: Trace, to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(trace)
        if path == "-" {
            FileHandle.standardOutput.write(data)
            FileHandle.standardOutput.write(Data("\n".utf8))
            return
        }
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            StandardError.write("error: \(path): cannot write the trace: \(error.localizedDescription)")
            throw ExitCode.failure
        }
    }
}
