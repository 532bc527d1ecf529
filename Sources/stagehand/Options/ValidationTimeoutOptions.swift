import ArgumentParser

/// The time limit of validating files in a child process (`validate`, and `install`,
/// which validates a pack's files the same way): one option, declared once, so the two
/// commands cannot come to mean different things by it.
///
/// The limit is for each step the child announces (loading a file; making, running or
/// probing one effect), not for the whole check: a file of many good effects takes as long
/// as it needs, and a hang is pinned to the step that exceeded the limit.
struct ValidationTimeoutOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Seconds each step of the check (loading a file; making, running or probing one effect) may take in the checking child before it is stopped as hung.",
                               valueName: "seconds"))
    var timeout: Double = 60

    /// `timeout`, once it is known to be a usable limit.
    func seconds() throws -> Double {
        guard timeout > 0, timeout.isFinite else {
            throw InputError.fail("--timeout", "expected a number of seconds > 0")
        }
        return timeout
    }
}
