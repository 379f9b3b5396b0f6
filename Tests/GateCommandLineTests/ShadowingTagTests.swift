import Foundation
import GateTestSupport
import Testing

/// A change that also pushes a tag named like the protected branch cannot choose the policy it is judged by.
struct ShadowingTagTests {
    private let requiredChecklist = "# Gate\n\n1. **Required file is there.** <!-- probe: command: test -f required.txt -->\n"
    private let weakenedChecklist = "# Gate\n\n1. **Required file is there.** <!-- probe: command: true -->\n"

    /// `refs/remotes/origin/main` is the protected branch; the change's commit also carries the tag `origin/main`.
    private func makeShadowedRemote() throws -> GitFixture {
        let fixture = try ChangeFixture.make(
            base: ["gate/cfa-change-gate.md": requiredChecklist, "required.txt": "x\n"],
            change: ["gate/cfa-change-gate.md": weakenedChecklist], removing: ["required.txt"])
        try fixture.git("update-ref", "refs/remotes/origin/main", "main")
        try fixture.git("tag", "origin/main", "HEAD")
        return fixture
    }

    @Test func runRefusesAPolicyRefThatATagShadowsAndTheFullRefIsTheProtectedBranch() throws {
        let fixture = try makeShadowedRemote()

        let ambiguous = try CFAGateBinary.run(["run", "--no-progress", "--policy-ref", "origin/main", "--out", fixture.path("v.json")], in: fixture)
        #expect(ambiguous.status == 2, "\(ambiguous.standardOutput)\(ambiguous.standardError)")
        #expect(ambiguous.standardError.contains("refname 'origin/main' is ambiguous: refs/remotes/origin/main, refs/tags/origin/main"))
        #expect(!FileManager.default.fileExists(atPath: fixture.path("v.json")))
        let base = try CFAGateBinary.run(["run", "--no-progress", "--base", "origin/main"], in: fixture)
        #expect(base.status == 2)
        #expect(base.standardError.contains("refname 'origin/main' is ambiguous"))

        let judged = try CFAGateBinary.run(
            ["run", "--no-progress", "--policy-ref", "refs/remotes/origin/main", "--out", fixture.path("v.json")], in: fixture)
        #expect(judged.status == 1, "\(judged.standardOutput)\(judged.standardError)")
        #expect(judged.standardOutput.contains("`test -f required.txt` exited 1"))
        let main = try fixture.git("rev-parse", "main")
        #expect(judged.standardOutput.contains("Policy: from --policy-ref refs/remotes/origin/main (\(main.prefix(7)))"), "\(judged.standardOutput)")
        let policy = try #require(try ChangeFixture.predicate(ofVerdictAt: fixture.path("v.json"))["policy"] as? [String: Any])
        #expect(policy["ref"] as? String == "refs/remotes/origin/main")
        #expect(policy["revision"] as? String == main)
    }

    @Test func verifyRefusesAPolicyRefThatATagShadows() throws {
        let fixture = try makeShadowedRemote()
        // The verdict the attack wants: made under the tag's checklist, so it passes.
        let forged = try CFAGateBinary.run(
            ["run", "--no-progress", "--policy-ref", "refs/tags/origin/main", "--out", fixture.path("forged.json")], in: fixture)
        #expect(forged.status == 0, "\(forged.standardOutput)\(forged.standardError)")

        let ambiguous = try CFAGateBinary.run(["verify", fixture.path("forged.json"), "--policy-ref", "origin/main"], in: fixture)
        #expect(ambiguous.status == 2, "\(ambiguous.standardOutput)\(ambiguous.standardError)")
        #expect(ambiguous.standardError.contains("refname 'origin/main' is ambiguous: refs/remotes/origin/main, refs/tags/origin/main"))
        let rejected = try CFAGateBinary.run(["verify", fixture.path("forged.json"), "--policy-ref", "refs/remotes/origin/main"], in: fixture)
        #expect(rejected.status == 4, "\(rejected.standardOutput)\(rejected.standardError)")
        #expect(rejected.standardError.contains("policy differs — the verdict's checklist"))

        try fixture.git("tag", "-d", "origin/main")
        let unshadowed = try CFAGateBinary.run(
            ["run", "--no-progress", "--policy-ref", "origin/main", "--out", fixture.path("v.json")], in: fixture)
        #expect(unshadowed.status == 1)
        let accepted = try CFAGateBinary.run(["verify", fixture.path("v.json"), "--policy-ref", "origin/main"], in: fixture)
        #expect(accepted.status == 1, "\(accepted.standardError)")
        #expect(accepted.standardOutput.contains("policy:    matches origin/main = refs/remotes/origin/main ("), "\(accepted.standardOutput)")
    }
}
