import ArgumentParser

/// Bad input to a rendering command: one line on standard error that names the argument,
/// then exit code 1 (ArgumentParser's own validation errors exit with 64 and print the
/// usage, which buries the one line that matters).
enum InputError {
    static func fail(_ argument: String, _ message: String) -> ExitCode {
        StandardError.write("error: \(argument): \(message)")
        return ExitCode.failure
    }
}
