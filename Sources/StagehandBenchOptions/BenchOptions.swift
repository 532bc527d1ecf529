import ArgumentParser

/// The benchmark's options, declared once for both commands that take them:
/// `stagehand-bench`, which measures, and `stagehand bench`, which runs it in its own
/// place with the same arguments. A target of its own with nothing but the argument
/// parser, because `stagehand` must not link the benchmark (its allocation counter
/// replaces `malloc` for the process that links it).
public struct BenchOptions: ParsableArguments {
    @Flag(help: "Print one JSON object: each figure's key with its value, unit and goal.")
    public var json = false

    @Flag(help: "Fewer repetitions: quicker, noisier.")
    public var quick = false

    /// A memory figure measured in a child process of the benchmark (`--child NAME`).
    @Option(help: .hidden)
    public var child: String?

    public init() {}

    /// The options as arguments again, to hand on to `stagehand-bench`.
    public var arguments: [String] {
        (json ? ["--json"] : []) + (quick ? ["--quick"] : []) + (child.map { ["--child", $0] } ?? [])
    }

    /// The one-line summary both commands show.
    public static let abstract = "Measure the engine, the loader and the command line against their goals."
}
