import GateTestSupport
import Testing
@testable import Verdict

@testable import Reporters

@Suite struct HTMLGoldenTests {
    @Test func passing() throws {
        try ReviewFormatsGolden.check(HTMLReport.render(SampleVerdicts.passing, links: nil), against: "html/passing.html")
    }

    @Test func failingWithWebLinks() throws {
        let links = try #require(ReviewFormatsGolden.links)
        try ReviewFormatsGolden.check(HTMLReport.render(SampleVerdicts.failing, links: links), against: "html/failing.html")
    }

    @Test func errored() throws {
        try ReviewFormatsGolden.check(HTMLReport.render(SampleVerdicts.errored, links: nil), against: "html/errored.html")
    }

    @Test func orchestratedTests() throws {
        try ReviewFormatsGolden.check(HTMLReport.render(SampleVerdicts.orchestrated, links: nil), against: "html/tests.html")
    }
}
