import Foundation
import GateTestSupport
import Testing
@testable import Verdict

/// `run --shard I/N` on the built binary, then `merge`: the shards' verdicts become one that verifies.
struct ShardCommandTests {
    @Test func twoShardsMergeIntoOneVerdictAndAMissingOrTamperedShardDoesNot() throws {
        let fixture = try GitFixture()
        try SwiftPackageFixture.writeCalculator(into: fixture)
        try fixture.makeRepository(committing: [
            "gate/cfa-change-gate.md": """
                # Shards
                1. **Builds.** <!-- probe: build -->
                2. **Tests pass.** <!-- probe: test --filter Passing -->
                3. **Clean.** <!-- probe: git-clean -->
                """,
        ])
        let keys = FileManager.default.temporaryDirectory.appendingPathComponent("cfa-gate-shards-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: keys, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: keys) }
        #expect(try CFAGateBinary.run(["keygen", "--out", "\(keys)/ci.pem"], in: fixture).status == 0)

        var shards: [String] = []
        for index in 1...2 {
            let path = "\(keys)/shard-\(index).json"
            let run = try CFAGateBinary.run(
                ["run", "--shard", "\(index)/2", "--key", "\(keys)/ci.pem", "--out", path, "--no-progress"], in: fixture)
            #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
            shards.append(path)
        }
        let first = try DSSE.unverifiedStatement(in: try VerdictFile.read(path: shards[0])).predicate
        let second = try DSSE.unverifiedStatement(in: try VerdictFile.read(path: shards[1])).predicate
        #expect(first.items.map(\.number) == [1, 2, 3])
        #expect(second.items.map(\.number) == [1, 2], "only shard 1 runs the items that judge the whole commit")
        let firstShare = try #require(first.shard?.tests), secondShare = try #require(second.shard?.tests)
        #expect(Set(firstShare).isDisjoint(with: secondShare))
        #expect(firstShare.count + secondShare.count == 3)
        #expect(first.shard?.planSHA256 == second.shard?.planSHA256)

        // One shard alone is authentic but never a passing verdict: a partial matrix must not pass.
        let alone = try CFAGateBinary.run(["verify", shards[0], "--pubkey", "\(keys)/ci.pem.pub"], in: fixture)
        #expect(alone.status == 1, "\(alone.standardOutput)\(alone.standardError)")
        #expect(alone.standardOutput.contains("shard:     1/2 — a share of the run"))

        let merged = "\(keys)/merged.json"
        let merge = try CFAGateBinary.run(
            ["merge"] + shards + ["--out", merged, "--key", "\(keys)/ci.pem", "--pubkey", "\(keys)/ci.pem.pub"], in: fixture)
        #expect(merge.status == 0, "\(merge.standardOutput)\(merge.standardError)")
        #expect(merge.standardOutput.contains("merged 2 shard verdicts"))
        let verify = try CFAGateBinary.run(["verify", merged, "--pubkey", "\(keys)/ci.pem.pub"], in: fixture)
        #expect(verify.status == 0, "\(verify.standardOutput)\(verify.standardError)")
        let whole = try DSSE.unverifiedStatement(in: try VerdictFile.read(path: merged)).predicate
        #expect(whole.mergedShards?.map(\.index) == [1, 2])
        #expect(Set(whole.items.first { $0.number == 2 }?.evidence.testCases?.map(\.id) ?? []) == Set(firstShare + secondShare))

        // The merged verdict is an ordinary DSSE envelope: openssl checks it as the README's recipe does.
        let mergedEnvelope = try VerdictFile.read(path: merged)
        let payloadBytes = try #require(Data(base64Encoded: mergedEnvelope.payload))
        let signature = try #require(mergedEnvelope.signatures.first.flatMap { Data(base64Encoded: $0.sig) })
        let type = mergedEnvelope.payloadType
        var pae = Data("DSSEv1 \(type.utf8.count) \(type) \(payloadBytes.count) ".utf8)
        pae.append(payloadBytes)
        try pae.write(to: URL(fileURLWithPath: "\(keys)/pae.bin"))
        try signature.write(to: URL(fileURLWithPath: "\(keys)/signature.bin"))
        let openssl = try fixture.run(
            "/usr/bin/env",
            ["openssl", "pkeyutl", "-verify", "-pubin", "-inkey", "\(keys)/ci.pem.pub", "-rawin", "-in", "\(keys)/pae.bin",
             "-sigfile", "\(keys)/signature.bin"], environment: ProcessInfo.processInfo.environment)
        #expect(openssl.status == 0, "\(openssl.standardOutput)\(openssl.standardError)")

        // A matrix job that never uploaded its verdict: the merge fails and names the shard.
        let missing = try CFAGateBinary.run(
            ["merge", shards[0], "\(keys)/shard-9.json", "--out", "\(keys)/partial.json", "--key", "\(keys)/ci.pem",
             "--pubkey", "\(keys)/ci.pem.pub"], in: fixture)
        #expect(missing.status == 1, "\(missing.standardOutput)\(missing.standardError)")
        #expect(missing.standardOutput.contains("shard 2/2 missing"))

        // A shard whose payload was edited does not verify: exit 4, and no merged verdict is written.
        var envelope = try VerdictFile.read(path: shards[1])
        var payload = try #require(Data(base64Encoded: envelope.payload))
        payload[payload.count / 2] ^= 0x01
        envelope.payload = payload.base64EncodedString()
        try VerdictFile.write(envelope, to: "\(keys)/tampered.json")
        let tampered = try CFAGateBinary.run(
            ["merge", shards[0], "\(keys)/tampered.json", "--out", "\(keys)/never.json", "--key", "\(keys)/ci.pem",
             "--pubkey", "\(keys)/ci.pem.pub"], in: fixture)
        #expect(tampered.status == 4, "\(tampered.standardOutput)\(tampered.standardError)")
        #expect(!FileManager.default.fileExists(atPath: "\(keys)/never.json"))
    }
}
