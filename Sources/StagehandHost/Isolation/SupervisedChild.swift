#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Runs another process that will execute bundle code, so that whatever the bundle does
/// (crash, abort, `exit`, hang, flood its standard output) happens to that process and
/// not to the caller.
///
/// The child reports on a pipe of its own, given to it as file descriptor
/// `channelDescriptor` (3): one line per message, `kind: text`. Its standard input,
/// output and error are `/dev/null`, so a bundle that prints does not reach the
/// channel, cannot fill a pipe nobody reads, and cannot mix its text into the caller's
/// output. The parent reads the channel as lines arrive, never only at the end, and
/// stops the child (SIGKILL) once `timeout` seconds pass without the deadline being
/// renewed.
package enum SupervisedChild {
    /// The descriptor the child writes its messages to.
    package static let channelDescriptor: Int32 = 3

    /// How the child ended.
    package enum Ending: Equatable, Sendable {
        /// `exit(status)` or a return from `main`.
        case exited(Int32)
        /// Killed by a signal it raised or received (SIGSEGV, SIGABRT, ...).
        case signalled(Int32)
        /// Still running when its time ran out; it was killed.
        case timedOut(Double)

        /// "crashed with signal 11 (SIGSEGV)", "exited with status 3", "hung (stopped after 5.0 s)".
        package var description: String {
            switch self {
            case .exited(let status): return "exited with status \(status)"
            case .signalled(let signal): return "crashed with signal \(signal) (\(SupervisedChild.signalName(signal)))"
            case .timedOut(let seconds): return "hung (stopped after \(seconds) s)"
            }
        }
    }

    /// What the parent does after a line: go on, or go on with the deadline renewed
    /// (`timeout` seconds from now).
    package enum LineResponse {
        case keepDeadline
        case renewDeadline
    }

    package struct SpawnError: Error, CustomStringConvertible {
        package var description: String
    }

    /// Runs `executable` with `arguments` (argv[0] included) and `environment`, hands
    /// each channel line to `onLine` as it arrives (without its newline), and returns how
    /// the child ended. A line arriving after the child ended is still delivered.
    package static func run(executable: String, arguments: [String], environment: [String: String],
                           timeout: Double, onLine: (String) -> LineResponse) -> Result<Ending, SpawnError> {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            return .failure(SpawnError(description: "cannot make a pipe: \(String(cString: strerror(errno)))"))
        }
        // Keep both ends away from 0...3, so that the dup2 below always makes a new
        // descriptor (dup2 onto itself would keep close-on-exec set).
        let readEnd = fcntl(ends[0], F_DUPFD_CLOEXEC, 10)
        let writeEnd = fcntl(ends[1], F_DUPFD_CLOEXEC, 10)
        close(ends[0])
        close(ends[1])
        guard readEnd >= 0, writeEnd >= 0 else {
            if readEnd >= 0 { close(readEnd) }
            if writeEnd >= 0 { close(writeEnd) }
            return .failure(SpawnError(description: "cannot make a pipe: \(String(cString: strerror(errno)))"))
        }
        defer { close(readEnd) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, writeEnd, channelDescriptor)

        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for variable in envp { free(variable) } }
        // The child starts with SIGINT and SIGTERM at their default actions and no signal
        // blocked, even when this process ignores them (it does while it writes outputs,
        // to clean them up) or blocks them (`serve` does, to read them from one place).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGTERM)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, &argv, &envp)
        close(writeEnd)
        guard spawned == 0 else {
            return .failure(SpawnError(description: "cannot start \(executable): \(String(cString: strerror(spawned)))"))
        }
        _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)

        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var deadline = now() + timeout
        var endOfChannel = false
        var status: Int32 = 0

        /// Reads what is there; delivers complete lines. False at the end of the channel.
        func drain() -> Bool {
            while true {
                let count = chunk.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
                if count > 0 {
                    pending.append(contentsOf: chunk[..<count])
                    while let newline = pending.firstIndex(of: 10) {
                        let line = String(decoding: pending[..<newline], as: UTF8.self)
                        pending.removeSubrange(...newline)
                        if onLine(line) == .renewDeadline { deadline = now() + timeout }
                    }
                    continue
                }
                if count == 0 { return false }
                if errno == EINTR { continue }
                return true   // EAGAIN: nothing more for now
            }
        }

        while true {
            if !endOfChannel {
                var descriptor = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
                let wait = max(0, min(deadline - now(), 0.05))
                _ = poll(&descriptor, 1, Int32(wait * 1000))
                if !drain() { endOfChannel = true }
            } else {
                usleep(2_000)
            }
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid {
                _ = drain()   // whatever it wrote just before it ended
                break
            }
            if now() >= deadline {
                kill(pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                return .success(.timedOut(timeout))
            }
        }
        if status & 0x7f == 0 { return .success(.exited((status >> 8) & 0xff)) }
        return .success(.signalled(status & 0x7f))
    }

    /// In the child: sends one message to the parent, written at once (no buffer), so
    /// the parent knows the last step even if the next instruction kills the process.
    package static func send(_ kind: String, _ text: String) {
        let line = Array("\(kind): \(text)\n".utf8)
        var offset = 0
        while offset < line.count {
            let written = line.withUnsafeBytes { write(channelDescriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
    }

    static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGSEGV: return "SIGSEGV"
        case SIGBUS: return "SIGBUS"
        case SIGABRT: return "SIGABRT"
        case SIGILL: return "SIGILL"
        case SIGFPE: return "SIGFPE"
        case SIGTRAP: return "SIGTRAP"
        case SIGKILL: return "SIGKILL"
        case SIGTERM: return "SIGTERM"
        default: return "signal \(signal)"
        }
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }
}
