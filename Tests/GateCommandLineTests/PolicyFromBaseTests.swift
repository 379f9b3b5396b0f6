import Foundation
import GateTestSupport
import Testing

/// The checklist and configuration that judge a change come from its base, not from the change.
struct PolicyFromBaseTests {
    private let requiredChecklist = "# Gate\n\n1. **Required file is there.** <!-- probe: command: test -f required.txt -->\n"
    private let weakenedChecklist = "# Gate\n\n1. **Required file is there.** <!-- probe: command: true -->\n"

    @Test func aBranchWeakeningItsChecklistIsStillJudgedByTheBase() throws {
        let fixture = try ChangeFixture.make(
            base: ["gate/cfa-change-gate.md": requiredChecklist, "required.txt": "x\n"],
            change: ["gate/cfa-change-gate.md": weakenedChecklist], removing: ["required.txt"])

        let judged = try CFAGateBinary.run(["run", "--no-progress", "--out", fixture.path("base.json")], in: fixture)
        #expect(judged.status == 1, "\(judged.standardOutput)\(judged.standardError)")
        #expect(judged.standardOutput.contains("`test -f required.txt` exited 1"))
        #expect(judged.standardOutput.contains("Policy: from the base: merge-base of HEAD with main"))
        #expect(judged.standardOutput.contains("item 1 rebound from `command: test -f required.txt` to `command: true`"))
        #expect(judged.standardOutput.contains("--policy-ref \(try fixture.git("rev-parse", "main"))"))
        let policy = try #require(try ChangeFixture.predicate(ofVerdictAt: fixture.path("base.json"))["policy"] as? [String: Any])
        #expect(policy["source"] as? String == "base")
        #expect(policy["revision"] as? String == (try fixture.git("rev-parse", "main")))
        let files = try #require(policy["files"] as? [[String: Any]])
        let checklist = try #require(files.first { $0["role"] as? String == "checklist" })
        #expect(checklist["blob"] as? String == (try fixture.git("rev-parse", "main:gate/cfa-change-gate.md")))

        // Someone editing the checklist runs it explicitly; such a verdict passes but is not the protected policy's.
        let explicit = try CFAGateBinary.run(
            ["run", "--no-progress", "--checklist", "gate/cfa-change-gate.md", "--out", fixture.path("explicit.json")], in: fixture)
        #expect(explicit.status == 0, "\(explicit.standardOutput)\(explicit.standardError)")
        let unchecked = try CFAGateBinary.run(["verify", fixture.path("explicit.json")], in: fixture)
        #expect(unchecked.status == 0)
        #expect(unchecked.standardOutput.contains("policy:    not checked — pass --policy-ref"))
        let rejected = try CFAGateBinary.run(["verify", fixture.path("explicit.json"), "--policy-ref", "main"], in: fixture)
        #expect(rejected.status == 4)
        #expect(rejected.standardError.contains("policy differs — the verdict's checklist"), "\(rejected.standardError)")
        #expect(rejected.standardError.split(separator: "\n").count == 1)

        let accepted = try CFAGateBinary.run(["verify", fixture.path("base.json"), "--policy-ref", "main"], in: fixture)
        #expect(accepted.status == 1, "\(accepted.standardError)")  // authentic, under main's policy, and failed
        #expect(accepted.standardOutput.contains("policy:    matches main"))
        let byFile = try CFAGateBinary.run(
            ["verify", fixture.path("explicit.json"), "--checklist", "gate/cfa-change-gate.md"], in: fixture)
        #expect(byFile.status == 0, "\(byFile.standardError)")
    }

    @Test func aBranchTurningAFailingRuleOffIsStillJudgedByTheBase() throws {
        var base = LegacyCFAApp.files
        base["gate/cfa-change-gate.md"] = "# Gate\n\n1. **Features are named.** <!-- probe: cfa CFA-FEATURE-NAMING -->\n"
        let fixture = try ChangeFixture.make(base: base, change: [".cfa-gate.json": LegacyCFAApp.configuration])

        let judged = try CFAGateBinary.run(["run", "--no-progress", "--out", fixture.path("base.json")], in: fixture)
        #expect(judged.status == 1, "\(judged.standardOutput)\(judged.standardError)")
        #expect(judged.standardOutput.contains("CFA-FEATURE-NAMING turned off (was error)"), "\(judged.standardOutput)")
        #expect(judged.standardOutput.contains("rootView changed from \"RootTabView\" to \"RootView\""))

        let explicit = try CFAGateBinary.run(
            ["run", "--no-progress", "--config", ".cfa-gate.json", "--out", fixture.path("explicit.json")], in: fixture)
        #expect(explicit.status == 0, "\(explicit.standardOutput)\(explicit.standardError)")
        let rejected = try CFAGateBinary.run(["verify", fixture.path("explicit.json"), "--policy-ref", "main"], in: fixture)
        #expect(rejected.status == 4)
        #expect(rejected.standardError.contains("policy differs — the verdict's configuration (.cfa-gate.json, sha256"), "\(rejected.standardError)")
        #expect(rejected.standardError.contains("is not main's (none)"))
    }

    @Test func aFirstCommitUsesItsOwnPolicyAndSaysSo() throws {
        let fixture = try GitFixture()
        try fixture.git("init", "-q", "-b", "main")
        try fixture.write("gate/cfa-change-gate.md", "1. **Fine.** <!-- probe: command: true -->\n")
        try fixture.git("add", "-A")
        try fixture.git("commit", "-q", "-m", "first")
        let result = try CFAGateBinary.run(["run", "--no-progress", "--out", fixture.path("v.json")], in: fixture)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Policy: from the change itself — the change's own commit: there is no base"))
        let policy = try #require(try ChangeFixture.predicate(ofVerdictAt: fixture.path("v.json"))["policy"] as? [String: Any])
        #expect(policy["source"] as? String == "change")
    }

    @Test func theChangesWorkingTreeNeverDecidesThePolicy() throws {
        let fixture = try ChangeFixture.make(
            base: ["gate/cfa-change-gate.md": requiredChecklist, "required.txt": "x\n"], change: [:], removing: ["required.txt"])
        // Uncommitted, and not on the base: ignored.
        try fixture.write("gate/cfa-change-gate.md", weakenedChecklist)
        let judged = try CFAGateBinary.run(["run", "--no-progress"], in: fixture)
        #expect(judged.status == 1, "\(judged.standardOutput)")
    }

    @Test func policyRefNamesAnotherTrustedRevision() throws {
        let fixture = try ChangeFixture.make(
            base: ["gate/cfa-change-gate.md": requiredChecklist, "required.txt": "x\n"],
            change: ["gate/cfa-change-gate.md": weakenedChecklist], removing: ["required.txt"])
        try fixture.git("branch", "release", "main")
        let judged = try CFAGateBinary.run(["run", "--no-progress", "--policy-ref", "release"], in: fixture)
        #expect(judged.status == 1)
        #expect(judged.standardOutput.contains("Policy: from --policy-ref release"))
        let unknown = try CFAGateBinary.run(["run", "--no-progress", "--policy-ref", "nope"], in: fixture)
        #expect(unknown.status == 2)
        #expect(unknown.standardError.contains("'nope' does not name a commit"))
    }

    @Test func addedSuppressionsAndChecklistEditsAreListedInTheVerdictAndTheMarkdown() throws {
        let checklist = "# Gate\n\n1. **Fine.** <!-- probe: command: true -->\n2. **Also fine.** <!-- probe: command: true -->\n"
        let edited = "# Gate\n\n1. **Fine.** <!-- probe: command: true -->\n3. **New.** <!-- probe: command: echo new -->\n"
        let fixture = try ChangeFixture.make(
            base: ["gate/cfa-change-gate.md": checklist, "App/Old.swift": "// cfa-gate:ignore CFA-NO-COMBINE -- kept from before\nimport Combine\n"],
            change: [
                "gate/cfa-change-gate.md": edited,
                "App/Old.swift": "// cfa-gate:ignore CFA-NO-COMBINE -- kept from before\nimport Combine\nlet x = 1\n",
                "App/New.swift": "import Combine // cfa-gate:ignore CFA-NO-COMBINE -- the vendor SDK needs it\n",
            ])
        let result = try CFAGateBinary.run(
            ["run", "--no-progress", "--out", fixture.path("v.json"), "--summary", fixture.path("summary.md")], in: fixture)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")

        let policy = try #require(try ChangeFixture.predicate(ofVerdictAt: fixture.path("v.json"))["policy"] as? [String: Any])
        let changes = try #require(policy["changes"] as? [[String: Any]])
        let summaries = changes.compactMap { $0["summary"] as? String }
        #expect(summaries.contains("item 2 removed: Also fine (`command: true`)"), "\(summaries)")
        #expect(summaries.contains("item 3 added: New (`command: echo new`)"), "\(summaries)")
        #expect(summaries.contains("suppression of CFA-NO-COMBINE added — reason: the vendor SDK needs it"), "\(summaries)")
        // The suppression that was already on the base is not news.
        #expect(changes.filter { $0["kind"] as? String == "suppressionAdded" }.count == 1)
        #expect(changes.contains { $0["file"] as? String == "App/New.swift" && $0["line"] as? Int == 1 })

        let markdown = try String(contentsOfFile: fixture.path("summary.md"), encoding: .utf8)
        #expect(markdown.contains("### Policy change"))
        #expect(markdown.contains("suppression of CFA-NO-COMBINE added — reason: the vendor SDK needs it"))
        #expect(markdown.contains("item 3 added: New (`command: echo new`)"))
        #expect(markdown.contains("- **Policy:** from the base: merge-base of HEAD with main"))
    }
}
