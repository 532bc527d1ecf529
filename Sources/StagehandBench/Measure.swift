#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Timing and memory readings, straight from the kernel.
enum Measure {
    /// CLOCK_MONOTONIC in nanoseconds.
    @inline(__always)
    static func nanoseconds() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }

    /// Seconds taken by `body`.
    @inline(__always)
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = nanoseconds()
        try body()
        return Double(nanoseconds() - start) * 1e-9
    }

    static func median(_ values: [Double]) -> Double {
        precondition(!values.isEmpty, "median of nothing")
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : 0.5 * (sorted[middle - 1] + sorted[middle])
    }

    /// A field of /proc/self/status in KiB (`VmHWM`, `VmRSS`), or nil.
    static func statusKiB(_ field: String) -> Double? {
        guard let file = fopen("/proc/self/status", "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 512)
        let prefix = field + ":"
        while fgets(&buffer, Int32(buffer.count), file) != nil {
            let line = text(buffer)
            guard line.hasPrefix(prefix) else { continue }
            let number = line.dropFirst(prefix.count).split(separator: " ").first { !$0.isEmpty && $0 != "\t" }
            return number.flatMap { Double($0.trimmingCharacters(in: "\t ")) }
        }
        return nil
    }

    /// The text `fgets` left in `buffer`, up to its terminating NUL.
    private static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The 1-minute load average (/proc/loadavg), or nil.
    static func loadAverage() -> Double? {
        guard let file = fopen("/proc/loadavg", "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 128)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
        return text(buffer).split(separator: " ").first.flatMap { Double($0) }
    }

    /// The `stagehand` executable beside the benchmark's (SwiftPM builds both into one
    /// folder), or nil when there is none.
    static func commandLinePath(besideBenchmark benchmark: String) -> String? {
        guard let slash = benchmark.lastIndex(of: "/") else { return nil }
        let path = String(benchmark[...slash]) + "stagehand"
        return access(path, X_OK) == 0 ? path : nil
    }

    /// The path of the running executable.
    static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: String) -> Substring {
        var s = self
        while let c = s.first, set.contains(c) { s = s.dropFirst() }
        while let c = s.last, set.contains(c) { s = s.dropLast() }
        return s
    }
}

/// Runs a program and waits for it: posix_spawn, so the figure is the program's own
/// time plus the kernel's, not a library's.
enum Spawn {
    struct Result {
        var status: Int32
        var output: String
        var seconds: Double
        /// The child's peak resident set (ru_maxrss), in KiB.
        var peakKiB: Double
        /// The child's processor time, user and system, on all its threads: what a busy
        /// machine does not inflate the way it inflates `seconds`.
        var cpuSeconds: Double = 0
    }

    /// Runs `path` with `arguments` (argv[0] included); standard output is captured when
    /// `capture`, else sent to /dev/null with standard error. `environment` is added to
    /// this process's own.
    static func run(_ path: String, _ arguments: [String], capture: Bool, environment: [String: String] = [:]) -> Result? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var pipeEnds: [Int32] = [-1, -1]
        if capture {
            guard pipe(&pipeEnds) == 0 else { return nil }
            posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
            posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
            posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)

        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for a in argv { free(a) } }
        var pid: pid_t = 0
        let start = Measure.nanoseconds()
        var envp: [UnsafeMutablePointer<CChar>?] = []
        var inherited = environ
        while let entry = inherited.pointee {
            let text = String(cString: entry)
            if environment[String(text.prefix { $0 != "=" })] == nil { envp.append(strdup(entry)) }
            inherited += 1
        }
        envp += environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for e in envp { free(e) } }
        let spawned = posix_spawn(&pid, path, &actions, nil, &argv, &envp)
        if capture { close(pipeEnds[1]) }
        guard spawned == 0 else {
            if capture { close(pipeEnds[0]) }
            return nil
        }
        var output: [UInt8] = []
        if capture {
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = read(pipeEnds[0], &chunk, chunk.count)
                if n <= 0 { break }
                output += chunk[0..<n]
            }
            close(pipeEnds[0])
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let seconds = Double(Measure.nanoseconds() - start) * 1e-9
        let exited = (status & 0x7f) == 0
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e-6
        return Result(status: exited ? (status >> 8) & 0xff : -1, output: String(decoding: output, as: UTF8.self),
                      seconds: seconds, peakKiB: Double(usage.ru_maxrss), cpuSeconds: cpu)
    }
}

extension Spawn {
    /// The medians of repeated runs of one command: wall time, and processor time (user
    /// and system, the command's children included) — what a busy machine inflates least.
    struct Timing {
        var seconds: Double
        var cpuSeconds: Double
    }

    /// Why a spawned command could not be timed.
    struct SpawnFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// The median times, spawn to exit, of `runs` runs of `path` with `arguments` (output
    /// to /dev/null), run `i` with `environment(i)` added to this process's own: how every
    /// figure of a whole `stagehand` command is taken. A run that cannot be spawned or
    /// exits with a failure ends the measurement with why, naming the command.
    static func median(_ path: String, _ arguments: [String], runs: Int,
                       environment: (Int) -> [String: String]) -> Swift.Result<Timing, SpawnFailure> {
        var times: [Double] = [], processor: [Double] = []
        let command = arguments.joined(separator: " ")
        for run in 0..<runs {
            guard let result = Spawn.run(path, arguments, capture: false, environment: environment(run)) else {
                return .failure(SpawnFailure(description: "cannot spawn \(path)"))
            }
            guard result.status == 0 else {
                return .failure(SpawnFailure(description: "\(command) exited with status \(result.status) on run \(run + 1) of \(runs)"))
            }
            times.append(result.seconds)
            processor.append(result.cpuSeconds)
        }
        return .success(Timing(seconds: Measure.median(times), cpuSeconds: Measure.median(processor)))
    }
}
