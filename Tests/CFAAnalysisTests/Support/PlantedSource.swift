@testable import CFAAnalysis
import Foundation
import Testing

/// Helpers for rule tests that plant a violation in a copy of the compliant app.
enum PlantedSource {
    /// The 1-based line of the first occurrence of `needle` in `source`, so tests assert exact lines
    /// instead of counting by hand.
    static func line(of needle: String, in source: String, after: Int = 0) -> Int {
        let lines = source.components(separatedBy: "\n")
        if after > 0 {
            guard let index = lines.indices.first(where: { $0 >= after && lines[$0].contains(needle) }) else {
                Issue.record("`\(needle)` is not in the planted source after line \(after)")
                return -1
            }
            return index + 1
        }
        guard let range = source.range(of: needle) else {
            Issue.record("`\(needle)` is not in the planted source")
            return -1
        }
        return source[..<range.lowerBound].reduce(into: 1) { line, character in if character == "\n" { line += 1 } }
    }

    /// Examples/HabitTracker in this repository.
    static var exampleAppRoot: String {
        // Tests/CFAAnalysisTests/Support/<this file> → repository root.
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { root.deleteLastPathComponent() }
        return root.appendingPathComponent("Examples/HabitTracker").path
    }

    /// The bundled example app, analysed from disk.
    static func exampleApp(configuration: AnalysisConfiguration = AnalysisConfiguration()) async -> AnalysisResult {
        await Analyzer.analyze(repositoryRoot: exampleAppRoot, configuration: configuration)
    }
}

extension Array where Element == Finding {
    /// The single finding, or nil when there are none or several: `try #require(findings.onlyFinding)`.
    var onlyFinding: Finding? { count == 1 ? first : nil }
}
