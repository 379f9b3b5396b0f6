import CFAAnalysis
import Verdict

extension TestProbe {
    /// The package's test code that disarms the test frameworks (see `TestFrameworkShadowing`), read from disk now (see
    /// `TestCodeSources.read`): the scheduler calls this before any build, test or command of the change runs.
    public static func frameworkShadowing(in context: ProbeContext) async -> [Finding] {
        await TestFrameworkShadowing.findings(in: testCode(in: context))
    }

    /// The package's test code, read from disk now (see `TestCodeSources.read`), for `frameworkShadowing(in:)` and for
    /// finding where a test that hung or crashed is declared.
    public static func testCode(in context: ProbeContext) -> [SourceInput] {
        TestCodeSources.read(repositoryRoot: context.repositoryRoot, packagePath: context.packagePath)
    }

    /// The item's outcome when test code disarms the frameworks: failed, naming the first place and the fix, every place
    /// in the diagnostics. The tests are not run: what a disarmed assertion reports is not evidence, and a count of passed
    /// tests beside the failure would read as one.
    static func disarmed(_ findings: [Finding]) -> ProbeOutcome? {
        guard let first = findings.first else { return nil }
        let evidence = Evidence(diagnostics: findings.prefix(CompilerDiagnostics.maximumDiagnostics).map(CFAProbe.diagnostic))
        let count = findings.count == 1 ? "1 declaration in the test code disarms" : "\(findings.count) declarations in the test code disarm"
        return ProbeOutcome(
            status: .failed,
            summary: "not run: \(count) the test frameworks\(ItemResult.firstDiagnosticMarker)"
                + "\(first.file):\(first.line): \(first.message) [\(first.rule)]",
            evidence: evidence)
    }
}
