import Foundation
import GateTestSupport
import Testing
@testable import Verdict

/// The documented exit codes, observed on the built binary.
struct ExitCodeTests {
    private func repository(checklist: String) throws -> GitFixture {
        let fixture = try GitFixture()
        try fixture.makeRepository(committing: ["gate/cfa-change-gate.md": checklist])
        return fixture
    }

    @Test func versionAndHelpExitZeroAndDocumentTheExitCodes() throws {
        let fixture = try GitFixture()
        let version = try CFAGateBinary.run(["--version"], in: fixture)
        #expect(version.status == 0)
        #expect(version.standardOutput.hasPrefix("cfa-gate "))
        for command in ["run", "verify", "keygen", "list", "show"] {
            let help = try CFAGateBinary.run([command, "--help"], in: fixture)
            #expect(help.status == 0)
            #expect(help.standardOutput.contains("USAGE: cfa-gate \(command)"))
            #expect(help.standardOutput.contains("2  usage or configuration error"))
        }
    }

    @Test func usageErrorsExitTwoWithOneLine() throws {
        let fixture = try GitFixture()
        for arguments in [["frobnicate"], ["run", "--colour"], ["run", "--build-timeout", "soon"], ["verify"], ["keygen"]] {
            let result = try CFAGateBinary.run(arguments, in: fixture)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.standardError.split(separator: "\n").count == 1, "\(arguments): \(result.standardError)")
        }
    }

    @Test func passingFailingAndErroredRunsExitZeroOneAndThree() throws {
        let passing = try repository(checklist: "1. Fine. <!-- probe: command: true -->\n2. Person.\n")
        let passed = try CFAGateBinary.run(["run"], in: passing)
        #expect(passed.status == 0, "\(passed.standardError)")
        #expect(passed.standardOutput.contains("Result: PASSED"))
        #expect(passed.standardOutput.contains("Awaiting a person: items 2"))
        #expect(passed.standardOutput.contains("cfa-gate verify "))

        let failing = try repository(checklist: "1. Broken. <!-- probe: command: exit 5 -->\n")
        let failed = try CFAGateBinary.run(["run"], in: failing)
        #expect(failed.status == 1)
        #expect(failed.standardOutput.contains("exited 5"))

        // No swift on PATH: the build item is an error, never a pass.
        let noToolchain = try repository(checklist: "1. Builds. <!-- probe: build -->\n")
        try noToolchain.write("Package.swift", "// swift-tools-version:6.0\n")
        var environment = noToolchain.isolatedEnvironment
        environment["PATH"] = "/nonexistent"
        let errored = try CFAGateBinary.run(["run"], in: noToolchain, environment: environment)
        #expect(errored.status == 3)
        #expect(errored.standardOutput.contains("not found on PATH"))
    }

    @Test func configurationErrorsExitTwoAndWriteNoVerdict() throws {
        let outside = try GitFixture()
        let notRepository = try CFAGateBinary.run(["run"], in: outside)
        #expect(notRepository.status == 2)
        #expect(notRepository.standardError.contains("not inside a git repository"))

        let malformed = try repository(checklist: "# Gate\n\n1. One. <!-- probe: nope -->\n")
        let badChecklist = try CFAGateBinary.run(["run"], in: malformed)
        #expect(badChecklist.status == 2)
        #expect(badChecklist.standardError.contains("gate/cfa-change-gate.md:3"))
        #expect(!FileManager.default.fileExists(atPath: malformed.path(".git/cfa-gate/verdicts")))

        let missingKey = try CFAGateBinary.run(["run", "--key", "/nonexistent/key.pem"], in: malformed)
        #expect(missingKey.status == 2)
    }

    @Test func verifyAcceptsTheVerdictAndRejectsTamperingWrongKeysAndOtherCommits() throws {
        let fixture = try repository(checklist: "1. Fine. <!-- probe: command: true -->\n")
        #expect(try CFAGateBinary.run(["keygen", "--out", fixture.path("../ci-\(UUID()).pem")], in: fixture).status == 0)
        // Outside the working tree: a key the probes could read is refused.
        let keyPath = fixture.path("../cfa-gate-signing-\(UUID()).pem")
        defer { for suffix in ["", ".pub"] { try? FileManager.default.removeItem(atPath: keyPath + suffix) } }
        let keygen = try CFAGateBinary.run(["keygen", "--out", keyPath], in: fixture)
        #expect(keygen.status == 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: keyPath)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        try fixture.write(".gitignore", "signing.pem*\nout/\n")
        try fixture.git("add", ".gitignore")
        try fixture.git("commit", "-q", "-m", "ignore keys")

        let verdict = fixture.path("out/verdict.json")
        #expect(try CFAGateBinary.run(["run", "--key", keyPath, "--out", verdict], in: fixture).status == 0)
        let verified = try CFAGateBinary.run(["verify", verdict, "--pubkey", "\(keyPath).pub"], in: fixture)
        #expect(verified.status == 0, "\(verified.standardError)")
        #expect(verified.standardOutput.contains("result:    passed"))

        // A flipped byte inside the signed payload.
        var envelope = try VerdictFile.read(path: verdict)
        var payload = try #require(Data(base64Encoded: envelope.payload))
        payload[payload.count / 2] ^= 0x01
        envelope.payload = payload.base64EncodedString()
        try VerdictFile.write(envelope, to: fixture.path("out/tampered.json"))
        let tampered = try CFAGateBinary.run(["verify", fixture.path("out/tampered.json"), "--pubkey", "\(keyPath).pub"], in: fixture)
        #expect(tampered.status == 4)

        // Another key.
        let otherKey = fixture.path("signing.pem.other")
        #expect(try CFAGateBinary.run(["keygen", "--out", otherKey], in: fixture).status == 0)
        let wrongKey = try CFAGateBinary.run(["verify", verdict, "--pubkey", "\(otherKey).pub"], in: fixture)
        #expect(wrongKey.status == 4)

        // A corrupt file.
        try fixture.write("out/corrupt.json", "{\"payloadType\": ")
        let corrupt = try CFAGateBinary.run(["verify", fixture.path("out/corrupt.json"), "--pubkey", "\(keyPath).pub"], in: fixture)
        #expect(corrupt.status == 4)
        #expect(corrupt.standardError.contains("corrupt.json"))

        // A later commit: the verdict no longer speaks for HEAD.
        try fixture.write("more.txt", "x\n")
        try fixture.git("add", "more.txt")
        try fixture.git("commit", "-q", "-m", "more")
        let stale = try CFAGateBinary.run(["verify", verdict, "--pubkey", "\(keyPath).pub"], in: fixture)
        #expect(stale.status == 4)
        #expect(stale.standardError.contains("not \(try fixture.git("rev-parse", "HEAD"))"))
        let named = try CFAGateBinary.run(["verify", verdict, "--pubkey", "\(keyPath).pub", "--commit", "HEAD~1"], in: fixture)
        #expect(named.status == 0)
    }

    @Test func listAndShowRenderForPeople() throws {
        let fixture = try repository(checklist: "# Mini\n\n## Checks\n\n1. **Fine.** <!-- probe: command: true -->\n2. **Look at it.**\n")
        let list = try CFAGateBinary.run(["list"], in: fixture)
        #expect(list.status == 0)
        #expect(list.standardOutput.contains("1. Fine  [command: true]"))
        #expect(list.standardOutput.contains("2. Look at it  [person]"))

        let builtIn = try CFAGateBinary.run(["list", "--repo", fixture.path("..")], in: fixture)
        #expect(builtIn.standardOutput.contains("27 items"))

        #expect(try CFAGateBinary.run(["run", "--out", fixture.path(".git/v.json")], in: fixture).status == 0)
        let show = try CFAGateBinary.run(["show", fixture.path(".git/v.json")], in: fixture)
        #expect(show.status == 0)
        #expect(show.standardOutput.contains("Verdict:   PASSED"))
        #expect(show.standardOutput.contains("Signature: valid"))
        #expect(show.standardOutput.contains("[ ] 2. Look at it"))
    }
}
