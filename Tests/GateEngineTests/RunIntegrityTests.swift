import Foundation
import GateTestSupport
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
        let problems = RunIntegrity.check(before, repositoryRoot: fixture.root, environment: environment)
        #expect(problems.contains { $0.hasPrefix("\(fixture.path("home/.gitconfig")) was changed") }, "\(problems)")
        #expect(problems.contains { $0.hasPrefix("\(fixture.path("system-gitconfig")) was added") }, "\(problems)")
    }

    @Test func aMovedOrAddedRefMakesTheRunAnError() throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit()
        let before = try RunIntegrity.snapshot(repositoryRoot: fixture.root, environment: [:])
        try fixture.git("branch", "planted")
        let problems = RunIntegrity.check(before, repositoryRoot: fixture.root, environment: [:])
        #expect(problems.contains { $0.contains("refs/heads/planted was added") }, "\(problems)")
    }

    @Test func nothingChangedIsNoProblem() throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit()
        let environment = ["HOME": fixture.path("home")]
        let before = try RunIntegrity.snapshot(repositoryRoot: fixture.root, environment: environment)
        #expect(RunIntegrity.check(before, repositoryRoot: fixture.root, environment: environment).isEmpty)
    }
}
