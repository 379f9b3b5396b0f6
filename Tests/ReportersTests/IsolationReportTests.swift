import GateTestSupport
import Testing
@testable import Reporters
@testable import Verdict

/// What the probes had is shown wherever a person reads the verdict: the terminal, Markdown and HTML.
struct IsolationReportTests {
    private static func statement(missing: [String] = []) -> Statement {
        var statement = SampleVerdicts.passing
        statement.predicate.sandbox = .landlock
        statement.predicate.isolation = IsolationRecord(
            gateUID: 0, probeUID: 65534, noNewPrivileges: true, groups: [], capabilityBoundingSetEmpty: true, namespaces: [],
            readOnlyRoot: false, writablePaths: ["/w/pkg"], readOnlyPaths: ["/w/pkg/.git"], hiddenPaths: [], privateTemporary: false,
            landlockABI: 7, missing: missing)
        return statement
    }

    private static let expected = "landlock — probes as uid 65534 (gate uid 0), no groups, no_new_privs, no capabilities, no namespaces, Landlock ABI 7"

    @Test func theMarkdownHTMLAndTextReportsSayWhatTheProbesHad() {
        #expect(MarkdownReport.render(Self.statement(), links: nil).contains("- **Sandbox:** \(MarkdownText.inline(Self.expected))"))
        #expect(HTMLReport.render(Self.statement(), links: nil).contains(Self.expected))
        #expect(VerdictRenderer.text(Self.statement(), signatureNote: "n").contains("Sandbox:   \(Self.expected)"))
    }

    @Test func whatStrictIsolationFoundMissingIsNamed() {
        let text = VerdictRenderer.text(Self.statement(missing: ["dropping the supplementary groups"]), signatureNote: "n")
        #expect(text.contains("\(Self.expected); lacks dropping the supplementary groups"))
    }

    @Test func aKeyTakenUnderBestEffortIsNamedWithWhatItLacked() {
        var statement = Self.statement(missing: ["a gate its own user could not read from its first instruction"])
        statement.predicate.isolation?.policy = "best-effort"
        statement.predicate.isolation?.keyTakenWithout = ["a gate its own user could not read from its first instruction"]
        let text = VerdictRenderer.text(statement, signatureNote: "n")
        #expect(text.contains("; isolation=best-effort: the signing key was taken without a gate its own user could not read from its first instruction"))
        // Under the default nothing is added: a key is never taken there without its guarantees.
        #expect(!VerdictRenderer.text(Self.statement(), signatureNote: "n").contains("best-effort"))
    }

    @Test func anOlderVerdictWithoutTheRecordShowsNoSandboxLine() {
        #expect(!MarkdownReport.render(SampleVerdicts.passing, links: nil).contains("**Sandbox:**"))
    }
}

/// How the test processes started is shown with the test item: forked from the bundle loaded once, or executed, and why.
struct TestProcessStartReportTests {
    private static func text(_ start: TestProcessStart?) -> String {
        var statement = SampleVerdicts.orchestrated
        let index = statement.predicate.items.firstIndex { $0.evidence.testRun != nil }!
        statement.predicate.items[index].evidence.testRun?.processStart = start
        return VerdictRenderer.text(statement, signatureNote: "n")
    }

    @Test func forkedAndExecutedProcessesAreNamedAndAnOlderVerdictShowsNeither() {
        #expect(Self.text(TestProcessStart(method: .forked)).contains("processes: forked from the test bundle loaded once, one per test"))
        #expect(Self.text(TestProcessStart(method: .executed, reason: "the sandbox has no PID namespace")).contains(
            "processes: the test bundle executed afresh, one per test (not forked: the sandbox has no PID namespace)"))
        #expect(!Self.text(nil).contains("processes:"))
    }
}

/// Where each framework's statuses came from is shown with the test item; an older verdict shows nothing.
struct TestStatusChannelReportTests {
    private static func text(_ channels: [TestStatusChannel]?) -> String {
        var statement = SampleVerdicts.orchestrated
        let index = statement.predicate.items.firstIndex { $0.evidence.testRun != nil }!
        statement.predicate.items[index].evidence.testRun?.statusChannels = channels
        return VerdictRenderer.text(statement, signatureNote: "n")
    }

    @Test func eachFrameworksChannelIsNamed() {
        let text = Self.text([
            TestStatusChannel(framework: .xctest, source: .observer), TestStatusChannel(framework: .swiftTesting, source: .eventStream),
        ])
        #expect(text.contains(
            "statuses: XCTest from cfa-gate's XCTest observer, on a pipe of the gate's; Swift Testing from its JSON event stream, on a pipe of the gate's"))
        #expect(!Self.text(nil).contains("statuses:"))
    }
}
