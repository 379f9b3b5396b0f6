@testable import CFAAnalysis
import Foundation
import GateTestSupport
import Testing
@testable import GateEngine
@testable import Verdict

/// `cfa-gate run` with a baseline of known findings: known ones never fail an item, the verdict records them and
/// what was fixed, and a baseline that cannot be read stops the run before anything runs. The baseline is
/// policy: it is read from the change's base, so each test commits it there and judges a later commit.
struct BaselineRunTests {
    private static func legacy(_ members: [String]) -> String { LegacyFeatureFile.source(members) }


    /// A committed app with two known violations, gated by one `cfa` item.
    private func fixture() throws -> GateFixture {
        let fixture = try GateFixture(checklist: "1. **Swift Concurrency only.** <!-- probe: cfa CFA-NO-GCD-LOCKS -->\n", package: false)
        for (path, text) in CompliantApp.files { try fixture.git.write(path, text) }
        try fixture.git.write(LegacyFeatureFile.path, Self.legacy([LegacyFeatureFile.dispatch, LegacyFeatureFile.lock]))
        try fixture.git.git("add", "-A")
        try fixture.git.git("commit", "-q", "-m", "legacy app")
        return fixture
    }

    /// What `cfa-gate baseline` would write for the fixture's working tree now.
    private func writeBaseline(_ fixture: GateFixture) async throws {
        let result = await Analyzer.analyze(repositoryRoot: fixture.git.root, configuration: AnalysisConfiguration())
        try fixture.git.write(Baseline.defaultFileName, String(decoding: Baseline(findings: result.findings).encoded(), as: UTF8.self))
    }

    /// Commits the working tree's baseline (or `text`) as the base, then a change on top of it to be judged.
    private func commitBaselineAsBase(_ fixture: GateFixture, text: String? = nil) async throws {
        if let text { try fixture.git.write(Baseline.defaultFileName, text) } else { try await writeBaseline(fixture) }
        try fixture.git.git("add", "-A")
        try fixture.git.git("commit", "-q", "-m", "baseline")
        try fixture.git.write("NOTES.md", "a change on top of the baseline\n")
        try fixture.git.git("add", "-A")
        try fixture.git.git("commit", "-q", "-m", "change")
    }

    @Test func knownFindingsNeverFailAnItemAndTheVerdictListsThem() async throws {
        let fixture = try fixture()
        let before = try await Gate.run(fixture.options())
        #expect(before.predicate.items.map(\.status) == [.failed])
        #expect(before.predicate.analysis?.baseline == nil)

        try await commitBaselineAsBase(fixture)
        let outcome = try await Gate.run(fixture.options())
        let item = try #require(outcome.predicate.items.first)
        #expect(item.status == .passed, "\(item.summary)")
        #expect(item.summary.contains("2 baselined"))
        #expect(item.evidence.diagnostics.isEmpty)
        let baseline = try #require(outcome.predicate.analysis?.baseline)
        #expect(baseline.path == Baseline.defaultFileName)
        #expect(baseline.baselined.map(\.name) == ["CFA-NO-GCD-LOCKS", "CFA-NO-GCD-LOCKS"])
        #expect(baseline.baselined.allSatisfy { $0.file == LegacyFeatureFile.path && $0.line != nil })
        #expect(baseline.fixed == [])
        #expect(outcome.predicate.result == .passed)

        let everything = try await Gate.run(fixture.options { $0.useBaseline = false })
        #expect(everything.predicate.items.map(\.status) == [.failed])
        #expect(everything.predicate.analysis?.baseline == nil)
    }

    @Test func aNewFindingFailsAndAFixedOneIsListed() async throws {
        let fixture = try fixture()
        try await commitBaselineAsBase(fixture)
        try fixture.git.write(LegacyFeatureFile.path, Self.legacy([LegacyFeatureFile.dispatch, "    static let queue = OperationQueue()"]))
        let outcome = try await Gate.run(fixture.options())
        let item = try #require(outcome.predicate.items.first)
        #expect(item.status == .failed)
        #expect(item.evidence.diagnostics.map(\.message).count == 1)
        #expect(item.evidence.diagnostics.first?.message.contains("OrdersFeature uses OperationQueue") == true)
        let baseline = try #require(outcome.predicate.analysis?.baseline)
        #expect(baseline.fixed.map(\.message).count == 1)
        #expect(baseline.fixed.first?.message.contains("OrdersFeature uses NSLock") == true)
        #expect(baseline.fixedNote == "1 baselined finding fixed — run `cfa-gate baseline` to drop it")
    }

    @Test func anUnreadableBaselineIsAConfigurationErrorBeforeAnythingRuns() async throws {
        let fixture = try fixture()
        try await commitBaselineAsBase(fixture, text: "{\"version\": 3, \"findings\": []}")
        do {
            _ = try await Gate.run(fixture.options())
            Issue.record("expected an error")
        } catch {
            #expect(error == .baseline(.unsupportedVersion(path: Baseline.defaultFileName, version: "3")))
            #expect(error.exitCode == 2)
            #expect(error.description.hasPrefix(".cfa-gate-baseline.json: baseline version 3"))
        }
        // --no-baseline does not read it at all.
        let ignored = try await Gate.run(fixture.options { $0.useBaseline = false })
        #expect(ignored.predicate.items.map(\.status) == [.failed])
    }

    @Test func aKnownMissingTestFileDoesNotFailTheInventoryItem() async throws {
        let fixture = try GateFixture(checklist: "1. **Inventory.** <!-- probe: inventory -->\n", package: false)
        for (path, text) in CompliantApp.files where path != CompliantApp.featureTestPath { try fixture.git.write(path, text) }
        try fixture.git.git("add", "-A")
        try fixture.git.git("commit", "-q", "-m", "an app whose Feature has no test")
        try fixture.git.write("README.md", "The orders app.\n")
        try fixture.git.git("add", "-A")
        try fixture.git.git("commit", "-q", "-m", "a change that adds no part")

        let without = try await Gate.run(fixture.options { $0.baseRevision = "HEAD~1" })
        #expect(without.predicate.items.map(\.status) == [.failed])
        #expect(without.predicate.items.first?.summary.contains("OrdersFeature has no test file") == true)

        try await commitBaselineAsBase(fixture)
        let with = try await Gate.run(fixture.options { $0.baseRevision = "HEAD~1" })
        #expect(with.predicate.items.map(\.status) == [.passed], "\(with.predicate.items.first?.summary ?? "")")
    }

    /// A change cannot baseline its own new findings: its baseline is only shown, entry by entry, as a policy change.
    @Test func aBaselineTheChangeWritesIsShownNotObeyed() async throws {
        let fixture = try fixture()
        try fixture.git.write("NOTES.md", "the base has no baseline\n")
        try fixture.git.git("add", "-A")
        try fixture.git.git("commit", "-q", "-m", "base")
        try await writeBaseline(fixture)
        try fixture.git.git("add", "-A")
        try fixture.git.git("commit", "-q", "-m", "the change baselines its own findings")

        let outcome = try await Gate.run(fixture.options())
        #expect(outcome.predicate.items.map(\.status) == [.failed])
        #expect(outcome.predicate.analysis?.baseline == nil)
        let added = (outcome.predicate.policy?.changes ?? []).filter { $0.kind == .baselineEntryAdded }
        #expect(added.count == 2, "\(outcome.predicate.policy?.changes ?? [])")
        #expect(added.allSatisfy { $0.file == Baseline.defaultFileName && $0.summary.hasPrefix("baseline accepts CFA-NO-GCD-LOCKS in ") })
        let record = try #require(outcome.predicate.policy?.files.first { $0.role == .baseline })
        #expect(record.sha256 == nil, "the base has no baseline, so none decided the verdict")
    }
}
