@testable import Checklist
import Foundation
import Testing

@Suite struct ShippedChecklistTests {
    /// The repository's `gate/cfa-change-gate.md`, found relative to this test file.
    private static let repositoryFileURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent(Checklist.shippedRelativePath)

    private static func shipped() throws -> Checklist {
        try Checklist.parse(markdown: Checklist.shippedMarkdown, path: Checklist.shippedRelativePath)
    }

    @Test func embeddedCopyIsTheRepositoryFile() throws {
        let onDisk = try String(contentsOf: Self.repositoryFileURL, encoding: .utf8)
        #expect(Checklist.shippedMarkdown == onDisk)
        #expect(!onDisk.isEmpty)
    }

    @Test func hasItemsOneToTwentySevenInOrder() throws {
        let checklist = try Self.shipped()
        #expect(checklist.items.map(\.number) == Array(1...27))
        #expect(checklist.title == "CFA change gate")
        #expect(checklist.options == ChecklistOptions())
        #expect(checklist.items.allSatisfy { !$0.title.isEmpty && $0.section != nil })
    }

    @Test func everyItemButTheHumanReviewIsProbed() throws {
        let checklist = try Self.shipped()
        let probed = checklist.items.filter { !$0.probe.isManual }
        #expect(probed.map(\.number) == Array(1...26))
        #expect(probed.prefix(22).allSatisfy { if case .cfa(let rules) = $0.probe.kind { !rules.isEmpty } else { false } })
        #expect(probed.suffix(4).map(\.probe.name) == ["inventory", "build", "test", "git-clean"])
        #expect(checklist.manualItems.map(\.number) == [27])
        // The manual item says so explicitly rather than by omission.
        #expect(checklist.manualItems.allSatisfy { $0.probe.line != nil })
    }

    @Test func manualReviewItemListsItsReviewPoints() throws {
        let review = try #require(try Self.shipped().items.last)
        #expect(review.section == "Human review")
        let points = review.description.split(separator: "\n").filter { $0.hasPrefix("- ") }
        #expect(points.count == 9)
    }

    /// Items 1–22 bind the analyser rules that decide them; together they cover the catalogue, each rule once.
    @Test func cfaBindingsCoverEveryAnalyzerRuleOnce() throws {
        let checklist = try Self.shipped()
        let noted = checklist.items.filter { $0.number <= 22 }.flatMap(\.probe.kind.arguments)
        let catalog = [
            "CFA-VIEWMODEL-INLINE", "CFA-VIEWMODEL-DEDICATED", "CFA-VIEWMODEL-ADJACENT", "CFA-VIEWMODEL-INIT-DEFAULT",
            "CFA-VIEWMODEL-INIT-QUIET", "CFA-VIEW-INIT-CLEAN", "CFA-ENVIRONMENT", "CFA-VIEWMODEL-NO-DOMAIN-COPY",
            "CFA-FEATURE-ONE-WRITER", "CFA-ROOTTAB-STRUCTURAL", "CFA-FEATURE-NAMING", "CFA-FEATURE-NO-LOADSTATE",
            "CFA-APPMODEL-LAUNCH", "CFA-LAUNCH-WIRED", "CFA-REPO-MODELACTOR", "CFA-VIEW-DECLARATIVE", "CFA-VIEW-NO-MODEL-ACCESS",
            "CFA-VIEW-NO-TASK-HANDLE", "CFA-VIEW-BUTTON-TASK", "CFA-VIEW-NO-FORMATTING", "CFA-REPO-NO-FEATURE", "CFA-REPO-DTO-CONTAINED",
            "CFA-FEATURE-NO-SHARED", "CFA-FEATURE-DIRECT-SYSTEM", "CFA-NO-EXTRA-LAYER", "CFA-FEATURE-NO-SWIFTUI",
            "CFA-FEATURE-SCREEN-BLIND", "CFA-VIEWMODEL-NO-SWIFTUI", "CFA-APPMODEL-SHAPE", "CFA-APPMODEL-LIVE", "CFA-LIVE-BUILDS-DEPENDENCIES",
            "CFA-NO-FEATURE-PROTOCOL", "CFA-NO-GCD-LOCKS", "CFA-NO-COMBINE", "CFA-ISOLATION",
            "CFA-VIEWMODEL-METHOD-NAMES", "CFA-TESTS-NO-SHARED", "CFA-FILE-IMPORTS", "CFA-VIEWMODEL-TASK-REUSE",
        ]
        #expect(noted == catalog)
    }
}
