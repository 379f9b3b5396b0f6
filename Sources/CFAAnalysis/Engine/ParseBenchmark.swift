import Foundation
internal import SwiftParser

/// The floor the analyser is measured against: parsing the same files with SwiftParser alone, spread over
/// the same workers, trees dropped at once. Used by `cfa-gate analyze --bench`.
public enum ParseBenchmark {
    public struct Timing: Sendable {
        public var bareParse: Duration
        /// Parsing and fact extraction, then the index and rules; together the analysis.
        public var extraction: Duration
        public var rules: Duration
        public var analysis: Duration { extraction + rules }
        public var files: Int
        public var lines: Int
    }

    public static func measure(repositoryRoot: String, scope: String, configuration: AnalysisConfiguration, workers: Int) async -> Timing {
        let inputs = SourceDiscovery.swiftFiles(repositoryRoot: repositoryRoot, scope: scope, configuration: configuration)
        let clock = ContinuousClock()
        let parseStart = clock.now
        await withTaskGroup(of: Void.self) { group in
            for batch in Analyzer.batches(inputs, workers: workers) {
                group.addTask {
                    for input in batch {
                        guard let text = Analyzer.text(of: input) else { continue }
                        _ = Parser.parse(source: text)
                    }
                }
            }
        }
        let bareParse = clock.now - parseStart
        let extractionStart = clock.now
        let parsed = await Analyzer.parse(inputs, workers: workers)
        let rulesStart = clock.now
        let result = await Analyzer.checkConcurrently(
            parsed.facts, configuration: configuration, skippedFiles: parsed.skipped, workers: workers)
        let end = clock.now
        return Timing(
            bareParse: bareParse, extraction: rulesStart - extractionStart, rules: end - rulesStart, files: result.fileCount,
            lines: result.lineCount)
    }
}
