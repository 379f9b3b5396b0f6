import GateTestSupport
import Testing
import TextSafety
@testable import Verdict

@testable import Reporters

/// Reads a workflow command back the way the runner does (actions/runner `ActionCommand.TryParseV2`:
/// trim leading whitespace, `::name props::data`, split properties on `,` and the first `=`, unescape).
private struct ParsedCommand: Equatable {
    var name: String
    var properties: [String: String]
    var data: String

    init?(_ line: String) {
        let trimmed = String(String.UnicodeScalarView(line.unicodeScalars.drop { $0.properties.isWhitespace }))
        guard trimmed.hasPrefix("::"), let end = trimmed.dropFirst(2).range(of: "::") else { return nil }
        let info = trimmed[trimmed.index(trimmed.startIndex, offsetBy: 2)..<end.lowerBound]
        let pieces = info.split(separator: " ", maxSplits: 1)
        name = String(pieces.first ?? "")
        properties = [:]
        if pieces.count == 2 {
            for pair in pieces[1].split(separator: ",") {
                let keyValue = pair.split(separator: "=", maxSplits: 1)
                if keyValue.count == 2 { properties[String(keyValue[0])] = Self.unescape(String(keyValue[1]), property: true) }
            }
        }
        data = Self.unescape(String(trimmed[end.upperBound...]), property: false)
    }

    /// The runner's order: `%0D`, `%0A`, (`%3A`, `%2C`), and `%25` last.
    static func unescape(_ text: String, property: Bool) -> String {
        var mappings = [("%0D", "\r"), ("%0A", "\n")]
        if property { mappings += [("%3A", ":"), ("%2C", ",")] }
        mappings.append(("%25", "%"))
        return mappings.reduce(text) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
    }
}

@Suite struct GitHubActionsReportTests {
    private func item(_ number: Int, in statement: Statement = SampleVerdicts.failing) throws -> ItemResult {
        try #require(statement.predicate.items.first { $0.number == number })
    }

    @Test func ruleFindingsBecomeErrorsAndWarningsOnTheirLines() throws {
        let lines = GitHubActionsReport.annotations(for: try item(1))
        #expect(lines == [
            "::error file=Sources/App/1 - View/Views/Orders/OrdersView.swift,line=12,col=5,title=CFA-VIEWMODEL-INLINE (item 1)::OrdersView creates its ViewModel with arguments; use `@State private var viewModel = OrdersViewModel()`",
            "::warning file=Sources/App/1 - View/Views/Orders/OrdersViewModel.swift,line=1,col=1,title=CFA-VIEWMODEL-ADJACENT (item 1)::expected \"5\" but got '4' — 100%25 wrong: a, b <tag> & more 🚦%0Asecond line\\u{1b}[31m\\u{7}",
        ])
    }

    @Test func compilerErrorsAndFailingTestsAreAnnotated() throws {
        #expect(GitHubActionsReport.annotations(for: try item(24)) == [
            "::error file=Sources/App/Orders.swift,line=3,col=9,title=Build error (item 24)::cannot find 'x' in scope"
        ])
        #expect(GitHubActionsReport.annotations(for: try item(25)) == [
            "::error file=Tests/AppTests/OrdersFeatureTests.swift,line=41,col=9,title=Test failed%3A AppTests.OrdersFeatureTests/placesOrder()::Expectation failed: (total → 4) == 5",
            "::error title=Test failed%3A AppTests.LegacyXCTests.testSync::expected \"5\" but got '4' — 100%25 wrong: a, b <tag> & more 🚦%0Asecond line\\u{1b}[31m\\u{7}",
        ])
        #expect(GitHubActionsReport.annotations(for: try item(26)) == [
            "::error file=README.md,title=Working tree not clean (item 26)::modified (unstaged): README.md"
        ])
    }

    @Test func failureWithoutALocatedFindingGetsOneItemLevelError() throws {
        #expect(GitHubActionsReport.annotations(for: try item(24, in: SampleVerdicts.errored)) == [
            "::error title=Item 24 error%3A The package builds::timed out after 30m running `swift build`; the process group was killed"
        ])
        let commandFailure = ItemResult(number: 28, title: "Lint", probe: "command: swiftlint", status: .failed, summary: "exit 2", durationSeconds: 1)
        #expect(GitHubActionsReport.annotations(for: commandFailure) == ["::error title=Item 28 failed%3A Lint::exit 2"])
    }

    @Test func passedSkippedAndManualItemsWithoutFindingsAreSilent() throws {
        #expect(GitHubActionsReport.annotations(for: try item(28)).isEmpty)
        #expect(GitHubActionsReport.annotations(for: try item(27)).isEmpty)
        #expect(SampleVerdicts.passing.predicate.items.flatMap(GitHubActionsReport.annotations(for:)).isEmpty)
    }

    @Test func severityPicksTheCommandAndNoticeIsNeverUsed() {
        let item = ItemResult(
            number: 24, title: "Build", probe: "build", status: .passed, summary: "ok", durationSeconds: 1,
            evidence: Evidence(diagnostics: [
                Diagnostic(kind: .compiler, file: "A.swift", line: 1, severity: "warning", message: "unused"),
                Diagnostic(kind: .compiler, file: "A.swift", line: 2, severity: "note", message: "declared here"),
                Diagnostic(kind: .compiler, file: "A.swift", line: 3, message: "no severity"),
            ]))
        #expect(GitHubActionsReport.annotations(for: item) == [
            "::warning file=A.swift,line=1,title=Build warning (item 24)::unused",
            "::error file=A.swift,line=3,title=Build error (item 24)::no severity",
        ])
    }

    @Test func escapingFollowsTheToolkitExactly() {
        #expect(WorkflowCommand.escapeData("100% a:b,c\r\nd") == "100%25 a:b,c%0D%0Ad")
        #expect(WorkflowCommand.escapeProperty("100% a:b,c\r\nd") == "100%25 a%3Ab%2Cc%0D%0Ad")
        // `%` is escaped first, so a literal "%0A" stays text instead of becoming a newline.
        #expect(WorkflowCommand.escapeData(NastyInputs.literalPercentNewline) == "100%250Aliteral %250D and %2525")
        #expect(WorkflowCommand.line("error", properties: ["file": nil, "line": "", "title": "t"], message: "m") == "::error title=t::m")
    }

    @Test func messagesCannotInjectACommand() throws {
        for message in [NastyInputs.setOutput, NastyInputs.literalPercentNewline, SampleVerdicts.awkwardMessage, "a\r::endgroup::", "::set-output name=x::y"] {
            let item = NastyInputs.item("x", status: .failed, file: "a,line=99::b.swift")
            var hostile = item
            hostile.evidence.diagnostics[0].message = message
            let lines = GitHubActionsReport.annotations(for: hostile)
            #expect(lines.count == 1)
            let line = try #require(lines.first)
            #expect(!line.contains("\n") && !line.contains("\r"))
            let parsed = try #require(ParsedCommand(line))
            #expect(parsed.name == "error")
            #expect(parsed.data == UntrustedText.escapedKeepingLineBreaks(message))
            #expect(parsed.properties == ["file": "a,line=99::b.swift", "line": "3", "col": "4", "title": "CFA-x (item 7)"])
        }
    }

    @Test func groupWrapsTheEvidence() throws {
        let lines = GitHubActionsReport.group(for: try item(24))
        #expect(lines == [
            "::group::24. The package builds — failed",
            "failed in 30.8s (probe: build -Xswiftc -warnings-as-errors)",
            "`swift build -Xswiftc -warnings-as-errors` failed: 1 error, first Sources/App/Orders.swift:3: cannot find 'x' in scope",
            "Sources/App/Orders.swift:3:9: error: cannot find 'x' in scope",
            "log: 0123456789abcdef0123456789abcdef01234567.logs/24-build.log (4096 bytes, sha256 \(String(repeating: "2", count: 64)))",
            "::endgroup::",
        ])
        let tests = GitHubActionsReport.group(for: try item(25))
        #expect(tests.contains("tests: 30 passed, 2 failed, 1 skipped"))
        // One line per message: the break and the colour code show escaped.
        #expect(tests.contains("error: AppTests.LegacyXCTests.testSync: expected \"5\" but got '4' — 100% wrong: a, b <tag> & more 🚦\\u{a}second line\\u{1b}[31m\\u{7}"))
        let errored = GitHubActionsReport.group(for: try item(24, in: SampleVerdicts.errored))
        #expect(errored.contains("| <stuck> & waiting"))
    }

    @Test func linesInsideAGroupCannotBeReadAsCommands() throws {
        var item = NastyInputs.item("x")
        item.evidence.excerpt = ["::set-output name=x::y", "   ::endgroup::", "\t::error::fake", NastyInputs.legacyCommand, "fine :: here"]
        item.evidence.diagnostics = [Diagnostic(kind: .command, message: "line one\n::add-mask::secret")]
        let lines = GitHubActionsReport.group(for: item)
        let body = lines.dropFirst().dropLast()
        for line in body {
            #expect(ParsedCommand(line) == nil, "\(line) would be read as a command")
            #expect(!line.contains("##["), "\(line) holds a legacy command")
        }
        #expect(body.contains("\u{200B}| ::set-output name=x::y") == false)
        #expect(body.contains("| ::set-output name=x::y"))
        #expect(body.contains("error: line one\\u{a}::add-mask::secret"))
        #expect(body.contains("| look ##\u{200B}[set-output name=result;]pwned"))
        #expect(WorkflowCommand.neutralized("   ::endgroup::") == "\u{200B}   ::endgroup::")
        #expect(WorkflowCommand.neutralized("\t::error::fake") == "\u{200B}\t::error::fake")
        #expect(WorkflowCommand.neutralized("fine :: here") == "fine :: here")
        #expect(ParsedCommand(lines[0])?.name == "group")
        #expect(lines.last == "::endgroup::")
    }

    @Test func groupTitleIsEscapedData() {
        var item = NastyInputs.item("x")
        item.title = "two\nlines 100%"
        #expect(GitHubActionsReport.group(for: item).first == "::group::7. two\\u{a}lines 100%25 — failed")
    }

    @Test func stepSummaryIsTheMarkdownReport() throws {
        let links = try #require(RepositoryLinks(webURL: "https://github.com/o/r", commit: SampleVerdicts.commit))
        #expect(GitHubActionsReport.stepSummary(SampleVerdicts.failing, links: links) == MarkdownReport.render(SampleVerdicts.failing, links: links))
        #expect(GitHubActionsReport.stepSummary(SampleVerdicts.passing, links: nil).hasPrefix("## ✅ cfa-gate: PASSED"))
    }
}
