import Foundation
import GateTestSupport
import Testing
@testable import GateEngine
@testable import Git
@testable import Verdict

struct GateConfigurationErrorTests {
    private func options(_ root: String) -> GateOptions {
        GateOptions(repositoryPath: root, environment: [:], tool: ToolInfo(name: "cfa-gate", version: "test"))
    }

    @Test func notAGitRepositoryIsAConfigurationError() async throws {
        let fixture = try GitFixture()
        await #expect(throws: GateError.repository(.notARepository(fixture.root))) { try await Gate.run(options(fixture.root)) }
        #expect(GateError.repository(.notARepository(fixture.root)).exitCode == 2)
    }

    @Test func aRepositoryWithoutCommitsIsAConfigurationError() async throws {
        let fixture = try GitFixture()
        try fixture.git("init", "-q", "-b", "main")
        do {
            _ = try await Gate.run(options(fixture.root))
            Issue.record("expected an error")
        } catch {
            guard case .repository(.noCommits) = error else { Issue.record("got \(error)"); return }
            #expect(error.exitCode == 2)
        }
    }

    @Test func aMalformedChecklistNamesItsFileAndLine() async throws {
        let fixture = try GitFixture()
        try fixture.makeRepository(committing: ["gate/cfa-change-gate.md": "# Gate\n\n1. One <!-- probe: biuld -->\n"])
        do {
            _ = try await Gate.run(options(fixture.root))
            Issue.record("expected an error")
        } catch {
            guard case .checklist = error else { Issue.record("got \(error)"); return }
            #expect(error.description.hasPrefix("gate/cfa-change-gate.md:3:"))
            #expect(error.description.contains("biuld"))
            #expect(error.exitCode == 2)
        }
    }

    @Test func anUnreadableKeyIsAConfigurationErrorBeforeAnyProbeRuns() async throws {
        let fixture = try GitFixture()
        try fixture.makeRepository(committing: ["gate/cfa-change-gate.md": "1. Marker. <!-- probe: command: touch ran-marker -->\n"])
        let keys = try GitFixture()  // outside the working tree
        try keys.write("bad.pem", "not a key\n")
        var options = options(fixture.root)
        options.keyPath = keys.path("bad.pem")
        do {
            _ = try await Gate.run(options)
            Issue.record("expected an error")
        } catch {
            guard case .key = error else { Issue.record("got \(error)"); return }
            #expect(error.exitCode == 2)
        }
        #expect(!FileManager.default.fileExists(atPath: fixture.path("ran-marker")))
    }

    @Test func withoutAChecklistOfItsOwnTheBuiltInOneIsUsed() throws {
        let fixture = try GitFixture()
        #expect(ChecklistSource.choose(explicitPath: nil, repositoryRoot: fixture.root) == .builtIn)
        try fixture.write("gate/cfa-change-gate.md", "1. x\n")
        #expect(ChecklistSource.choose(explicitPath: nil, repositoryRoot: fixture.root) == .repository(fixture.path("gate/cfa-change-gate.md")))
        #expect(ChecklistSource.choose(explicitPath: "/elsewhere.md", repositoryRoot: fixture.root) == .file("/elsewhere.md"))
    }
}

struct SigningKeySourceTests {
    @Test func theEnvironmentMayHoldTheKeyItselfOrItsPathAndVerifyTrustsItsPublicHalf() throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit()
        let key = try SigningKey.generate()
        try key.write(to: fixture.path("ci.pem"), overwrite: false)
        let gitDirectory = fixture.path(".git")
        let pem = try String(contentsOfFile: fixture.path("ci.pem"), encoding: .utf8)
        for value in [pem, fixture.path("ci.pem")] {
            let environment = [SigningKeyResolver.environmentVariable: value]
            let resolved = try SigningKeyResolver.resolve(keyPath: nil, environment: environment, gitDirectory: gitDirectory)
            #expect(resolved.signer.source == "environment")
            #expect(resolved.signer.keyID == key.publicKey.keyID)
            #expect(try SigningKeyResolver.defaultPublicKey(environment: environment, gitDirectory: gitDirectory) == key.publicKey)
        }
        #expect(!FileManager.default.fileExists(atPath: SigningKeyResolver.localKeyPath(gitDirectory: gitDirectory)))
    }

    @Test func withoutAnyKeyALocalOneIsCreatedOnceAndSaysSo() throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit()
        let gitDirectory = fixture.path(".git")
        let first = try SigningKeyResolver.resolve(keyPath: nil, environment: [:], gitDirectory: gitDirectory)
        let second = try SigningKeyResolver.resolve(keyPath: nil, environment: [:], gitDirectory: gitDirectory)
        #expect(first.signer.source == "local")
        #expect(first.signer.note?.contains("not who made it") == true)
        #expect(first.signer.keyID == second.signer.keyID)
        let mode = try FileManager.default.attributesOfItem(atPath: SigningKeyResolver.localKeyPath(gitDirectory: gitDirectory))[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }
}
