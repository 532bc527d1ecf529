/// One number `stagehand bench` reports, with the goal set for it.
public struct Figure: Sendable {
    /// The key in `--json` output (`frame_eval_10k_ms`, ...).
    public let key: String
    /// What was measured, in a few words.
    public let title: String
    public let unit: String
    /// The goal; every figure is "lower is better", so the goal is a maximum.
    public let goal: Double
    /// The measured value, or nil when it could not be measured (`missing` says why).
    public let value: Double?
    public let missing: String?
    /// How it was measured (repetitions, what the median is over), for the text output.
    public let detail: String?

    public init(key: String, title: String, unit: String, goal: Double, value: Double?, missing: String? = nil,
                detail: String? = nil) {
        self.key = key
        self.title = title
        self.unit = unit
        self.goal = goal
        self.value = value
        self.missing = missing
        self.detail = detail
    }

    static func missing(_ key: String, _ title: String, unit: String, goal: Double, reason: String) -> Figure {
        Figure(key: key, title: title, unit: unit, goal: goal, value: nil, missing: reason)
    }

    /// value ÷ goal: at most 1 meets the goal. A goal of 0 (allocations) is met by 0 only.
    public var ratio: Double? {
        guard let value else { return nil }
        if goal == 0 { return value == 0 ? 0 : .infinity }
        return value / goal
    }

    public var meetsGoal: Bool? {
        guard let value else { return nil }
        return value <= goal
    }
}

/// A point of a scaling series: the size and the figure measured at that size.
public struct ScalingPoint: Sendable {
    public let size: Int
    public let value: Double
    /// value ÷ size, in the series' per-item unit.
    public let perItem: Double
    /// The same measured on one thread, where that differs (frames).
    public var singleThread: Double? = nil
}

public struct ScalingSeries: Sendable {
    public let title: String
    public let sizeLabel: String
    public let unit: String
    public let perItemUnit: String
    public let points: [ScalingPoint]
    public let missing: String?
}

/// Everything one run of the benchmark found.
public struct BenchReport: Sendable {
    /// In the order of the README's Performance table.
    public var figures: [Figure]
    public var scaling: [ScalingSeries]
    /// Things a reader of the figures should know (a debug build, a skipped check).
    public var warnings: [String]
    /// Where the figures were taken (cores, load before and after).
    public var context: [String] = []

    /// The keys `--json` prints, in the README's order.
    public static let keys = [
        "frame_eval_10k_ms", "frame_eval_vs_c", "explode_200_frame_ms", "match_1000_ms", "magic_move_200_frame_ms", "percent_update_100_us", "percent_update_allocs",
        "cold_load_50_ms", "cold_scan_50_ms", "cached_scan_50_ms", "catalog_cli_ms", "catalog_cli_50_packs_ms", "install_pack_10_ms", "ffi_call_vs_c", "gif_render_s", "html_render_s",
        "gallery_all_s", "gallery_peak_rss_mib", "preview_slowest_s", "preview_peak_rss_mib", "peak_rss_10k_mib", "rss_growth_1000_cycles_mib", "play_rss_10min_run_mib",
        "declarative_load_100_ms", "declarative_vs_compiled_frame",
    ]
}
