import CFAAnalysis
import Checklist
import Foundation

/// `analyze --bench`'s lines, read by Scripts/bench-analyze.sh.
enum BenchmarkText {
    static func lines(_ timings: [(workers: Int, timing: ParseBenchmark.Timing)]) -> [String] {
        var lines: [String] = []
        var analysisOnOne = 0.0
        for (workers, timing) in timings {
            let parse = GateDuration.seconds(timing.bareParse), analysis = GateDuration.seconds(timing.analysis)
            if workers == 1 { analysisOnOne = analysis }
            lines.append(String(
                format: "workers %d: %d files, %d lines: bare parse %.2fs, analysis %.2fs (parse + facts %.2fs, index + rules %.2fs; %.0f lines/s), ratio %.2f",
                workers, timing.files, timing.lines, parse, analysis, GateDuration.seconds(timing.extraction),
                GateDuration.seconds(timing.rules), Double(timing.lines) / analysis, analysis / parse))
            if workers > 1 { lines.append(String(format: "speed-up 1 → %d workers: %.2fx", workers, analysisOnOne / analysis)) }
        }
        return lines
    }
}
