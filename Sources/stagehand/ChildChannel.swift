import Foundation

/// How the validating child talks to its parent: one line per message on standard
/// output, written at once (unbuffered), so the parent knows the last step even if the
/// child dies in the next instruction.
enum ChildChannel {
    static func send(_ kind: String, _ text: String) {
        FileHandle.standardOutput.write(Data("\(kind): \(text)\n".utf8))
    }
}
