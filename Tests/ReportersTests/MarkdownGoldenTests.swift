import enum CFAAnalysis.DocumentationHome
import GateTestSupport
import Foundation
import Testing
@testable import Verdict

@testable import Reporters

/// Golden files for the Markdown, HTML and GitHub Actions formats, under `Golden/<format>/`.
/// `CFA_GATE_UPDATE_GOLDEN=1 swift test` rewrites them instead of comparing; review the diff by eye.
enum ReviewFormatsGolden {
    static let updating = ProcessInfo.processInfo.environment["CFA_GATE_UPDATE_GOLDEN"] == "1"

    static func url(_ relativePath: String, filePath: String = #filePath) -> URL {
        URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Golden/\(relativePath)")
    }

    /// Compares `actual` with the golden file and reports the first differing line, or rewrites the file.
    /// The documentation's base as the goldens spell it: where the gate finds its documentation differs per checkout.
    static func placeholdingDocumentation(_ text: String) -> String {
        text.replacingOccurrences(of: DocumentationHome.base + "/", with: "$CFA_GATE_DOCS/")
    }

    static func check(_ actual: String, against relativePath: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let actual = placeholdingDocumentation(actual)
        let file = url(relativePath)
        if updating {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: file)
            return
        }
        guard let data = FileManager.default.contents(atPath: file.path) else {
            Issue.record("missing golden file \(file.path); run CFA_GATE_UPDATE_GOLDEN=1 swift test to create it", sourceLocation: sourceLocation)
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        guard actual != expected else { return }
        let actualLines = actual.components(separatedBy: "\n")
        let expectedLines = expected.components(separatedBy: "\n")
        let index = Array(zip(actualLines, expectedLines)).firstIndex { $0 != $1 } ?? min(actualLines.count, expectedLines.count)
        let got = index < actualLines.count ? actualLines[index] : "<end of output>"
        let wanted = index < expectedLines.count ? expectedLines[index] : "<end of golden file>"
        Issue.record(
            "\(relativePath) differs at line \(index + 1):\n  expected: \(wanted)\n  actual:   \(got)\n(CFA_GATE_UPDATE_GOLDEN=1 swift test rewrites the golden files)",
            sourceLocation: sourceLocation)
    }

    static let links = RepositoryLinks(webURL: "https://github.com/example/habit-tracker", commit: SampleVerdicts.commit)
}

@Suite struct MarkdownGoldenTests {
    @Test func passing() throws {
        try ReviewFormatsGolden.check(MarkdownReport.render(SampleVerdicts.passing, links: nil), against: "markdown/passing.md")
    }

    @Test func failing() throws {
        try ReviewFormatsGolden.check(MarkdownReport.render(SampleVerdicts.failing, links: nil), against: "markdown/failing.md")
    }

    @Test func failingWithWebLinks() throws {
        let links = try #require(ReviewFormatsGolden.links)
        try ReviewFormatsGolden.check(MarkdownReport.render(SampleVerdicts.failing, links: links), against: "markdown/failing-links.md")
    }

    @Test func errored() throws {
        try ReviewFormatsGolden.check(MarkdownReport.render(SampleVerdicts.errored, links: nil), against: "markdown/errored.md")
    }

    /// Per-test results: the tests that did not pass, each with its status and first failure.
    @Test func orchestratedTests() throws {
        try ReviewFormatsGolden.check(MarkdownReport.render(SampleVerdicts.orchestrated, links: nil), against: "markdown/tests.md")
    }
}
