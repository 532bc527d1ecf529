import Foundation
import StagehandTestSupport
@testable import StagehandHost
import Testing

/// The published schema (Documentation/effect.schema.json) agrees with the reader, as a
/// standard validator sees it (Python's jsonschema, draft 2020-12, installed by
/// Scripts/jsonschema-python): every example validates, and every file of a set of bad
/// ones is refused by both.
@Suite struct DeclarativeSchemaTests {
    static let root = TestEnvironment.repositoryRoot

    /// A Python that can import jsonschema, or nil when there is no python3 at all.
    static let python: String? = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: root + "/Scripts/jsonschema-python")
        let output = Pipe()
        process.standardOutput = output
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let path = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return process.terminationStatus == 0 && !path.isEmpty ? path : nil
    }()

    /// `valid FILE` or `invalid FILE: ...`, by file.
    static func validate(_ files: [String]) throws -> [String: String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(python))
        process.arguments = [root + "/Tests/Schema/validate_effects.py", root + "/Documentation/effect.schema.json"] + files
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(process.terminationStatus == 0, "the schema is not a valid draft 2020-12 schema: \(lines)")
        var results: [String: String] = [:]
        for line in lines {
            for file in files where line.hasPrefix("valid \(file)") || line.hasPrefix("invalid \(file)") { results[file] = line }
        }
        return results
    }

    static let head = #""$schema": "x", "format": "stagehand-effect/1", "name": "bad""#

    /// Files each wrong in one way, which both the reader and the schema refuse.
    static let badFiles: [String] = [
        "{\(head), \"kind\": \"push\", \"tracks\": {\"incoming\": {\"start\": {\"sacle\": 0.5}}}}",
        #"{"format": "stagehand-effect/2", "name": "bad", "kind": "push", "tracks": {}}"#,
        "{\(head), \"tracks\": {}}",
        "{\(head), \"kind\": \"modall\", \"tracks\": {}}",
        "{\(head), \"kind\": \"modal\", \"tracks\": {}}",
        "{\(head), \"kind\": \"push\", \"curve\": {\"spring\": {\"dampingRatio\": 1, \"stiffness\": 300, \"damping\": 20}}, \"tracks\": {}}",
        "{\(head), \"kind\": \"push\", \"tracks\": {\"incoming\": {\"start\": {\"alpha\": 2}}}}",
        "{\(head), \"kind\": \"push\", \"curve\": \"ease-inout\", \"tracks\": {}}",
        "{\(head), \"kind\": \"push\", \"tracks\": {\"incoming\": {\"start\": {\"alpha\": 0}, \"keyframes\": [{\"at\": 0}, {\"at\": 1}]}}}",
        "{\(head), \"kind\": \"pop\", \"tracks\": {}, \"interactive\": {\"gesture\": \"swipe\"}}",
        "{\(head), \"kind\": \"push\", \"tracks\": {}, \"interactive\": {\"gesture\": \"pan\"}}",
        "{\(head), \"kind\": \"push\", \"duration\": \"300ms\", \"tracks\": {}}",
        "{\(head), \"kind\": \"push\", \"layers\": {\"dim\": {\"color\": \"#12\"}}, \"tracks\": {}}",
        "{\(head), \"kind\": \"push\", \"tracks\": {}, \"matched\": {\"fade\": \"sometimes\"}}",
        "{\(head), \"kind\": \"push\", \"tracks\": {}, \"matched\": {\"curve\": \"steps(2)\"}}",
        "{\(head), \"kind\": \"push\", \"tracks\": {}, \"matched\": {\"pairs\": \"some\"}}",
        "{\(head), \"kind\": \"push\", \"parameters\": [{\"name\": \"d\", \"type\": \"number\", \"default\": 1}], \"tracks\": {}}",
        "{\(head), \"kind\": \"push\", \"tracks\": {}, \"backward\": \"mirror\"}",
        "{\(head), \"kind\": \"interaction\", \"tracks\": {}, \"interactive\": {\"gesture\": \"pan\"}}",
        "{\(head), \"kind\": \"push\", \"tracks\": {\"incoming\": {\"keyframes\": [{\"at\": 0, \"alpha\": 0}, {\"at\": 2, \"alpha\": 1}]}}}",
        "{\(head), \"kind\": \"pop\", \"tracks\": {}, \"interactive\": {\"gesture\": \"pan\", \"maxTouches\": 0}}",
        "{\(head), \"kind\": \"push\", \"settle\": \"always\", \"tracks\": {}}",
        "{\(head), \"kind\": \"push\", \(axis), \"variants\": {\"parameter\": \"axis\"}}",
        "{\(head), \"kind\": \"push\", \(axis), \"variants\": {\"parameter\": \"axis\", \"cases\": {\"x\": {\"trakcs\": {}}, \"y\": {}}}}",
        "{\(head), \"kind\": \"push\", \"parameters\": [{\"name\": \"d\", \"type\": \"double\", \"default\": 1, \"choices\": [\"1\"]}], \"tracks\": {}}",
        "{\(head), \"kind\": \"push\", \"tracks\": {\"incoming\": {\"start\": {\"alpha\": 0}, \"progress\": [0, 0.5], \"duration\": 1}}}",
        "{\(head), \"kind\": \"push\", \"tracks\": {\"incoming\": {\"start\": {\"alpha\": 0}, \"progress\": [0.5]}}}",
        "{\(head), \"kind\": \"push\", \"tracks\": {\"incoming\": [{}, {}, {}, {}, {}]}}",
        "{\(head), \"kind\": \"pop\", \"tracks\": {}, \"interactive\": {\"gesture\": \"pan\", \"direction\": \"diagonal\"}}",
        "{\(head), \"kind\": \"pop\", \"tracks\": {}, \"interactive\": {\"gesture\": \"pan\", \"beginOnlyMoving\": \"sideways\"}}",
        "{\(head), \"kind\": \"any\", \"backward\": \"same\", \"tracks\": {}, \"interactive\": {\"gesture\": \"pan\", \"pop\": {\"gesture\": \"pinch\"}}}",
        "{\(head), \"kind\": \"present\", \"layers\": {\"dim\": {\"lasts\": \"forever\"}}, \"tracks\": {}}",
        "{\(head), \"kind\": \"present\", \"presentedInsets\": {\"top\": 10, \"middle\": 3}, \"tracks\": {}}",
        "{\(head), \"kind\": \"push\", \"settle\": \"rest\", \"tracks\": {}}",
    ]
    static let axis = #""parameters": [{"name": "axis", "type": "string", "default": "x", "choices": ["x", "y"]}]"#

    @Test(.enabled(if: python != nil, "python3 is not installed, so the schema cannot be checked with jsonschema"))
    func theSchemaAndTheReaderAgree() throws {
        let examples = Self.root + "/Examples/DeclarativeEffects"
        let good = try FileSystem.contents(ofDirectory: examples).get().filter { $0.hasSuffix(".effect.json") }.map { examples + "/" + $0 }
        #expect(good.count >= 10)
        let directory = NSTemporaryDirectory() + "stagehand-schema-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var bad: [String] = []
        for (index, text) in Self.badFiles.enumerated() {
            let folder = directory + "/\(index)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let path = folder + "/bad.effect.json"
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            bad.append(path)
        }
        let results = try Self.validate(good + bad)
        for file in good {
            #expect(results[file] == "valid \(file)", "\(results[file] ?? "no answer for \(file)")")
            if case .failure(let error) = DefinitionReader.read(file: file) { Issue.record("the reader refuses \(file): \(error)") }
        }
        for (file, text) in zip(bad, Self.badFiles) {
            #expect(results[file]?.hasPrefix("invalid ") == true, "the schema accepts \(text)")
            if case .success = DefinitionReader.read(file: file) { Issue.record("the reader accepts \(text)") }
        }
    }
}
