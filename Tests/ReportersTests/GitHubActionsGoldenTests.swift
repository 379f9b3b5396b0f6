import GateTestSupport
import Testing
@testable import Verdict

@testable import Reporters

/// Per sample: every item's annotations, then every item's log group, as a workflow step would print them.
@Suite struct GitHubActionsGoldenTests {
    static func workflowOutput(_ statement: Statement) -> String {
        let items = statement.predicate.items
        let lines = items.flatMap(GitHubActionsReport.annotations(for:)) + items.flatMap(GitHubActionsReport.group(for:))
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func passing() throws {
        try ReviewFormatsGolden.check(Self.workflowOutput(SampleVerdicts.passing), against: "github/passing.txt")
    }

    @Test func failing() throws {
        try ReviewFormatsGolden.check(Self.workflowOutput(SampleVerdicts.failing), against: "github/failing.txt")
    }

    @Test func errored() throws {
        try ReviewFormatsGolden.check(Self.workflowOutput(SampleVerdicts.errored), against: "github/errored.txt")
    }
}
