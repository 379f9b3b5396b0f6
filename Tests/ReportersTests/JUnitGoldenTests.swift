import GateTestSupport
import Foundation
import Testing
@testable import Reporters
@testable import Verdict

/// The JUnit report of each sample verdict, byte for byte. `CFA_GATE_UPDATE_GOLDEN=1 swift test` rewrites the
/// files instead of comparing; review the diff before committing it.
struct JUnitGoldenTests {
    @Test("matches the golden file", arguments: JUnitSARIFGoldens.samples.keys.sorted())
    func matchesGolden(sample: String) throws {
        let statement = try #require(JUnitSARIFGoldens.samples[sample])
        try JUnitSARIFGoldens.check(JUnitReport.render(statement), against: "junit/\(sample).xml")
    }
}

/// Golden-file comparison shared by the JUnit and SARIF tests.
enum JUnitSARIFGoldens {
    static let updateVariable = "CFA_GATE_UPDATE_GOLDEN"

    /// The sample verdicts by golden-file name; tests take the name as argument so their labels stay short.
    static let samples: [String: Statement] = [
        "passing": SampleVerdicts.passing, "failing": SampleVerdicts.failing, "errored": SampleVerdicts.errored,
        "tests": SampleVerdicts.orchestrated, "model-build": SampleVerdicts.modelBuilt(),
    ]

    static func check(
        _ actual: String, against relativePath: String, filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let actual = ReviewFormatsGolden.placeholdingDocumentation(actual)
        let url = URL(fileURLWithPath: filePath).deletingLastPathComponent()
            .appendingPathComponent("Golden").appendingPathComponent(relativePath)
        if ProcessInfo.processInfo.environment[updateVariable] == "1" {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url)
            return
        }
        let data = try #require(
            FileManager.default.contents(atPath: url.path),
            "missing golden file \(url.path); run with \(updateVariable)=1 to create it", sourceLocation: sourceLocation)
        let expected = String(decoding: data, as: UTF8.self)
        #expect(actual == expected, "\(relativePath) differs from the golden file: \(firstDifference(actual, expected))", sourceLocation: sourceLocation)
    }

    /// The first differing line, so a failure says where to look instead of dumping two whole documents.
    static func firstDifference(_ actual: String, _ expected: String) -> String {
        let actualLines = actual.components(separatedBy: "\n")
        let expectedLines = expected.components(separatedBy: "\n")
        for index in 0..<max(actualLines.count, expectedLines.count) {
            let got = index < actualLines.count ? actualLines[index] : "<end>"
            let want = index < expectedLines.count ? expectedLines[index] : "<end>"
            if got != want { return "line \(index + 1): got «\(got)», expected «\(want)»" }
        }
        return "no line differs"
    }
}
