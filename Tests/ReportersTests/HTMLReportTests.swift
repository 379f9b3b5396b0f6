import CFAAnalysis
import GateTestSupport
import Foundation
import Testing
@testable import Verdict

@testable import Reporters

@Suite struct HTMLReportTests {
    private let failing = HTMLReport.render(SampleVerdicts.failing, links: nil)

    private func between(_ text: String, _ start: String, _ end: String) -> String? {
        guard let open = text.range(of: start), let close = text.range(of: end, range: open.upperBound..<text.endIndex) else { return nil }
        return String(text[open.upperBound..<close.lowerBound])
    }

    private func base64SHA256(_ text: String) -> String {
        let hex = Array(Digest.sha256Hex(Data(text.utf8)))
        let bytes = stride(from: 0, to: hex.count, by: 2).map { UInt8(String(hex[$0...$0 + 1]), radix: 16)! }
        return Data(bytes).base64EncodedString()
    }

    @Test func contentSecurityPolicyAllowsExactlyThePagesOwnStyleAndScript() throws {
        let policy = try #require(between(failing, "<meta http-equiv=\"Content-Security-Policy\" content=\"", "\">"))
        let style = try #require(between(failing, "<style>", "</style>"))
        let script = try #require(between(failing, "<script>", "</script>"))
        #expect(policy.hasPrefix("default-src &#39;none&#39;; "))
        #expect(policy.contains("style-src &#39;sha256-\(base64SHA256(style))&#39;"))
        #expect(policy.contains("script-src &#39;sha256-\(base64SHA256(script))&#39;"))
        #expect(policy.contains("base-uri &#39;none&#39;"))
        #expect(!policy.contains("unsafe-inline"))
    }

    @Test func pageFetchesNothing() {
        for page in [failing, HTMLReport.render(SampleVerdicts.passing, links: nil)] {
            #expect(!page.contains("src="))
            #expect(!page.contains("<link"))
            #expect(!page.contains("@import"))
            #expect(!page.contains("url("))
            #expect(!page.contains("http://"))
            // The only addresses are links to follow: a rule's reference page, never a resource to load.
            let base = DocumentationHome.base
            let addresses = page.components(separatedBy: base + "/").dropFirst()
            #expect(addresses.allSatisfy { $0.hasPrefix("Documentation/Rules/CFA-") })
            #expect(page.components(separatedBy: "://").count == page.components(separatedBy: "<a href=\"\(base)/").count)
            #expect(page.components(separatedBy: "<script").count == 2)
            #expect(!page.contains(" onclick=") && !page.contains(" style=\""))
        }
    }

    @Test func pageFollowsTheReadersColorScheme() {
        #expect(failing.contains("<meta name=\"color-scheme\" content=\"light dark\">"))
        #expect(failing.contains("@media (prefers-color-scheme: dark)"))
    }

    @Test func headerCarriesResultCommitBranchChecklistToolchainAndDuration() {
        #expect(failing.contains("<title>cfa-gate FAILED · habit-tracker @ 0123456</title>"))
        #expect(failing.contains("<header class=\"banner result-failed\">"))
        #expect(failing.contains("<span class=\"result-word\">✗ FAILED</span>"))
        #expect(failing.contains("<dt>Commit</dt><dd><code>0123456</code> <code>\(SampleVerdicts.commit)</code></dd>"))
        #expect(failing.contains("<dt>Branch</dt><dd><code>feature/orders</code></dd>"))
        #expect(failing.contains("<dt>Checklist</dt><dd><code>gate/cfa-change-gate.md</code> sha256 <code>abababababab</code></dd>"))
        #expect(failing.contains("<dt>Toolchain</dt><dd>Swift version 6.3.1 (swift-6.3.1-RELEASE)</dd>"))
        #expect(failing.contains("<dt>Duration</dt><dd>42.5s"))
        #expect(failing.contains("<span class=\"badge status-failed\">4 failed</span> <span class=\"badge status-skipped\">1 skipped</span> <span class=\"badge status-manual\">1 manual</span>"))
    }

    @Test func itemsTableRowsCarryTheValuesTheScriptSortsAndFiltersBy() {
        #expect(failing.contains(
            "<tr id=\"row-24\" class=\"row-failed\" data-number=\"24\" data-title=\"The package builds\" data-status=\"failed\" data-duration=\"30.75\"><td class=\"number\">24</td><td class=\"title\"><a href=\"#item-24\">The package builds</a>"))
        #expect(failing.contains("<td class=\"duration\">30.8s</td><td class=\"evidence\"><code>swift build -Xswiftc -warnings-as-errors</code> failed"))
        #expect(failing.contains("data-status=\"manual\" data-duration=\"0.0\"><td class=\"number\">27</td><td class=\"title\">A person has reviewed"))
        #expect(failing.components(separatedBy: "<tr id=\"row-").count - 1 == 6)
        for key in ["number", "title", "status", "duration"] {
            #expect(failing.contains("data-sort=\"\(key)\""))
        }
        #expect(failing.contains("<input type=\"checkbox\" name=\"status\" value=\"failed\" checked> failed 4</label>"))
        #expect(failing.contains("<input type=\"checkbox\" name=\"status\" value=\"skipped\" checked> skipped 1</label>"))
        #expect(!failing.contains("value=\"passed\""))
        #expect(failing.contains("<input type=\"search\" id=\"filter-text\""))
        #expect(failing.contains("<div class=\"controls\" id=\"controls\" hidden>"))
    }

    @Test func failureDetailsAreExpandableAndCompleteForFailedItemsOnly() {
        #expect(failing.components(separatedBy: "<details class=\"item\"").count - 1 == 4)
        #expect(failing.contains("<details class=\"item\" id=\"item-25\">"))
        #expect(!failing.contains("id=\"item-28\""))
        #expect(failing.contains("<li class=\"severity-error\"><span class=\"severity\">error</span> <code>AppTests.OrdersFeatureTests/placesOrder()</code> at <code>Tests/AppTests/OrdersFeatureTests.swift:41:9</code>: Expectation failed: (total → 4) == 5</li>"))
        #expect(failing.contains("<h4>Compiler errors</h4>"))
        #expect(failing.contains("<p><strong>Tests:</strong> 30 passed, 2 failed, 1 skipped</p>"))
        let errored = HTMLReport.render(SampleVerdicts.errored, links: nil)
        #expect(errored.contains("<pre><code>[412/980] Compiling App Orders.swift\n&lt;stuck&gt; &amp; waiting</code></pre>"))
        #expect(!HTMLReport.render(SampleVerdicts.passing, links: nil).contains("<details"))
    }

    @Test func findingsAreGroupedByFileInPathAndLineOrder() throws {
        let section = try #require(between(failing, "<h2 id=\"findings-heading\">Findings by file</h2>", "</section>"))
        let files = section.components(separatedBy: "<h3><code>").dropFirst().map { $0.prefix { $0 != "<" } }
        #expect(files == [
            "README.md", "Sources/App/1 - View/Views/Orders/OrdersView.swift", "Sources/App/1 - View/Views/Orders/OrdersViewModel.swift",
            "Sources/App/Orders.swift", "Tests/AppTests/OrdersFeatureTests.swift",
        ])
        #expect(section.contains("<span class=\"line-number\">line 12:5</span> <span class=\"severity\">error</span> <a href=\"\(DocumentationLink.rule("CFA-VIEWMODEL-INLINE"))\"><code>CFA-VIEWMODEL-INLINE</code></a> (<a href=\"#item-1\">item 1</a>): OrdersView creates"))
        #expect(section.contains("<span class=\"line-number\">whole file</span>"))
        // The test failure without a file has no place here.
        #expect(!section.contains("LegacyXCTests"))
    }

    @Test func findingsInOneFileAreOrderedByLine() throws {
        let item = ItemResult(
            number: 3, title: "t", probe: "cfa", status: .failed, summary: "s", durationSeconds: 0,
            evidence: Evidence(diagnostics: [
                Diagnostic(kind: .rule, file: "A.swift", line: 30, severity: "error", name: "R2", message: "late"),
                Diagnostic(kind: .rule, file: "A.swift", line: 4, severity: "warning", name: "R1", message: "early"),
            ]))
        let page = HTMLReport.render(NastyInputs.statement([item]), links: nil)
        let early = try #require(page.range(of: "line 4</span>"))
        let late = try #require(page.range(of: "line 30</span>"))
        #expect(early.lowerBound < late.lowerBound)
        #expect(page.contains("<li class=\"severity-warning\"><span class=\"line-number\">line 4</span>"))
    }

    @Test func webLinksAreUsedWhenGivenAndPathsStayTextOtherwise() throws {
        let links = try #require(RepositoryLinks(webURL: "https://github.com/o/r", commit: SampleVerdicts.commit))
        let page = HTMLReport.render(SampleVerdicts.failing, links: links)
        #expect(page.contains("<a href=\"https://github.com/o/r/blob/\(SampleVerdicts.commit)/Sources/App/Orders.swift#L3\"><code>Sources/App/Orders.swift:3:9</code></a>"))
        #expect(page.contains("<a href=\"https://github.com/o/r/commit/\(SampleVerdicts.commit)\"><code>0123456</code></a>"))
        #expect(page.contains("href=\"https://github.com/o/r/blob/\(SampleVerdicts.commit)/Sources/App/1%20-%20View/Views/Orders/OrdersView.swift\""))
        #expect(failing.contains("at <code>Sources/App/Orders.swift:3:9</code>"))
    }

    @Test func manualItemsAreAChecklistAndTheFooterSaysHowToVerify() {
        #expect(failing.contains("<li><label><input type=\"checkbox\"> <strong>27.</strong> A person has reviewed the change as one feature slice <span class=\"section-name\">Human review</span></label> <span class=\"muted\">awaiting</span></li>"))
        #expect(failing.contains("<pre><code>cfa-gate verify .git/cfa-gate/verdicts/\(SampleVerdicts.commit).json --pubkey PUBLIC_KEY_FILE --commit \(SampleVerdicts.commit)</code></pre>"))
    }

    /// `show --format html VERDICT` and `run --out` know where the verdict is: the footer's command names that file, not
    /// the default path.
    @Test func theFooterNamesTheVerdictFileItWasRenderedFrom() {
        let page = HTMLReport.render(SampleVerdicts.failing, links: nil, verdictPath: "/ci/out/my verdict.json")
        let footer = page[page.range(of: "<footer>")!.lowerBound...]
        #expect(footer.contains("<pre><code>cfa-gate verify &#39;/ci/out/my verdict.json&#39; --pubkey PUBLIC_KEY_FILE --commit \(SampleVerdicts.commit)</code></pre>"))
        #expect(footer.contains("(<code>/ci/out/my verdict.json</code>; "))
        #expect(!footer.contains(".git/cfa-gate/verdicts/"))
        #expect(!footer.contains("unless"))
        let markdown = MarkdownReport.render(SampleVerdicts.failing, links: nil, verdictPath: "out/v.json")
        #expect(markdown.contains("cfa-gate verify out/v.json --pubkey PUBLIC_KEY_FILE --commit \(SampleVerdicts.commit)"))
        #expect(!markdown.contains("cfa-gate verify .git/cfa-gate/verdicts/"))
        let shown = ReportFormat.html.render(SampleVerdicts.failing, environment: [:], signatureNote: "", verdictPath: "v.json")
        #expect(shown.contains("<pre><code>cfa-gate verify v.json --pubkey"))
        // A passing verdict's sign-off command names the same file.
        let passing = HTMLReport.render(SampleVerdicts.passing, links: nil, verdictPath: "out/v.json")
        #expect(passing.contains("<pre><code>cfa-gate review out/v.json --key REVIEWER_KEY_FILE"))
        #expect(MarkdownReport.render(SampleVerdicts.passing, links: nil, verdictPath: "out/v.json").contains("cfa-gate review out/v.json --key"))
    }

    /// The page opens on what did not pass: a list above the items table, each entry linking to the item's details.
    @Test func thePageOpensOnALinkedListOfWhatDidNotPass() throws {
        let list = try #require(between(failing, "<nav id=\"failing\" aria-labelledby=\"failing-heading\">", "</nav>"))
        #expect(list.contains("<h2 id=\"failing-heading\">4 items did not pass</h2>"))
        let links = list.components(separatedBy: "<a href=\"#item-").dropFirst().map { $0.prefix { $0.isNumber } }
        #expect(links == ["1", "24", "25", "26"])
        #expect(list.contains("<a href=\"#item-25\">25. The tests pass at the final commit</a>: 30 passed, 2 failed, 1 skipped</li>"))
        for number in links { #expect(failing.contains("<details class=\"item\" id=\"item-\(number)\">")) }
        let opening = try #require(failing.range(of: "<nav id=\"failing\""))
        let table = try #require(failing.range(of: "<section id=\"items\""))
        #expect(opening.lowerBound < table.lowerBound)
        let errored = HTMLReport.render(SampleVerdicts.errored, links: nil)
        #expect(errored.contains("<h2 id=\"failing-heading\">1 item did not pass</h2>"))
        #expect(!HTMLReport.render(SampleVerdicts.passing, links: nil).contains("id=\"failing\""))
    }

    @Test func untrustedTextIsEscapedInContentAndAttributes() {
        let hostile = [NastyInputs.scriptClose, NastyInputs.attributeBreak, SampleVerdicts.awkwardMessage].enumerated().map { index, text in
            NastyInputs.item(text, number: index + 1, file: "src/\(text).swift")
        }
        let page = HTMLReport.render(NastyInputs.statement(hostile), links: RepositoryLinks(webURL: "https://github.com/o/r", commit: "abcdef0"))
        #expect(page.components(separatedBy: "<script").count == 2)
        #expect(!page.contains("<img"))
        #expect(!page.contains("\u{1B}") && !page.contains("\u{07}"))
        #expect(page.contains("data-title=\"Title &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;\""))
        #expect(page.contains("data-title=\"Title &quot;&gt;&lt;img src=x onerror=alert(1)&gt;\""))
        #expect(page.contains("Message expected &quot;5&quot; but got &#39;4&#39; — 100% wrong: a, b &lt;tag&gt; &amp; more 🚦<br>second line"))
        // A hostile file name is percent-encoded in the link and escaped in the text.
        #expect(page.contains("href=\"https://github.com/o/r/blob/abcdef0/src/%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert%281%29%3E.swift#L3\""))
    }

    @Test func inventoryChangesSectionRendersWhenTheLookupFindsOne() {
        #expect(!failing.contains("Inventory changes"))
        let changes = InventoryChangesView(changes: [.init(kind: .removed, part: "Feature", name: "<Cart>Feature", file: "A.swift", line: 2)])
        let page = HTMLReport.render(SampleVerdicts.failing, links: nil) { $0.tests != nil ? changes : nil }
        #expect(page.contains("<h2 id=\"inventory-heading\">Inventory changes</h2>\n<h3>25. The tests pass at the final commit</h3>"))
        #expect(page.contains("<li>removed: Feature <code>&lt;Cart&gt;Feature</code> at <code>A.swift:2</code></li>"))
    }
}
