import GateTestSupport
import Testing
@testable import Reporters
@testable import Verdict

/// Every report of a model-built run says what was built, which files were left out and why, and which tests never ran,
/// and never shows those tests as passed or skipped.
struct ModelBuildReportTests {
    private let statement = SampleVerdicts.modelBuilt()
    private var items: [ItemResult] { statement.predicate.items }
    private var testItem: ItemResult { items[1] }

    @Test func rootCausesChargeEachFileLeftOutThroughATypeToTheFileItNames() {
        let causes = ModelBuildText.rootCauses(SampleVerdicts.modelBuildRecord)
        #expect(causes.map(\.phrase) == [
            "imports SwiftUI (3 files, 2 more through their types)",
            "imports StoreKit (1 file, 1 more through their types)",
            "\(ModelBuildApp.excluded[ModelBuildApp.uiTestPath]!) (1 file)",
        ])
        #expect(causes[0].files == [ModelBuildApp.appPath, ModelBuildApp.listViewPath, ModelBuildApp.palettePath].sorted())
        #expect(causes[0].charged == [ModelBuildApp.badgeViewModelPath, ModelBuildApp.badgeViewModelTestPath])
    }

    @Test func showListsTheUnavailableTestsByFileWithTheirReasonAndTheRootCauses() throws {
        let lines = VerdictRenderer.text(statement, signatureNote: "not checked").components(separatedBy: "\n")
        #expect(lines.contains("         tests: 3 passed, 0 failed, 0 skipped, 2 unavailable"))
        #expect(lines.contains("         2 tests unavailable (model build: 10 of 18 files compiled, 8 left out); never run, never counted passed:"))
        let file = try #require(lines.firstIndex(of: "           \(ModelBuildApp.badgeViewModelTestPath) — \(ModelBuildApp.excluded[ModelBuildApp.badgeViewModelTestPath]!)"))
        #expect(lines[file + 1] == "             \(ModelBuildApp.unavailableTests[0])")
        #expect(lines.contains { $0.hasPrefix("           root causes: imports SwiftUI (3 files, 2 more through their types); imports StoreKit") })
    }

    @Test func theTerminalListShowsTheFirstFewThenCountsTheRest() {
        let many = (1...8).map { (test: "HabitsTests.StreakBadgeViewModelTests/test\($0)", file: ModelBuildApp.badgeViewModelTestPath) }
        let item = SampleVerdicts.modelBuilt(unavailable: many).predicate.items[1]
        let lines = ModelBuildText.terminalLines(item)
        #expect(lines.filter { $0.hasPrefix("    HabitsTests.") }.count == ModelBuildText.terminalTestsShown)
        #expect(lines.contains("  … and 3 more (`cfa-gate show VERDICT` lists them all)"))
        #expect(ModelBuildText.terminalLines(SampleVerdicts.orchestratedTests).isEmpty)
    }

    @Test func markdownHasAModelBuildSectionWithEveryLeftOutFileAndUnavailableTest() throws {
        let page = MarkdownReport.render(statement, links: nil)
        let section = try #require(page.components(separatedBy: "### Model build").dropFirst().first)
        #expect(section.contains("**10 of 18 files compiled, 8 left out**"))
        for (path, reason) in ModelBuildApp.excluded {
            #expect(section.contains("\(MarkdownReport.locationLink(file: path, line: nil, links: nil)): \(MarkdownText.inline(reason))"), "\(path)")
        }
        for (test, file) in SampleVerdicts.modelBuildUnavailable {
            #expect(section.contains("- `\(test)` — \(MarkdownReport.locationLink(file: file, line: nil, links: nil)): "), "\(test)")
        }
        #expect(section.contains("| Item | passed | skipped | unavailable |\n|---|---:|---:|---:|\n| 25. The tests pass at the final commit | 3 | 0 | 2 |"))
        // A passing item whose only other tests are unavailable has no failure to open.
        #expect(!page.contains("### Failures"))
        #expect(!MarkdownReport.render(SampleVerdicts.orchestrated, links: nil).contains("### Model build"))
    }

    @Test func everyReportSaysWhySwiftPMCouldNotBuildTheAppAsItIs() {
        var record = SampleVerdicts.modelBuildRecord
        #expect(ModelBuildText.opening(record).hasPrefix("SwiftPM cannot build this app here (no Package.swift), so the gate built"))
        record.trigger = "Package.swift does not load here"
        let opening = ModelBuildText.opening(record)
        #expect(opening.hasPrefix("SwiftPM cannot build this app here (Package.swift does not load here), so"))
        var statement = statement
        for index in statement.predicate.items.indices where statement.predicate.items[index].evidence.modelBuild != nil {
            statement.predicate.items[index].evidence.modelBuild = record
        }
        #expect(MarkdownReport.render(statement, links: nil).contains(MarkdownText.inline(opening)))
        #expect(HTMLReport.render(statement, links: nil).contains(HTMLText.inline(opening)))
    }

    @Test func htmlHasAModelBuildSectionWithTheSameContent() throws {
        let page = HTMLReport.render(statement, links: nil)
        let start = try #require(page.range(of: "<section id=\"model-build\""))
        let section = String(page[start.lowerBound...].prefix { _ in true }).components(separatedBy: "</section>")[0]
        #expect(section.contains("<strong>10 of 18 files compiled, 8 left out</strong>"))
        #expect(section.contains("<th scope=\"col\">skipped</th><th scope=\"col\">unavailable</th>"))
        #expect(section.contains("<td class=\"number\">0</td><td class=\"number\">2</td></tr>"))
        for path in ModelBuildApp.excluded.keys { #expect(section.contains("<li><code>\(HTMLText.escaped(path))</code>: "), "\(path)") }
        for (test, _) in SampleVerdicts.modelBuildUnavailable { #expect(section.contains("<li><code>\(HTMLText.escaped(test))</code> — "), "\(test)") }
        #expect(!page.contains("id=\"failures\""))
    }

    @Test func sarifNotesEachLeftOutFileOnceAtLineOneAndNoUnavailableTestBecomesAnError() throws {
        let log = try SARIFJSONValue.decode(SARIFReport.render(statement, rules: SARIFSampleRules.catalog, repositoryURI: nil))
        guard case .array(let results)? = log[path: ["runs", 0, "results"]] else { Issue.record("no results"); return }
        let notes = results.filter { $0["ruleId"] == .string(SARIFBuiltInRule.modelBuild.rawValue) }
        #expect(notes.count == ModelBuildApp.excluded.count)
        #expect(results.count == notes.count)
        #expect(notes.allSatisfy { $0["level"] == .string("note") })
        #expect(notes.allSatisfy { $0[path: ["locations", 0, "physicalLocation", "region", "startLine"]] == .number(1) })
        let badge = try #require(notes.first { $0[path: ["locations", 0, "physicalLocation", "artifactLocation", "uri"]]
            == .string(SARIFArtifactURI.reference(forPath: ModelBuildApp.badgeViewModelTestPath).uri) })
        #expect(badge[path: ["message", "text"]] == .string(
            "Left out of the model build: \(ModelBuildApp.excluded[ModelBuildApp.badgeViewModelTestPath]!); 1 test unavailable, never run on Linux"))
        guard case .array(let rules)? = log[path: ["runs", 0, "tool", "driver", "rules"]] else { Issue.record("no rules"); return }
        let rule = try #require(rules.first { $0["id"] == .string(SARIFBuiltInRule.modelBuild.rawValue) })
        #expect(rule[path: ["defaultConfiguration", "level"]] == .string("note"))
    }

    @Test func gitHubGetsOneNoticePerRootCauseNotOnePerFile() {
        let notices = GitHubActionsReport.modelBuildNotices(items)
        #expect(notices.count == 3)
        #expect(notices.allSatisfy { $0.hasPrefix("::notice file=") })
        #expect(notices[0].hasPrefix("::notice file=\(WorkflowCommand.escapeProperty(ModelBuildApp.palettePath)),line=1,title=Model build%3A imports SwiftUI::"))
        #expect(notices[0].contains("imports SwiftUI (3 files, 2 more through their types)"))
        // Each cause counts the tests of the files charged to it: the badge test through two types, the UI test by itself.
        #expect(notices[0].contains("1 test unavailable (never run"))
        #expect(!notices[1].contains("unavailable"))
        #expect(notices[2].contains("1 test unavailable (never run"))
        #expect(GitHubActionsReport.group(for: testItem).contains("tests: 3 passed, 0 failed, 0 skipped, 2 unavailable"))
        #expect(GitHubActionsReport.modelBuildNotices(SampleVerdicts.orchestrated.predicate.items).isEmpty)
    }
}
