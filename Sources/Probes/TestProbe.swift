import Foundation
import Verdict

/// `swift test`, with per-test results read from the structured reports rather than the console:
/// XCTest's xUnit file (written only with `--parallel`) and Swift Testing's event stream.
public struct TestProbe: Sendable {
    public var arguments: [String]

    public init(arguments: [String] = []) {
        self.arguments = arguments
    }

    public func run(in context: ProbeContext, logName: String) async -> ProbeOutcome {
        guard let swift = context.swiftExecutable else { return .swiftMissing }
        let xunitPath = "\(context.logDirectory)/\(logName).xunit.xml"
        let eventsPath = "\(context.logDirectory)/\(logName).events.jsonl"
        let reportArguments = [
            "--parallel", "--xunit-output", xunitPath,
            "--experimental-event-stream-output", eventsPath, "--experimental-event-stream-version", "0",
        ]
        let command = LoggedCommand(
            executable: swift, arguments: ["test"] + reportArguments + arguments,
            workingDirectory: context.packageDirectory, logName: logName, timeout: context.timeouts.test)
        let result = await command.run(in: context)
        let displayed = (["swift", "test"] + arguments).joined(separator: " ")
        var evidence = Evidence(logs: result.log.map { [$0] } ?? [])
        if let abnormal = result.termination.abnormalOutcome(running: displayed, evidence: evidence) {
            evidence.excerpt = OutputExcerpt.tail(of: result.output)
            return ProbeOutcome(status: abnormal.status, summary: abnormal.summary, evidence: evidence)
        }
        let report = Self.collectReport(
            xunitPath: xunitPath, eventsPath: eventsPath, consoleLog: result.output, repositoryRoot: context.repositoryRoot)
        return Self.judge(
            report: report, exitedCleanly: result.termination.succeeded, output: result.output,
            repositoryRoot: context.repositoryRoot, displayed: displayed, evidence: evidence)
    }

    static func collectReport(xunitPath: String, eventsPath: String, consoleLog: String, repositoryRoot: String) -> TestReport? {
        var parts: [TestReport] = []
        if let data = FileManager.default.contents(atPath: xunitPath), let cases = XUnitReport.parse(data) {
            parts.append(XUnitReport.report(from: cases, consoleLog: consoleLog, repositoryRoot: repositoryRoot))
        }
        if let data = FileManager.default.contents(atPath: eventsPath),
            let events = SwiftTestingEvents.report(fromJSONLines: data, repositoryRoot: repositoryRoot)
        {
            parts.append(events)
        } else {
            // Toolchains without the event stream still write Swift Testing's own xUnit file beside XCTest's.
            let swiftTestingXML = xunitPath.replacingOccurrences(of: ".xml", with: "-swift-testing.xml")
            if let data = FileManager.default.contents(atPath: swiftTestingXML), let cases = XUnitReport.parse(data) {
                parts.append(XUnitReport.report(from: cases, consoleLog: consoleLog, repositoryRoot: repositoryRoot))
            }
        }
        return parts.isEmpty ? nil : parts.reduce(TestReport(), +)
    }

    static func judge(
        report: TestReport?, exitedCleanly: Bool, output: String, repositoryRoot: String, displayed: String,
        evidence startingEvidence: Evidence
    ) -> ProbeOutcome {
        var evidence = startingEvidence
        guard let report, report.executed + report.skipped > 0 else {
            // No test ran: either the tests did not compile, or there were none to run. Neither is a pass.
            let errors = CompilerDiagnostics.parse(output, repositoryRoot: repositoryRoot)
            evidence.diagnostics = errors
            evidence.excerpt = errors.isEmpty ? OutputExcerpt.tail(of: output) : []
            if !errors.isEmpty {
                return ProbeOutcome(status: .failed, summary: BuildProbe.failureSummary(displayed, errors: errors), evidence: evidence)
            }
            let reason = exitedCleanly ? "executed zero tests (an empty test target or a filter that matches nothing)" : "failed before any test ran"
            return ProbeOutcome(status: .failed, summary: "`\(displayed)` \(reason)", evidence: evidence)
        }
        evidence.tests = report.counts
        evidence.diagnostics = Array(report.failures.prefix(CompilerDiagnostics.maximumDiagnostics))
        let counts = "\(report.passed) passed, \(report.failed) failed, \(report.skipped) skipped"
        if report.executed == 0 {
            return ProbeOutcome(status: .failed, summary: "`\(displayed)` executed zero tests (\(counts))", evidence: evidence)
        }
        if report.failed > 0 {
            let first = report.failures.first.map { failure in
                let location = [failure.file, failure.line.map(String.init)].compactMap { $0 }.joined(separator: ":")
                return "\(ItemResult.firstDiagnosticMarker)\(failure.name ?? "?")\(location.isEmpty ? "" : " at \(location)")"
            } ?? ""
            return ProbeOutcome(status: .failed, summary: "\(counts)\(first)", evidence: evidence)
        }
        if !exitedCleanly {
            evidence.excerpt = OutputExcerpt.tail(of: output)
            return ProbeOutcome(
                status: .failed, summary: "`\(displayed)` exited with failure although the reports show \(counts); see the log",
                evidence: evidence)
        }
        return ProbeOutcome(status: .passed, summary: counts, evidence: evidence)
    }
}
