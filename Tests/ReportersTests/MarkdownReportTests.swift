import CFAAnalysis
import GateTestSupport
import Testing
@testable import Verdict

@testable import Reporters

@Suite struct MarkdownReportTests {
    private let failing = MarkdownReport.render(SampleVerdicts.failing, links: nil)

    @Test func bannerNamesTheResult() {
        #expect(MarkdownReport.render(SampleVerdicts.passing, links: nil).hasPrefix("## ✅ cfa-gate: PASSED\n"))
        #expect(failing.hasPrefix("## ❌ cfa-gate: FAILED\n"))
        #expect(MarkdownReport.render(SampleVerdicts.errored, links: nil).hasPrefix("## ⚠️ cfa-gate: ERROR\n"))
    }

    @Test func overviewNamesWhatWasJudged() {
        #expect(failing.contains("**CFA change gate for `habit-tracker`** — 4 failed · 1 skipped · 1 manual"))
        #expect(failing.contains("- **Commit:** `0123456` (`0123456789abcdef0123456789abcdef01234567`)"))
        #expect(failing.contains("- **Branch:** `feature/orders`"))
        #expect(failing.contains("- **Checklist:** `gate/cfa-change-gate.md` (sha256 `abababababab`)"))
        #expect(failing.contains("- **Toolchain:** Swift version 6.3.1 (swift-6.3.1-RELEASE) · cfa-gate 0.1.0"))
        #expect(failing.contains("- **Duration:** 42.5s (started 2026-11-18T11:06:40Z)"))
    }

    @Test func detachedHeadAndUnknownToolchainAreSaidPlainly() {
        var statement = SampleVerdicts.passing
        statement.predicate.repository.branch = nil
        statement.predicate.swiftToolchain = nil
        let markdown = MarkdownReport.render(statement, links: nil)
        #expect(markdown.contains("- **Branch:** detached HEAD"))
        #expect(markdown.contains("- **Toolchain:** unknown · cfa-gate 0.1.0"))
    }

    @Test func tableListsEveryItemWithStatusDurationAndSummary() {
        #expect(failing.contains("| # | Item | Status | Duration | Evidence |\n|---:|---|---|---:|---|\n| 1 | Each screen owns"))
        #expect(failing.contains("| 24 | The package builds | ❌ failed | 30.8s | `swift build -Xswiftc -warnings-as-errors` failed: 1 error, first Sources/App/Orders.swift:3: cannot find 'x' in scope |"))
        #expect(failing.contains("| 28 | The linter is happy | ⏭️ skipped | 0.0s | not run: the build did not pass (item 24) |"))
        #expect(failing.contains("| 27 | A person has reviewed the change as one feature slice | 📝 manual | — | awaiting a person's review |"))
        let errored = MarkdownReport.render(SampleVerdicts.errored, links: nil)
        #expect(errored.contains("| 24 | The package builds | ⚠️ error | 30m00s | timed out after 30m"))
    }

    @Test func onlyFailedAndErroredItemsGetDetails() {
        #expect(failing.components(separatedBy: "<details>").count - 1 == 4)
        #expect(failing.contains("<summary><b>26. The working tree is clean at the final commit</b>"))
        #expect(!failing.contains("<summary><b>28."))
        #expect(!MarkdownReport.render(SampleVerdicts.passing, links: nil).contains("<details>"))
        #expect(!MarkdownReport.render(SampleVerdicts.passing, links: nil).contains("### Failures"))
        #expect(MarkdownReport.render(SampleVerdicts.errored, links: nil).contains("<summary><b>24. The package builds</b> — ⚠️ error: timed out"))
    }

    @Test func detailsListFindingsWithRelativeLinksWhoseSpacesArePercentEncoded() {
        #expect(failing.contains(
            "- **error** [`CFA-VIEWMODEL-INLINE`](\(DocumentationLink.rule("CFA-VIEWMODEL-INLINE"))) at [Sources/App/1 - View/Views/Orders/OrdersView.swift:12](Sources/App/1%20-%20View/Views/Orders/OrdersView.swift#L12): OrdersView creates its ViewModel with arguments; use `@State private var viewModel = OrdersViewModel()`"))
        #expect(failing.contains("- **error** at [Sources/App/Orders.swift:3](Sources/App/Orders.swift#L3): cannot find 'x' in scope"))
        #expect(failing.contains(
            "- **error** `AppTests.OrdersFeatureTests/placesOrder()` at [Tests/AppTests/OrdersFeatureTests.swift:41](Tests/AppTests/OrdersFeatureTests.swift#L41): Expectation failed: (total → 4) == 5"))
        #expect(failing.contains("- **error** `AppTests.LegacyXCTests.testSync`: expected"))
        #expect(failing.contains("**Working tree**\n\n- **error** at [README.md](README.md): modified (unstaged): README.md"))
        #expect(failing.contains("**Tests:** 30 passed, 2 failed, 1 skipped"))
        #expect(failing.contains("- `24-build`: `0123456789abcdef0123456789abcdef01234567.logs/24-build.log` (4096 bytes, sha256 `222222222222`)"))
    }

    @Test func webLinksPointAtTheCommit() throws {
        let links = try #require(RepositoryLinks(webURL: "https://github.com/o/r/", commit: SampleVerdicts.commit))
        let markdown = MarkdownReport.render(SampleVerdicts.failing, links: links)
        #expect(markdown.contains("- **Commit:** [`0123456`](https://github.com/o/r/commit/\(SampleVerdicts.commit))"))
        #expect(markdown.contains(
            "[Sources/App/1 - View/Views/Orders/OrdersView.swift:12](https://github.com/o/r/blob/\(SampleVerdicts.commit)/Sources/App/1%20-%20View/Views/Orders/OrdersView.swift#L12)"))
        #expect(markdown.contains("[README.md](https://github.com/o/r/blob/\(SampleVerdicts.commit)/README.md)"))
    }

    @Test func excerptIsAFencedCodeBlock() {
        let errored = MarkdownReport.render(SampleVerdicts.errored, links: nil)
        #expect(errored.contains("**Output excerpt**\n\n```text\n[412/980] Compiling App Orders.swift\n<stuck> & waiting\n```"))
    }

    @Test func manualItemsAreATaskListForTheReviewer() {
        #expect(failing.contains("### Awaiting a person"))
        #expect(failing.contains("- [ ] 27. A person has reviewed the change as one feature slice — awaiting"))
        #expect(!failing.contains("cfa-gate review "), "a failed verdict cannot be signed off, so the page offers no command")
        let passing = MarkdownReport.render(SampleVerdicts.passing, links: nil)
        #expect(passing.contains("- [ ] 1. Each screen owns a private, dedicated ViewModel — awaiting\n- [ ] 27. A person has reviewed"))
        #expect(passing.contains(
            "```sh\ncfa-gate review .git/cfa-gate/verdicts/\(SampleVerdicts.commit).json --key REVIEWER_KEY_FILE --approve 1,27 --note \"what you checked\"\n```"))
        let none = NastyInputs.statement([SampleVerdicts.build], result: .passed)
        #expect(!MarkdownReport.render(none, links: nil).contains("Awaiting a person"))
    }

    @Test func footerSaysHowToVerify() {
        #expect(failing.contains(
            "```sh\ncfa-gate verify .git/cfa-gate/verdicts/\(SampleVerdicts.commit).json --pubkey PUBLIC_KEY_FILE --commit \(SampleVerdicts.commit)\n```"))
        #expect(failing.contains("Signed with key id cdcdcdcdcdcd… (source: file)."))
        var local = SampleVerdicts.passing
        local.predicate.signer = SignerInfo(keyID: "ef", source: "local", note: "first run")
        let markdown = MarkdownReport.render(local, links: nil)
        #expect(markdown.contains("it shows the verdict is intact, not who produced it"))
        #expect(markdown.contains("Signer's note: first run"))
    }

    @Test func inventoryChangesHaveASectionOnceEvidenceCarriesThem() {
        // No sample verdict carries an inventory diff: the real lookup finds none.
        for statement in [SampleVerdicts.passing, SampleVerdicts.failing, SampleVerdicts.errored] {
            #expect(statement.predicate.items.allSatisfy { InventoryChangesView.from($0.evidence) == nil })
            #expect(!MarkdownReport.render(statement, links: nil).contains("Inventory changes"))
        }
        let changes = InventoryChangesView(changes: [
            .init(kind: .added, part: "screen", name: "OrdersView", file: "Sources/App/1 - View/OrdersView.swift", line: 3),
            .init(kind: .renamed(from: "CartFeature"), part: "Feature", name: "OrdersFeature", file: nil, line: nil),
        ])
        let markdown = MarkdownReport.render(SampleVerdicts.failing, links: nil) { $0.diagnostics.contains { $0.kind == .compiler } ? changes : nil }
        #expect(markdown.contains("### Inventory changes\n\n**24. The package builds**\n\n"))
        #expect(markdown.contains("- added: screen `OrdersView` at [Sources/App/1 - View/OrdersView.swift:3](Sources/App/1%20-%20View/OrdersView.swift#L3)"))
        #expect(markdown.contains("- renamed from CartFeature: Feature `OrdersFeature`\n"))
    }

    @Test func longFindingListsAreCutSoTheJobSummaryStaysSmall() {
        let many = (1...120).map { (number: Int) in Diagnostic(kind: .rule, file: "A.swift", line: number, severity: "error", name: "CFA-NO-GCD-LOCKS", message: "finding \(number)") }
        let item = ItemResult(number: 17, title: "Swift Concurrency only", probe: "cfa", status: .failed, summary: "120 findings", durationSeconds: 1, evidence: Evidence(diagnostics: many))
        let markdown = MarkdownReport.render(NastyInputs.statement([item]), links: nil)
        #expect(markdown.contains("finding 50\n- … and 70 more, listed in the HTML report and the verdict\n"))
        #expect(!markdown.contains("finding 51"))
        #expect(HTMLReport.render(NastyInputs.statement([item]), links: nil).contains("finding 120"))
    }

    @Test func durationsReadLikeTheTerminal() {
        #expect(ReviewPage.duration(0.01) == "0.0s")
        #expect(ReviewPage.duration(30.75) == "30.8s")
        #expect(ReviewPage.duration(1800) == "30m00s")
        #expect(ReviewPage.duration(3725) == "1h02m05s")
        #expect(ReviewPage.duration(.nan) == "—")
    }
}

struct InventoryEvidenceRenderingTests {
    @Test func anItemsRecordedInventoryDiffIsRenderedInMarkdownAndHTML() {
        var statement = SampleVerdicts.passing
        statement.predicate.items[0].evidence.inventory = InventoryChanges(
            baseCommit: "abc", base: "merge-base of HEAD with origin/main (abc)", finalCommit: SampleVerdicts.commit,
            changes: [
                .init(kind: .added, part: "screen", name: "OrdersView", detail: "OrdersViewModel → ordersFeature", file: "App/OrdersView.swift", line: 4),
                .init(kind: .renamed, part: "Feature", name: "SyncFeature", previousName: "LegacySyncFeature"),
                .init(kind: .rewired, part: "ViewModel", name: "CartViewModel", detail: "gained PaymentsFeature"),
            ])
        let markdown = MarkdownReport.render(statement, links: nil)
        #expect(markdown.contains("### Inventory changes"))
        #expect(markdown.contains("- added: screen `OrdersView` at [App/OrdersView.swift:4](App/OrdersView.swift#L4)"))
        #expect(markdown.contains("- renamed from LegacySyncFeature: Feature `SyncFeature`"))
        #expect(markdown.contains("- gained PaymentsFeature: ViewModel `CartViewModel`"))
        #expect(HTMLReport.render(statement, links: nil).contains("renamed from LegacySyncFeature"))
    }
}

struct InventoryTextRenderingTests {
    static let changes = InventoryChanges(
        baseCommit: "1a2b3c4d5e", base: "merge-base of HEAD with its upstream origin/main (1a2b3c4)", finalCommit: "5d6e7f8a9b",
        changes: [
            .init(kind: .added, part: "screen", name: "OrdersView", detail: "OrdersViewModel → ordersFeature", file: "App/OrdersView.swift", line: 4),
            .init(kind: .removed, part: "Feature", name: "LegacySyncFeature", file: "App/LegacySyncFeature.swift", line: 3),
            .init(kind: .renamed, part: "Feature", name: "SyncFeature", previousName: "OldSyncFeature"),
            .init(kind: .rewired, part: "ViewModel", name: "CartViewModel", detail: "gained PaymentsFeature"),
        ],
        skippedFiles: ["App/Blob.swift"], submodules: ["Vendor/Kit"])

    @Test func theDiffReadsLikeAChangelog() {
        let text = InventoryDiffText.text(Self.changes, problems: [
            Diagnostic(kind: .rule, file: "App/OrdersView.swift", line: 4, severity: "error", name: "CFA-TEST-VIEWMODEL-FILE",
                       message: "new screen OrdersView has no ViewModel test — add Tests/AppTests/View Model Tests/OrdersViewModelTests.swift")
        ])
        #expect(text == """
            Inventory diff 1a2b3c4..5d6e7f8 — base: merge-base of HEAD with its upstream origin/main (1a2b3c4)
              + screen OrdersView (OrdersViewModel → ordersFeature)   App/OrdersView.swift:4
              − Feature LegacySyncFeature   App/LegacySyncFeature.swift:3
              → Feature SyncFeature (was OldSyncFeature)
              ~ ViewModel CartViewModel: gained PaymentsFeature
            Problems (1):
              ✗ new screen OrdersView has no ViewModel test — add Tests/AppTests/View Model Tests/OrdersViewModelTests.swift   App/OrdersView.swift:4
            Not analysed (binary, not UTF-8, or symlinks): App/Blob.swift
            Submodules (listed, not entered): Vendor/Kit
            """)
        let markdown = InventoryDiffText.markdown(Self.changes, problems: [])
        #expect(markdown.contains("### Inventory diff `1a2b3c4..5d6e7f8`"))
        #expect(markdown.contains("- `−` Feature LegacySyncFeature — `App/LegacySyncFeature.swift:3`"))
    }

    @Test func showRendersTheItemsInventoryDiff() {
        var statement = SampleVerdicts.passing
        statement.predicate.items[0].evidence.inventory = Self.changes
        let text = VerdictRenderer.text(statement, signatureNote: "valid")
        #expect(text.contains("         Inventory diff 1a2b3c4..5d6e7f8"))
        #expect(text.contains("           + screen OrdersView (OrdersViewModel → ordersFeature)"))
    }
}
