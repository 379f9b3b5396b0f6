import Foundation
import Verdict

/// Fixed verdicts for golden-file tests of every report format: one passing, one failing (compiler
/// errors, failing tests, rule findings, a dirty tree, a skipped item), one with an error. Dates and
/// durations are fixed so output is byte-for-byte stable.
public enum SampleVerdicts {
    public static let commit = "0123456789abcdef0123456789abcdef01234567"
    public static let tree = "89abcdef0123456789abcdef0123456789abcdef"
    public static let startedAt = Date(timeIntervalSince1970: 1_795_000_000)
    public static let finishedAt = Date(timeIntervalSince1970: 1_795_000_042.5)

    /// A message with every character that needs escaping somewhere: newline, `%`, `:`, `,`, `<`, `&`,
    /// quotes, an emoji and control characters.
    public static let awkwardMessage = "expected \"5\" but got '4' — 100% wrong: a, b <tag> & more 🚦\nsecond line\u{1B}[31m\u{07}"

    public static func statement(result: GateResult, items: [ItemResult], awaiting: [ManualItem]) -> Statement {
        let predicate = GatePredicate(
            tool: ToolInfo(name: "cfa-gate", version: "0.1.0"),
            swiftToolchain: "Swift version 6.3.1 (swift-6.3.1-RELEASE)",
            checklist: ChecklistInfo(path: "gate/cfa-change-gate.md", sha256: String(repeating: "ab", count: 32), title: "CFA change gate"),
            repository: RepositoryInfo(commit: commit, tree: tree, branch: "feature/orders", packagePath: "Examples/HabitTracker"),
            startedAt: startedAt, finishedAt: finishedAt, result: result,
            signer: SignerInfo(keyID: String(repeating: "cd", count: 32), source: "file"),
            awaitingReview: awaiting, items: items)
        return Statement(repositoryName: "habit-tracker", commit: commit, predicate: predicate)
    }

    public static let reviewItem = ManualItem(number: 27, title: "A person has reviewed the change as one feature slice", section: "Human review")

    public static func manual(_ number: Int, _ title: String, section: String) -> ItemResult {
        ItemResult(
            number: number, title: title, section: section, probe: "manual", status: .manual,
            summary: "awaiting a person's review", durationSeconds: 0, evidence: .empty)
    }

    public static let build = ItemResult(
        number: 24, title: "The package builds", section: "Build, tests and tree", probe: "build", status: .passed,
        summary: "`swift build` succeeded", durationSeconds: 12.25,
        evidence: Evidence(logs: [LogReference(name: "24-build", path: "\(commit).logs/24-build.log", sha256: String(repeating: "1", count: 64), bytes: 2048)]))

    public static let tests = ItemResult(
        number: 25, title: "The tests pass at the final commit", section: "Build, tests and tree", probe: "test", status: .passed,
        summary: "32 passed, 0 failed, 0 skipped", durationSeconds: 6.5,
        evidence: Evidence(tests: TestCounts(passed: 32, failed: 0, skipped: 0)))

    public static let clean = ItemResult(
        number: 26, title: "The working tree is clean at the final commit", section: "Build, tests and tree", probe: "git-clean",
        status: .passed, summary: "working tree clean before and after the probes ran", durationSeconds: 0.01, evidence: .empty)

    public static let passing = statement(
        result: .passed,
        items: [manual(1, "Each screen owns a private, dedicated ViewModel", section: "Screens and ViewModels"), build, tests, clean,
                manual(27, reviewItem.title, section: "Human review")],
        awaiting: [ManualItem(number: 1, title: "Each screen owns a private, dedicated ViewModel", section: "Screens and ViewModels"), reviewItem])

    public static let failing = statement(
        result: .failed,
        items: [
            ItemResult(
                number: 1, title: "Each screen owns a private, dedicated ViewModel", section: "Screens and ViewModels",
                probe: "cfa CFA-VIEWMODEL-INLINE CFA-VIEWMODEL-ADJACENT", status: .failed,
                summary: "2 findings", durationSeconds: 0.4,
                evidence: Evidence(diagnostics: [
                    Diagnostic(
                        kind: .rule, file: "Sources/App/1 - View/Views/Orders/OrdersView.swift", line: 12, column: 5, severity: "error",
                        name: "CFA-VIEWMODEL-INLINE", message: "OrdersView creates its ViewModel with arguments; use `@State private var viewModel = OrdersViewModel()`"),
                    Diagnostic(
                        kind: .rule, file: "Sources/App/1 - View/Views/Orders/OrdersViewModel.swift", line: 1, column: 1, severity: "warning",
                        name: "CFA-VIEWMODEL-ADJACENT", message: awkwardMessage),
                ])),
            ItemResult(
                number: 24, title: "The package builds", section: "Build, tests and tree", probe: "build -Xswiftc -warnings-as-errors",
                status: .failed, summary: "`swift build -Xswiftc -warnings-as-errors` failed: 1 error, first Sources/App/Orders.swift:3: cannot find 'x' in scope",
                durationSeconds: 30.75,
                evidence: Evidence(
                    diagnostics: [Diagnostic(kind: .compiler, file: "Sources/App/Orders.swift", line: 3, column: 9, severity: "error", message: "cannot find 'x' in scope")],
                    logs: [LogReference(name: "24-build", path: "\(commit).logs/24-build.log", sha256: String(repeating: "2", count: 64), bytes: 4096)])),
            ItemResult(
                number: 25, title: "The tests pass at the final commit", section: "Build, tests and tree", probe: "test", status: .failed,
                summary: "30 passed, 2 failed, 1 skipped; first: AppTests.OrdersFeatureTests/placesOrder() at Tests/AppTests/OrdersFeatureTests.swift:41",
                durationSeconds: 8,
                evidence: Evidence(
                    diagnostics: [
                        Diagnostic(kind: .test, file: "Tests/AppTests/OrdersFeatureTests.swift", line: 41, column: 9, severity: "error",
                                   name: "AppTests.OrdersFeatureTests/placesOrder()", message: "Expectation failed: (total → 4) == 5"),
                        Diagnostic(kind: .test, severity: "error", name: "AppTests.LegacyXCTests.testSync", message: awkwardMessage),
                    ],
                    tests: TestCounts(passed: 30, failed: 2, skipped: 1))),
            ItemResult(
                number: 26, title: "The working tree is clean at the final commit", section: "Build, tests and tree", probe: "git-clean",
                status: .failed, summary: "README.md not committed — commit or discard, or add to .gitignore", durationSeconds: 0,
                evidence: Evidence(diagnostics: [Diagnostic(kind: .git, file: "README.md", severity: "error", message: "modified (unstaged): README.md")])),
            ItemResult(
                number: 28, title: "The linter is happy", section: "Custom checks", probe: "command: swiftlint --strict", status: .skipped,
                summary: "not run: the build did not pass (item 24)", durationSeconds: 0, evidence: .empty),
            manual(27, reviewItem.title, section: "Human review"),
        ],
        awaiting: [reviewItem])

    public static let errored = statement(
        result: .error,
        items: [
            ItemResult(
                number: 24, title: "The package builds", section: "Build, tests and tree", probe: "build", status: .error,
                summary: "timed out after 30m running `swift build`; the process group was killed", durationSeconds: 1800,
                evidence: Evidence(excerpt: ["[412/980] Compiling App Orders.swift", "<stuck> & waiting"])),
            ItemResult(
                number: 25, title: "The tests pass at the final commit", section: "Build, tests and tree", probe: "test", status: .skipped,
                summary: "not run: the build did not pass (item 24)", durationSeconds: 0, evidence: .empty),
            manual(27, reviewItem.title, section: "Human review"),
        ],
        awaiting: [reviewItem])
}

/// A verdict whose cfa item passed because a baseline accepted its two findings, one more entry being fixed.
public enum BaselineSample {
    public static let legacyFile = "Sources/App/2 - AppModel/Features/OrdersFeature+Legacy.swift"

    public static let baselined = [
        Diagnostic(kind: .rule, file: legacyFile, line: 7, column: 28, severity: "error", name: "CFA-NO-GCD-LOCKS", message: "OrdersFeature uses DispatchQueue; Swift Concurrency only"),
        Diagnostic(kind: .rule, file: legacyFile, line: 9, column: 28, severity: "error", name: "CFA-NO-GCD-LOCKS", message: "OrdersFeature uses DispatchQueue; Swift Concurrency only"),
    ]

    public static let fixed = BaselineSummary.Entry(rule: "CFA-NO-GCD-LOCKS", file: legacyFile, message: "OrdersFeature uses NSLock <now gone>", count: 2)

    public static var statement: Statement {
        var statement = SampleVerdicts.statement(
            result: .passed,
            items: [ItemResult(
                number: 17, title: "Swift Concurrency only", section: "Concurrency", probe: "cfa CFA-NO-GCD-LOCKS", status: .passed,
                summary: "no findings (12 files, 400 lines, 2 baselined)", durationSeconds: 0.2, evidence: .empty)],
            awaiting: [])
        statement.predicate.analysis = AnalysisSummary(
            files: 12, lines: 400, unassigned: [], suppressions: [], skippedFiles: [],
            baseline: BaselineSummary(path: ".cfa-gate-baseline.json", baselined: baselined, fixed: [fixed]))
        return statement
    }
}
