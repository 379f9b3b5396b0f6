@testable import CFAAnalysis
import Foundation
import GateTestSupport
import Testing
@testable import GateEngine
@testable import Verdict

struct CFAItemTests {
    @Test func aNonCFAAppFailsItsFirstCFAItemWithTheAdoptionFindingAndTheOthersUnjudged() async throws {
        let fixture = try GateFixture(checklist: """
            1. **Screens own their ViewModels.** <!-- probe: cfa CFA-ADOPTION -->
            2. **Suppressions are honest.** <!-- probe: cfa CFA-SUPPRESSION -->
            """, package: false)
        try fixture.git.write("Flat/ContentView.swift", "import SwiftUI\nstruct ContentView: View { var body: some View { Text(\"x\") } }\n")
        try fixture.git.git("add", "-A")
        try fixture.git.git("commit", "-q", "-m", "flat app")
        let outcome = try await Gate.run(fixture.options())
        #expect(outcome.predicate.items.map(\.status) == [.failed, .failed])
        #expect(outcome.predicate.items[0].summary.hasPrefix("not a CFA app: adoption needed"))
        #expect(outcome.predicate.items[0].evidence.diagnostics.map(\.name) == ["CFA-ADOPTION"])
        #expect(outcome.predicate.items[0].evidence.diagnostics.first?.file == "Flat/ContentView.swift")
        #expect(outcome.predicate.items[1].summary == "not judged: not a CFA app yet (item 1)")
        #expect(outcome.predicate.items[1].evidence.diagnostics.isEmpty)
        #expect(outcome.predicate.analysis?.files == 1)
        #expect(outcome.predicate.result == .failed)
    }

    @Test func unboundRulesFindingsAreUnassignedAndSuppressionsAreListed() async throws {
        let fixture = try GateFixture(checklist: "1. **Adopted.** <!-- probe: cfa CFA-ADOPTION -->\n", package: false)
        try fixture.git.write("Flat/A.swift", "// cfa-gate:ignore CFA-ADOPTION\nstruct A {}\n")
        try fixture.git.git("add", "-A")
        try fixture.git.git("commit", "-q", "-m", "a")
        let outcome = try await Gate.run(fixture.options())
        let analysis = try #require(outcome.predicate.analysis)
        #expect(analysis.unassigned.map(\.name) == ["CFA-SUPPRESSION"])
        #expect(analysis.unassigned.first?.file == "Flat/A.swift")
    }

    @Test func anUnknownRuleInABindingIsAConfigurationErrorWithItsLine() async throws {
        let fixture = try GateFixture(checklist: "# G\n\n1. **x** <!-- probe: cfa CFA-NOT-A-RULE -->\n", package: false)
        await #expect(throws: GateError.unknownRule(checklist: "gate/cfa-change-gate.md", line: 3, rule: "CFA-NOT-A-RULE")) {
            try await Gate.run(fixture.options())
        }
    }
}

struct ShippedChecklistBindingTests {
    /// The shipped checklist names only rules that exist, and every rule of items 1–22 decides its item.
    @Test func shippedBindingsAreExactlyTheCatalogsItemRules() throws {
        let checklist = try ChecklistSource.builtIn.load(repositoryRoot: "/").checklist
        let bound = ItemScheduler.Lanes(checklist.items).cfa
        for (item, rules) in bound {
            for rule in rules {
                #expect(RuleCatalog.descriptor(for: rule)?.item == item.number, "\(rule) is bound to item \(item.number)")
            }
        }
        let catalogRules = Set(RuleCatalog.descriptors.filter { ($0.item ?? 99) <= 22 }.map(\.id))
        #expect(Set(bound.flatMap(\.rules)) == catalogRules)
    }
}

struct InventoryItemTests {
    @Test func theInventoryItemCarriesTheDiffAndTheBaseInTheVerdict() async throws {
        let fixture = try GateFixture(checklist: "1. **Inventory.** <!-- probe: inventory -->\n", package: false)
        for (path, text) in CompliantApp.files { try fixture.git.write(path, text) }
        try fixture.git.git("add", "-A")
        try fixture.git.git("commit", "-q", "-m", "the app")
        let base = try fixture.git.git("rev-parse", "HEAD~1")
        let outcome = try await Gate.run(fixture.options { $0.baseRevision = "HEAD~1" })
        let item = try #require(outcome.predicate.items.first)
        #expect(item.status == .passed, "\(item.summary)")
        let inventory = try #require(item.evidence.inventory)
        #expect(inventory.baseCommit == base)
        #expect(inventory.base.hasPrefix("--base HEAD~1"))
        #expect(inventory.changes.contains { $0.kind == .added && $0.part == "Feature" && $0.name == "OrdersFeature" })
    }

    @Test func anUnknownBaseIsAConfigurationErrorBeforeAnythingRuns() async throws {
        let fixture = try GateFixture(checklist: "1. **Inventory.** <!-- probe: inventory -->\n", package: false)
        do {
            _ = try await Gate.run(fixture.options { $0.baseRevision = "no-such-branch" })
            Issue.record("expected an error")
        } catch {
            guard case .repository(.unknownRevision) = error else { Issue.record("got \(error)"); return }
            #expect(error.exitCode == 2)
        }
    }
}
