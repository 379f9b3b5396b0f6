import GateTestSupport
import Testing
@testable import Verdict

@testable import Reporters

/// Inputs that try to break out of their place in a report; shared by the Markdown, HTML and GitHub
/// Actions escaping tests.
enum NastyInputs {
    static let scriptClose = "</script><script>alert(1)</script>"
    static let attributeBreak = "\"><img src=x onerror=alert(1)>"
    static let literalPercentNewline = "100%0Aliteral %0D and %25"
    static let setOutput = "done\n::set-output name=result::pwned"
    static let legacyCommand = "look ##[set-output name=result;]pwned"
    static let pipes = "left | right || end"
    static let backticks = "use `a | b` then ``x`y`` and a stray ` tick"
    static let markdownPunctuation = "*bold* _em_ [link](https://evil.example) ~~gone~~ $x$ \\ <b>"
    static let fenceBreaker = ["before", "```", "````sh", "after"]

    /// A failing item whose every field carries `text`.
    static func item(_ text: String, number: Int = 7, status: ItemStatus = .failed, file: String? = "Sources/A.swift") -> ItemResult {
        ItemResult(
            number: number, title: "Title \(text)", section: "Section \(text)", probe: "command: \(text)", status: status,
            summary: "Summary \(text)", durationSeconds: 1,
            evidence: Evidence(
                excerpt: ["Excerpt \(text)"],
                diagnostics: [Diagnostic(kind: .rule, file: file, line: 3, column: 4, severity: "error", name: "CFA-\(text)", message: "Message \(text)")]))
    }

    static func statement(_ items: [ItemResult], result: GateResult = .failed, awaiting: [ManualItem] = []) -> Statement {
        SampleVerdicts.statement(result: result, items: items, awaiting: awaiting)
    }
}

@Suite struct MarkdownEscapingTests {
    private func rows(_ markdown: String) -> [Substring] {
        markdown.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| # ") }
    }

    /// Pipes not preceded by a backslash: the cell boundaries GFM sees.
    private func cellBoundaries(_ row: Substring) -> Int {
        var count = 0
        var previous: Character = " "
        for character in row {
            if character == "|" && previous != "\\" { count += 1 }
            previous = character
        }
        return count
    }

    @Test func awkwardMessageLosesControlCharactersAndCannotAddMarkup() {
        let markdown = MarkdownReport.render(SampleVerdicts.failing, links: nil)
        #expect(!markdown.contains("\u{1B}"))
        #expect(!markdown.contains("\u{07}"))
        #expect(!markdown.contains("[31m"))
        #expect(!markdown.contains("<tag>"))
        #expect(markdown.contains("100% wrong: a, b &lt;tag&gt; &amp; more 🚦<br>second line"))
    }

    @Test func pipesInTableCellsAreEscapedSoTheRowKeepsFiveColumns() throws {
        let markdown = MarkdownReport.render(NastyInputs.statement([NastyInputs.item(NastyInputs.pipes)]), links: nil)
        let row = try #require(rows(markdown).first)
        #expect(row.contains("Title left \\| right \\|\\| end"))
        #expect(cellBoundaries(row) == 6)
    }

    @Test func codeSpansStayCodeAndTheirPipesAreEscapedInTables() throws {
        let markdown = MarkdownReport.render(NastyInputs.statement([NastyInputs.item(NastyInputs.backticks)]), links: nil)
        let row = try #require(rows(markdown).first)
        #expect(row.contains("Summary use `a \\| b` then ``x`y`` and a stray \\` tick"))
        #expect(cellBoundaries(row) == 6)
        // Outside a table the pipe inside code needs no backslash (it would show).
        #expect(markdown.contains("Message use `a | b` then ``x`y`` and a stray \\` tick"))
    }

    @Test func newlinesInCellsBecomeLineBreaksNotNewRows() throws {
        let markdown = MarkdownReport.render(NastyInputs.statement([NastyInputs.item("one\ntwo\r\nthree")]), links: nil)
        let row = try #require(rows(markdown).first)
        #expect(row.contains("Summary one<br>two<br>three"))
        #expect(rows(markdown).count == 1)
    }

    @Test func markdownPunctuationIsShownNotInterpreted() {
        let inline = MarkdownText.inline(NastyInputs.markdownPunctuation)
        #expect(inline == "\\*bold\\* \\_em\\_ \\[link\\](https://evil.example) \\~\\~gone\\~\\~ \\$x\\$ \\\\ &lt;b&gt;")
    }

    /// The Markdown with fenced blocks and code spans removed: what GFM would read as text and HTML.
    /// Inside code, `<script>` is shown literally, so only what is left here could ever become markup.
    private func outsideCode(_ markdown: String) -> String {
        var kept: [Substring] = []
        var fence: Substring?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let run = line.prefix { $0 == "`" }
            if let open = fence {
                if run.count >= open.count && line.allSatisfy({ $0 == "`" }) { fence = nil }
                continue
            }
            if run.count >= 3 { fence = run; continue }
            var text = ""
            var rest = line[...]
            while let start = rest.firstIndex(of: "`") {
                text += rest[..<start]
                let ticks = rest[start...].prefix { $0 == "`" }
                let after = rest[ticks.endIndex...]
                if let close = after.range(of: String(ticks)) {
                    rest = after[close.upperBound...]
                } else {
                    text += ticks
                    rest = after
                }
            }
            kept.append(Substring(text + rest))
        }
        return kept.joined(separator: "\n")
    }

    @Test func scriptTagsBecomeText() {
        let markdown = MarkdownReport.render(NastyInputs.statement([NastyInputs.item(NastyInputs.scriptClose)]), links: nil)
        #expect(!outsideCode(markdown).contains("<script"))
        #expect(!outsideCode(markdown).contains("</script"))
        #expect(markdown.contains("- **error** `CFA-</script><script>alert(1)</script>` at [Sources/A.swift:3](Sources/A.swift#L3): Message &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(markdown.contains("```text\nExcerpt </script><script>alert(1)</script>\n```"))
        // In the HTML `<summary>` line the same text is HTML-escaped.
        #expect(markdown.contains("<b>7. Title &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</b>"))
    }

    @Test func literalPercentEscapesStayLiteral() {
        let markdown = MarkdownReport.render(NastyInputs.statement([NastyInputs.item(NastyInputs.literalPercentNewline)]), links: nil)
        #expect(markdown.contains("Message 100%0Aliteral %0D and %25"))
    }

    @Test func excerptFenceIsLongerThanAnyBacktickRunInside() {
        let block = MarkdownText.codeBlock(NastyInputs.fenceBreaker)
        #expect(block == "`````text\nbefore\n```\n````sh\nafter\n`````")
        #expect(MarkdownText.codeBlock(["plain"]) == "```text\nplain\n```")
    }

    @Test func literalValuesGetAFenceLongerThanTheirBackticks() {
        #expect(MarkdownText.code("feature/orders") == "`feature/orders`")
        #expect(MarkdownText.code("a`b") == "``a`b``")
        #expect(MarkdownText.code("`edge`") == "`` `edge` ``")
        #expect(MarkdownText.code("") == "` `")
        #expect(MarkdownText.code("a|b", in: .tableCell) == "`a\\|b`")
    }

    @Test func summaryTagInDetailsIsHTMLEscapedWithCodeSpansAsCode() {
        let markdown = MarkdownReport.render(NastyInputs.statement([NastyInputs.item(NastyInputs.attributeBreak)]), links: nil)
        #expect(!outsideCode(markdown).contains("<img"))
        #expect(markdown.contains("Summary &quot;&gt;&lt;img src=x onerror=alert(1)&gt;</summary>"))
        let build = MarkdownReport.render(SampleVerdicts.failing, links: nil)
        #expect(build.contains("<summary><b>24. The package builds</b> — ❌ failed: <code>swift build -Xswiftc -warnings-as-errors</code> failed"))
    }
}
