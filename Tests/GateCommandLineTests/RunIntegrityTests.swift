#if canImport(Glibc)
import Glibc
#endif
import Foundation
import GateTestSupport
import Testing

/// A probe that moves HEAD or touches the index makes the run `error`; the verdict names the commit the probes started on.
/// In the sandbox `.git` is read-only to probes and such a write fails; these runs turn the sandbox off to show the check
/// after the probes, which stands behind it wherever no sandbox could be made.
struct RunIntegrityTests {
    private func run(probe: String, sandbox: String = "off") throws -> (GitFixture, ProcessResult, start: String) {
        let fixture = try ChangeFixture.make(
            base: ["gate/cfa-change-gate.md": "<!-- cfa-gate: sandbox=\(sandbox) -->\n\n1. **Harmless.** <!-- probe: command: \(probe) -->\n"],
            change: ["notes.txt": "x\n"])
        let start = try fixture.git("rev-parse", "HEAD")
        if sandbox == "off" && getuid() == 0 {
            // A root gate's probes run as nobody: giving nobody the clone lets them write `.git`, as a gate started by the
            // clone's owner without namespaces would.
            let chown = Process()
            chown.executableURL = URL(fileURLWithPath: "/bin/chown")
            chown.arguments = ["-R", "65534:65534", fixture.root]
            try chown.run()
            chown.waitUntilExit()
        }
        let result = try CFAGateBinary.run(["run", "--no-progress", "--out", fixture.path("v.json")], in: fixture)
        return (fixture, result, start)
    }

    @Test func aProbeThatCommitsMakesTheRunAnError() throws {
        let (fixture, result, start) = try run(probe: "git commit -q --allow-empty -m sneaky")
        #expect(result.status == 3, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("Result: ERROR"))
        #expect(result.standardOutput.contains("HEAD moved during the run from \(start) to "))
        let predicate = try ChangeFixture.predicate(ofVerdictAt: fixture.path("v.json"))
        #expect(predicate["result"] as? String == "error")
        #expect((predicate["repository"] as? [String: Any])?["commit"] as? String == start)
        #expect((predicate["runErrors"] as? [String])?.first?.hasPrefix("HEAD moved during the run from \(start)") == true)
    }

    @Test func inTheSandboxAProbeCannotCommitAtAll() throws {
        let (fixture, result, start) = try run(probe: "git commit -q --allow-empty -m sneaky", sandbox: "preferred")
        #expect(result.status == 1, "\(result.standardOutput)\(result.standardError)")
        #expect(try fixture.git("rev-parse", "HEAD") == start)
        #expect(try ChangeFixture.predicate(ofVerdictAt: fixture.path("v.json"))["runErrors"] == nil)
    }

    @Test func aProbeThatChecksOutAnotherCommitMakesTheRunAnError() throws {
        let (_, result, start) = try run(probe: "git checkout -q main")
        #expect(result.status == 3)
        #expect(result.standardOutput.contains("HEAD moved during the run from \(start) to "))
        #expect(result.standardOutput.contains("the checked-out branch changed during the run from change to main"))
    }

    @Test func aProbeThatStagesAFileMakesTheRunAnError() throws {
        let (_, result, _) = try run(probe: "echo y > staged.txt && git add staged.txt")
        #expect(result.status == 3)
        #expect(result.standardOutput.contains("the index changed during the run"))
    }

    @Test func aProbeThatSetsCoreFsmonitorMakesTheRunAnErrorNamingGitConfig() throws {
        let (fixture, result, _) = try run(probe: "git config core.fsmonitor 'touch pwned'")
        #expect(result.status == 3, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("Result: ERROR"))
        #expect(result.standardOutput.contains(".git/config was changed during the run"), "\(result.standardOutput)")
        let runErrors = try #require(try ChangeFixture.predicate(ofVerdictAt: fixture.path("v.json"))["runErrors"] as? [String])
        #expect(runErrors.contains { $0.hasPrefix(".git/config was changed during the run") })
    }

    @Test func aProbeThatAddsAHookOrAWorktreeConfigOrRemovesAnInfoFileMakesTheRunAnError() throws {
        let (_, result, _) = try run(probe: "printf '#!/bin/sh\\n' > .git/hooks/post-checkout && rm .git/info/exclude && touch .git/config.worktree")
        #expect(result.status == 3, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains(".git/hooks/post-checkout was added during the run"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains(".git/info/exclude was removed during the run"))
        #expect(result.standardOutput.contains(".git/config.worktree was added during the run"))
    }

    @Test func aProbeThatOnlyReadsGitsConfigurationLeavesTheRunAlone() throws {
        let (_, result, _) = try run(probe: "git config --list > /dev/null && git status --porcelain > /dev/null")
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
    }
}
