import Foundation
import GateTestSupport
import Git
import Testing
@testable import GateEngine

/// What a probe could leave behind for the job's later `git` commands is compared before and after the probes.
struct RunIntegrityTests {
    @Test func aChangedUserGitConfigurationMakesTheRunAnError() throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit()
        try fixture.write("home/.gitconfig", "[user]\n\tname = ci\n")
        let environment = ["HOME": fixture.path("home"), "GIT_CONFIG_SYSTEM": fixture.path("system-gitconfig")]
        let before = try RunIntegrity.snapshot(repositoryRoot: fixture.root, environment: environment)
        try fixture.write("home/.gitconfig", "[core]\n\tfsmonitor = ./evil.sh\n")
        try fixture.write("system-gitconfig", "[include]\n\tpath = /tmp/x\n")
        let problems = RunIntegrity.check(before, repositoryRoot: fixture.root, environment: environment).errors
        #expect(problems.contains { $0.hasPrefix("\(fixture.path("home/.gitconfig")) was changed") }, "\(problems)")
        #expect(problems.contains { $0.hasPrefix("\(fixture.path("system-gitconfig")) was added") }, "\(problems)")
    }

    /// Where no probe could write the user's or system's configuration (a read-only world, the file outside the writable
    /// paths), another process changed it: a note, not an error; `.git`'s own files stay errors.
    @Test func aChangeNoProbeCouldHaveWrittenIsANoteNotAnError() throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit()
        try fixture.write("home/.gitconfig", "[user]\n\tname = ci\n")
        let environment = ["HOME": fixture.path("home"), "GIT_CONFIG_SYSTEM": fixture.path("system-gitconfig")]
        let before = try RunIntegrity.snapshot(repositoryRoot: fixture.root, environment: environment)
        try fixture.write("home/.gitconfig", "[user]\n\tname = someone else\n")
        try fixture.git("branch", "planted")
        let outsideTheirReach = RunIntegrity.check(before, repositoryRoot: fixture.root, environment: environment) { _ in false }
        #expect(outsideTheirReach.errors.count == 1 && outsideTheirReach.errors[0].contains("refs/heads/planted was added"), "\(outsideTheirReach)")
        #expect(outsideTheirReach.notes.count == 1, "\(outsideTheirReach)")
        #expect(outsideTheirReach.notes.first?.hasPrefix("\(fixture.path("home/.gitconfig")) was changed during the run by a process outside") == true)
        let inTheirReach = RunIntegrity.check(before, repositoryRoot: fixture.root, environment: environment) { $0 == fixture.path("home/.gitconfig") }
        #expect(inTheirReach.notes.isEmpty && inTheirReach.errors.contains { $0.hasPrefix("\(fixture.path("home/.gitconfig")) was changed") })
    }

    @Test func aMovedOrAddedRefMakesTheRunAnError() throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit()
        let environment = fixture.isolatedEnvironment
        let before = try RunIntegrity.snapshot(repositoryRoot: fixture.root, environment: environment)
        try fixture.git("branch", "planted")
        let problems = RunIntegrity.check(before, repositoryRoot: fixture.root, environment: environment).errors
        #expect(problems.contains { $0.contains("refs/heads/planted was added") }, "\(problems)")
    }

    @Test func nothingChangedIsNoProblem() throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit()
        let environment = ["HOME": fixture.path("home"), "GIT_CONFIG_SYSTEM": "/dev/null"]
        let before = try RunIntegrity.snapshot(repositoryRoot: fixture.root, environment: environment)
        #expect(RunIntegrity.check(before, repositoryRoot: fixture.root, environment: environment) == RunIntegrity.Findings())
    }

    /// The environment every gate of the suite gets names no git configuration of the machine's: another process
    /// editing `~/.gitconfig` or `/etc/gitconfig` while the suite runs cannot fail a test.
    @Test func theSuitesGatesReadNoGitConfigurationOfTheMachine() throws {
        let fixture = try GitFixture()
        let environment = SwiftPackageFixture.environment(for: fixture)
        let machineHome = ProcessInfo.processInfo.environment["HOME"] ?? "/root"
        #expect(environment["HOME"] != machineHome && environment["HOME"] == SwiftPackageFixture.testHome)
        let read = GitRepository.userConfigurationDigests(environment: environment).keys
        #expect(read.allSatisfy { $0.hasPrefix(SwiftPackageFixture.testHome + "/") || $0 == "/dev/null" }, "\(read.sorted())")
        // Without it, /etc/gitconfig is the system's configuration the gate compares.
        #expect(environment["GIT_CONFIG_SYSTEM"] == "/dev/null" && environment["XDG_CONFIG_HOME"] == "\(SwiftPackageFixture.testHome)/.config")
    }
}
