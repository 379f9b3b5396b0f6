@testable import CFAAnalysis
import Foundation
import GateTestSupport
@testable import Git
import Testing
@testable import GateEngine
@testable import Verdict

struct PolicyReaderTests {
    private func location(_ fixture: GitFixture, _ revision: String) throws -> PolicyLocation {
        PolicyLocation(source: .base, commit: try fixture.git("rev-parse", revision), description: revision)
    }

    @Test func policyFilesComeFromGitObjectsNotTheWorkingTree() throws {
        let fixture = try GitFixture()
        try fixture.makeRepository(committing: [
            "gate/cfa-change-gate.md": "1. **Committed.** <!-- probe: command: true -->\n",
            ".cfa-gate.json": "{ \"rootView\": \"Root\" }\n",
            "App/.cfa-gate.json": "{ \"rootView\": \"AppRoot\" }\n",
        ])
        try fixture.write("gate/cfa-change-gate.md", "1. **Edited.** <!-- probe: command: false -->\n")
        try fixture.write("App/.cfa-gate.json", "{ \"rules\": { \"CFA-NO-COMBINE\": \"off\" } }\n")
        let repository = try GitRepository.discover(startingAt: fixture.root)
        let loaded = try PolicyReader.read(at: try location(fixture, "HEAD"), repository: repository, packagePath: "App")
        #expect(loaded.checklist.items.map(\.title) == ["Committed"])
        let configuration = try #require(loaded.policy.file(.configuration))
        #expect(configuration.path == "App/.cfa-gate.json")
        #expect(configuration.blobID == (try fixture.git("rev-parse", "HEAD:App/.cfa-gate.json")))
        #expect(try loaded.policy.configuration().rootView == "AppRoot")
        #expect(loaded.policy.record(changes: []).file(.checklist)?.sha256
            == Digest.sha256Hex(Data("1. **Committed.** <!-- probe: command: true -->\n".utf8)))
    }

    @Test func aRevisionWithoutAChecklistGetsTheBuiltInOneAndNoConfiguration() throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit()
        let repository = try GitRepository.discover(startingAt: fixture.root)
        let loaded = try PolicyReader.read(at: try location(fixture, "HEAD"), repository: repository, packagePath: nil)
        #expect(loaded.checklist.items.count == 27)
        let checklist = try #require(loaded.policy.file(.checklist))
        #expect(checklist.path == "(built in) gate/cfa-change-gate.md")
        #expect(checklist.blobID == nil)
        let configuration = try #require(loaded.policy.file(.configuration))
        #expect(configuration.sha256 == nil)
        #expect(try loaded.policy.configuration() == AnalysisConfiguration())
    }

    @Test func explicitFilesReplaceOnlyTheirRole() throws {
        let fixture = try GitFixture()
        try fixture.makeRepository(committing: ["gate/cfa-change-gate.md": "1. **Committed.** <!-- probe: command: true -->\n"])
        try fixture.write("local.md", "1. **Local.** <!-- probe: command: true -->\n")
        let repository = try GitRepository.discover(startingAt: fixture.root)
        let loaded = try PolicyReader.read(
            at: try location(fixture, "HEAD"), repository: repository, explicit: [.checklist: fixture.path("local.md")], packagePath: nil)
        #expect(loaded.checklist.items.map(\.title) == ["Local"])
        #expect(loaded.policy.file(.checklist)?.source == .file)
        #expect(loaded.policy.file(.checklist)?.path == "local.md")
        #expect(loaded.policy.file(.configuration)?.source == .base)
        #expect(loaded.policy.source == .base)
    }

    @Test func configurationChangesAreDescribedRuleByRuleAndOptionByOption() {
        func file(_ text: String?) -> PolicyFile {
            PolicyFile(role: .configuration, path: ".cfa-gate.json", source: .base, data: text.map { Data($0.utf8) })
        }
        let changes = PolicyComparison.configurationChanges(
            file("{ \"rules\": { \"CFA-NO-COMBINE\": \"warning\" } }"),
            file("{ \"rules\": { \"CFA-FEATURE-NAMING\": \"warning\", \"CFA-NO-COMBINE\": \"error\" }, \"exclude\": [\"App/**\"] }"))
        #expect(changes.map(\.summary) == [
            "CFA-FEATURE-NAMING turned down to warning (was error)",
            "CFA-NO-COMBINE turned up to error (was warning)",
            "exclude changed from [] to [\"App/**\"]",
        ])
        #expect(changes.map(\.kind) == [.ruleWeakened, .ruleStrengthened, .configurationOption])
        // A file the change leaves out of the model build is the reviewer's to see, with its reason.
        let leftOut = PolicyComparison.configurationChanges(
            file(nil), file(#"{"modelBuild": {"exclude": [{"path": "App/Sync.swift", "reason": "uses iCloud"}]}}"#))
        #expect(leftOut.map(\.summary) == [#"modelBuild changed from {"exclude":[]} to {"exclude":[{"path":"App/Sync.swift","reason":"uses iCloud"}]}"#])
        let broken = PolicyComparison.configurationChanges(file(nil), file("{ \"rulez\": {} }"))
        #expect(broken.map(\.kind) == [.unreadable])
    }

    @Test func anEditThatChangesNothingDecidedIsStillListed() {
        let old = PolicyFile(role: .checklist, path: "gate/cfa-change-gate.md", source: .base, data: Data("1. **A.** <!-- probe: command: true -->\n".utf8))
        var new = old
        new.data = Data("1. **A.**   <!-- probe: command: true -->\n\n".utf8)
        let trusted = Policy(source: .base, revision: nil, description: "", files: [old])
        let proposed = Policy(source: .change, revision: nil, description: "", files: [new])
        #expect(PolicyComparison.changes(from: trusted, to: proposed).map(\.kind) == [.fileEdited])
    }

    /// Options that loosen what probes may see are policy like the test options: a change's own copy is listed.
    @Test func theProcessLayerOptionsTheChangeSetsAreListed() {
        let old = PolicyFile(role: .checklist, path: "gate/cfa-change-gate.md", source: .base, data: Data(
            "<!-- cfa-gate: sandbox=required withhold-environment=DEPLOY_* -->\n1. **A.** <!-- probe: command: true -->\n".utf8))
        var new = old
        new.data = Data("<!-- cfa-gate: sandbox=off -->\n1. **A.** <!-- probe: command: true -->\n".utf8)
        #expect(PolicyComparison.checklistChanges(old, new).map(\.summary) == [
            "option sandbox changed from required to off",
            "option withhold-environment changed from DEPLOY_* to (unset)",
        ])
    }

    @Test func aDeletedChecklistIsOneLine() {
        let old = PolicyFile(role: .checklist, path: "gate/cfa-change-gate.md", source: .base, blobID: String(repeating: "a", count: 40), data: Data("1. **A.** <!-- probe: command: true -->\n".utf8))
        let builtIn = PolicyFile(role: .checklist, path: "(built in) gate/cfa-change-gate.md", source: .change, data: Data("1. **B.**\n".utf8))
        #expect(PolicyComparison.checklistChanges(old, builtIn).map(\.summary)
            == ["gate/cfa-change-gate.md is deleted; the checklist built into cfa-gate would apply"])
    }

    /// The test quarantine is policy: read from the revision, and what the change would add is shown, not obeyed.
    @Test func theQuarantineComesFromTheRevisionAndTheChangesAdditionsAreListed() throws {
        let row = { (test: String, date: String) in "| `\(test)` | @sam | \(date) | flaky on CI |\n" }
        let header = "| Test | Owner | Expires | Reason |\n|---|---|---|---|\n"
        let fixture = try GitFixture()
        try fixture.makeRepository(committing: ["gate/quarantine.md": header + row("A/old()", "2999-01-01")])
        try fixture.write("gate/quarantine.md", header + row("A/old()", "2999-01-01") + row("A/mine()", "2999-01-01"))
        try fixture.git("commit", "-qam", "the change quarantines its own failing test")
        let repository = try GitRepository.discover(startingAt: fixture.root)

        let trusted = try PolicyReader.read(at: try location(fixture, "HEAD~1"), repository: repository, packagePath: nil)
        let quarantine = try #require(trusted.policy.file(.quarantine))
        #expect(quarantine.path == "gate/quarantine.md")
        #expect(quarantine.text?.contains("A/mine()") == false)

        let own = PolicyLocation(source: .change, commit: try fixture.git("rev-parse", "HEAD"), description: "the change")
        let proposed = try PolicyReader.files(at: own, repository: repository, packagePath: ".")
        let changes = PolicyComparison.changes(from: trusted.policy, to: proposed)
        #expect(changes.map(\.kind) == [.quarantineEntryAdded])
        #expect(changes.first?.summary == "quarantines A/mine() until 2999-01-01 (owner @sam): flaky on CI")
        #expect(changes.first?.line == 4)
    }
}
