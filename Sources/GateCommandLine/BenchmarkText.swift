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
            if !timing.slowest.isEmpty {
                let top = timing.slowest.prefix(5).map { "\($0.name) " + String(format: "%.3fs", GateDuration.seconds($0.time)) }
                lines.append("slowest on 1 core: " + top.joined(separator: ", "))
            }
            lines.append(String(
                format: "workers %d: %d files, %d lines: bare parse %.2fs, analysis %.2fs (parse + facts %.2fs, index + rules %.2fs; %.0f lines/s), ratio %.2f",
                workers, timing.files, timing.lines, parse, analysis, GateDuration.seconds(timing.extraction),
                GateDuration.seconds(timing.rules), Double(timing.lines) / analysis, analysis / parse))
            let processor = timing.processor
            let onProcessor = GateDuration.seconds(processor.extraction) + GateDuration.seconds(processor.rules)
            lines.append(String(
                format: "processor time, workers %d: bare parse %.2fs, analysis %.2fs (parse + facts %.2fs, index + rules %.3fs), ratio %.2f",
                workers, GateDuration.seconds(processor.bareParse), onProcessor, GateDuration.seconds(processor.extraction),
                GateDuration.seconds(processor.rules), onProcessor / GateDuration.seconds(processor.bareParse)))
            lines.append(String(
                format: "floor, workers %d: one pass over every node, recording nothing, %.3fs processor time (%.1f%% of bare parsing); index + rules %.1f%%",
                workers, GateDuration.seconds(timing.floorPass), 100 * GateDuration.seconds(timing.floorPass) / GateDuration.seconds(processor.bareParse),
                100 * GateDuration.seconds(processor.rules) / GateDuration.seconds(processor.bareParse)))
            if workers > 1, analysisOnOne > 0 { lines.append(String(format: "speed-up 1 → %d workers: %.2fx", workers, analysisOnOne / analysis)) }
            if let cached = timing.cached {
                let cold = GateDuration.seconds(cached.cold), warm = GateDuration.seconds(cached.warm)
                let extra = GateDuration.seconds(cached.coldOnProcessor) / onProcessor - 1
                lines.append(String(
                    format: "cache, workers %d: cold %.2fs writing every entry (%+.1f%% processor time against no cache), warm %.2fs (%.2fx cold)",
                    workers, cold, extra * 100, warm, warm / cold))
            }
        }
        return lines
    }
}
