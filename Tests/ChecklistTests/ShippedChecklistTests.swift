import Checklist
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
        try Checklist.parse(markdown: Checklist.shippedMarkdown, path: Checklist.shippedRelativePath, knownProbes: versionOneProbes)
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

    @Test func onlyBuildTestAndCleanTreeAreProbed() throws {
        let checklist = try Self.shipped()
        let probed = checklist.items.filter { !$0.probe.isManual }
        #expect(probed.map(\.number) == [24, 25, 26])
        #expect(probed.map(\.probe.name) == ["build", "test", "git-clean"])
        #expect(probed.allSatisfy { $0.probe.arguments.isEmpty })
        #expect(checklist.manualItems.map(\.number) == Array(1...23) + [27])
        // Every manual item says so explicitly rather than by omission.
        #expect(checklist.manualItems.allSatisfy { $0.probe.line != nil })
    }

    @Test func manualReviewItemListsItsReviewPoints() throws {
        let review = try #require(try Self.shipped().items.last)
        #expect(review.section == "Human review")
        let points = review.description.split(separator: "\n").filter { $0.hasPrefix("- ") }
        #expect(points.count == 9)
    }

    /// Items 1–22 note which analyser rules will check them later; together they must cover the catalogue.
    @Test func laterNotesCoverEveryAnalyserRuleOnce() throws {
        let checklist = try Self.shipped()
        let lines = Checklist.shippedMarkdown.split(separator: "\n", omittingEmptySubsequences: false)
        var noted: [String] = []
        for (index, item) in checklist.items.enumerated() where item.number <= 22 {
            let end = index + 1 < checklist.items.count ? checklist.items[index + 1].line - 1 : lines.count
            let notes = lines[(item.line - 1)..<end].filter { $0.contains("<!-- later: cfa ") }
            #expect(notes.count == 1, "item \(item.number) needs one `later: cfa` note")
            noted += notes.flatMap { $0.split(separator: " ").filter { $0.hasPrefix("CFA-") }.map(String.init) }
        }
        let catalogue = [
            "CFA-VIEWMODEL-INLINE", "CFA-VIEWMODEL-DEDICATED", "CFA-VIEWMODEL-ADJACENT", "CFA-VIEWMODEL-INIT-DEFAULT",
            "CFA-VIEW-INIT-CLEAN", "CFA-ENVIRONMENT", "CFA-VIEWMODEL-NO-DOMAIN-COPY", "CFA-ROOTTAB-STRUCTURAL",
            "CFA-FEATURE-NAMING", "CFA-FEATURE-NO-LOADSTATE", "CFA-APPMODEL-LAUNCH", "CFA-REPO-MODELACTOR",
            "CFA-VIEW-DECLARATIVE", "CFA-VIEW-NO-MODEL-ACCESS", "CFA-VIEW-NO-TASK-HANDLE", "CFA-REPO-NO-FEATURE",
            "CFA-FEATURE-NO-SHARED", "CFA-FEATURE-NO-SWIFTUI", "CFA-APPMODEL-SHAPE", "CFA-APPMODEL-LIVE",
            "CFA-NO-FEATURE-PROTOCOL", "CFA-NO-GCD-LOCKS", "CFA-NO-COMBINE", "CFA-ISOLATION",
            "CFA-VIEWMODEL-METHOD-NAMES", "CFA-TESTS-NO-SHARED", "CFA-FILE-IMPORTS", "CFA-VIEWMODEL-TASK-REUSE",
        ]
        #expect(noted == catalogue)
    }

    @Test func shippedChecklistStillParsesOnceTheAnalyserProbesExist() throws {
        let checklist = try Checklist.parse(
            markdown: Checklist.shippedMarkdown, path: Checklist.shippedRelativePath,
            knownProbes: versionOneProbes.union(["cfa", "inventory"])
        )
        #expect(checklist.items.count == 27)
    }
}
