import CFAAnalysis
import GateTestSupport
import Testing
@testable import Reporters
@testable import Verdict

/// The SARIF log of each sample verdict, and of the failing verdict's rule findings alone (the `analyze` form),
/// byte for byte. `CFA_GATE_UPDATE_GOLDEN=1 swift test` rewrites the files instead of comparing.
struct SARIFGoldenTests {
    @Test("a verdict's log matches the golden file", arguments: JUnitSARIFGoldens.samples.keys.sorted())
    func verdictMatchesGolden(sample: String) throws {
        let statement = try #require(JUnitSARIFGoldens.samples[sample])
        let log = SARIFReport.render(statement, rules: SARIFSampleRules.catalog, repositoryURI: SARIFSampleRules.repositoryURI)
        try JUnitSARIFGoldens.check(log, against: "sarif/\(sample).sarif")
    }

    @Test func analyzeFindingsMatchGolden() throws {
        let log = SARIFReport.render(
            findings: SARIFSampleRules.ruleFindings, rules: SARIFSampleRules.catalog, repositoryURI: nil,
            toolVersion: "0.1.0", packagePath: "Examples/HabitTracker")
        try JUnitSARIFGoldens.check(log, against: "sarif/analyze-findings.sarif")
    }
}

/// A small slice of the CFA catalogue (/work/shared/cfa-rules.md) and findings that use it.
enum SARIFSampleRules {
    static let repositoryURI = "https://github.com/example/habit-tracker"

    static let catalog = [
        ReportRule(
            id: "CFA-VIEWMODEL-INLINE", shortDescription: "Each screen creates its own ViewModel inline",
            fullDescription: "A screen declares `@State private var viewModel = XViewModel()` with no arguments; it does not use @StateObject, @ObservedObject or @Bindable for it, or assign `_viewModel` in an initialiser.",
            helpURI: DocumentationLink.rule("CFA-VIEWMODEL-INLINE").url,
            helpText: "Declare `@State private var viewModel = XViewModel()` and let the ViewModel default its Features from AppModel.shared.",
            defaultLevel: "error", item: 1),
        ReportRule(
            id: "CFA-VIEWMODEL-DEDICATED", shortDescription: "A ViewModel belongs to exactly one screen",
            fullDescription: "Only the ViewModel's own screen constructs or stores it; tests and #Preview are exempt.",
            helpText: "Give the other screen its own ViewModel.", defaultLevel: "error", item: 1),
        ReportRule(
            id: "CFA-VIEWMODEL-ADJACENT", shortDescription: "A ViewModel lives beside its screen",
            fullDescription: "XViewModel.swift sits in the same folder as XView.swift.",
            helpText: "Move the ViewModel file into its screen's folder.", defaultLevel: "warning", item: 1),
        ReportRule(
            id: "CFA-NO-GCD-LOCKS", shortDescription: "Swift Concurrency only",
            fullDescription: "No DispatchQueue, DispatchGroup, DispatchSemaphore, OperationQueue, locks, @unchecked Sendable or nonisolated(unsafe).",
            helpText: "Use actors, async/await and structured tasks instead.", defaultLevel: "error", item: 17),
    ]

    /// The failing sample's rule findings, plus one without a file and one with no severity of its own.
    static var ruleFindings: [Diagnostic] {
        let fromVerdict = SampleVerdicts.failing.predicate.items.flatMap(\.evidence.diagnostics).filter { $0.kind == .rule }
        return fromVerdict + [
            Diagnostic(kind: .rule, severity: "error", name: "CFA-ADOPTION", message: "not a CFA app: no AppModel with `static let shared = live()`"),
            Diagnostic(kind: .rule, file: "Sources/App/Sync/SyncEngine.swift", line: 7, column: 13, name: "CFA-NO-GCD-LOCKS", message: "DispatchQueue in SyncEngine"),
        ]
    }
}
