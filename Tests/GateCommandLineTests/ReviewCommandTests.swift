import Foundation
import GateTestSupport
import Testing
@testable import Verdict

/// `cfa-gate review` and `verify --require-reviews` on the built binary: a person's signed sign-off of the manual
/// items of one exact, passing verdict, counted only for the reviewers the protected branch lists.
struct ReviewCommandTests {
    /// Key pairs outside every working tree, as a reviewer's and a CI key are kept.
    struct Keys {
        let directory: String

        init() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("cfa-gate-reviews-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }

        func make(_ name: String) throws -> String {
            let key = try SigningKey.generate()
            try key.write(to: pem(name), overwrite: false)
            return key.publicKey.derBase64
        }

        func pem(_ name: String) -> String { "\(directory)/\(name).pem" }
        func pub(_ name: String) -> String { "\(directory)/\(name).pem.pub" }
        func remove() { try? FileManager.default.removeItem(atPath: directory) }
    }

    static func checklist(_ automated: String = "command: true", options: String = "") -> String {
        """
        # Gate
        \(options)
        1. **Automated.** <!-- probe: \(automated) -->
        27. **Someone has read the change end to end.** <!-- probe: manual -->

        """
    }

    @Test func onlyAnApprovalOfThisVerdictByAKeyTheProtectedBranchListsCounts() throws {
        let keys = try Keys()
        defer { keys.remove() }
        _ = try keys.make("gate")
        let alice = try keys.make("alice"), mallory = try keys.make("mallory")
        let fixture = try ChangeFixture.make(
            base: ["gate/cfa-change-gate.md": Self.checklist(), "gate/reviewers": "# who may sign\nalice \(alice)  # the lead\n"],
            change: ["gate/reviewers": "alice \(alice)\nmallory \(mallory)\n", "App.txt": "feature\n"])
        let verdict = fixture.path("v.json")
        let run = try CFAGateBinary.run(["run", "--no-progress", "--key", keys.pem("gate"), "--out", verdict], in: fixture)
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        // The change listing its own reviewer is a policy change for the person who merges, not a reviewer.
        #expect(run.standardOutput.contains("reviewer mallory (key "), "\(run.standardOutput)")
        let policyFiles = try #require((try ChangeFixture.predicate(ofVerdictAt: verdict)["policy"] as? [String: Any])?["files"] as? [[String: Any]])
        #expect(policyFiles.contains { $0["role"] as? String == "reviewers" && $0["blob"] as? String == (try? fixture.git("rev-parse", "main:gate/reviewers")) })

        let verify = ["verify", verdict, "--pubkey", keys.pub("gate"), "--policy-ref", "main"]
        let plain = try CFAGateBinary.run(verify, in: fixture)
        #expect(plain.status == 0, "\(plain.standardOutput)\(plain.standardError)")
        #expect(plain.standardOutput.contains("awaiting a person: items 27"))
        let required = verify + ["--require-reviews"]
        let none = try CFAGateBinary.run(required, in: fixture)
        #expect(none.status == 1, "\(none.standardOutput)\(none.standardError)")
        #expect(none.standardOutput.contains("[ ] 27. Someone has read the change end to end — awaiting"), "\(none.standardOutput)")
        #expect(none.standardOutput.contains("NOT DONE — item 27 still awaits 1 approval"))

        // Mallory's key is only in the change's own gate/reviewers: signed, but not counted.
        let byMallory = try CFAGateBinary.run(
            ["review", verdict, "--key", keys.pem("mallory"), "--pubkey", keys.pub("gate"), "--approve", "all"], in: fixture)
        #expect(byMallory.status == 0, "\(byMallory.standardOutput)\(byMallory.standardError)")
        let unlisted = try CFAGateBinary.run(required, in: fixture)
        #expect(unlisted.status == 1)
        #expect(unlisted.standardOutput.contains("which gate/reviewers at main does not list — not counted"), "\(unlisted.standardOutput)")
        // A review file's name is shown, and cleaned: it came with the reviews, not from the gate.
        let malloryReview = "\(verdict).reviews/\(try SigningKey.load(path: keys.pem("mallory")).publicKey.keyID).json"
        try FileManager.default.moveItem(atPath: malloryReview, toPath: "\(verdict).reviews/\u{1B}[2Jhostile.json")
        let hostile = try CFAGateBinary.run(required, in: fixture)
        #expect(hostile.standardOutput.contains("ignored: hostile.json: signed by key "), "\(hostile.standardOutput)")
        #expect(!hostile.standardOutput.contains("\u{1B}"))

        // Alice's approval of another verdict of the same commit does not move to this one.
        let other = fixture.path("other.json")
        #expect(try CFAGateBinary.run(["run", "--no-progress", "--key", keys.pem("gate"), "--out", other], in: fixture).status == 0)
        let ofOther = try CFAGateBinary.run(
            ["review", other, "--key", keys.pem("alice"), "--pubkey", keys.pub("gate"), "--approve", "27",
             "--out", "\(verdict).reviews/alice-of-other.json"], in: fixture)
        #expect(ofOther.status == 0, "\(ofOther.standardError)")
        let moved = try CFAGateBinary.run(required, in: fixture)
        #expect(moved.status == 1)
        #expect(moved.standardOutput.contains("alice's review of another verdict"), "\(moved.standardOutput)")
        try FileManager.default.removeItem(atPath: "\(verdict).reviews/alice-of-other.json")

        let approve = try CFAGateBinary.run(
            ["review", verdict, "--key", keys.pem("alice"), "--pubkey", keys.pub("gate"), "--approve", "27", "--note", "read it end to end"],
            in: fixture)
        #expect(approve.status == 0, "\(approve.standardOutput)\(approve.standardError)")
        #expect(approve.standardOutput.contains("[x] 27. Someone has read the change end to end — approved by you"), "\(approve.standardOutput)")
        let reviewPath = "\(verdict).reviews/\(try SigningKey.load(path: keys.pem("alice")).publicKey.keyID).json"
        #expect(FileManager.default.fileExists(atPath: reviewPath))
        let approved = try CFAGateBinary.run(required, in: fixture)
        #expect(approved.status == 0, "\(approved.standardOutput)\(approved.standardError)")
        #expect(approved.standardOutput.contains("approved by alice: \"read it end to end\""))
        #expect(approved.standardOutput.contains("reviews:   every manual item approved"))

        // Every report lists who signed; the Markdown page gives a reviewer the exact command.
        let text = try CFAGateBinary.run(["show", verdict, "--pubkey", keys.pub("gate")], in: fixture)
        // Mallory's review is shown as what it is: a key the base does not list.
        #expect(text.standardOutput.contains("(not in gate/reviewers at the base) · approved by alice: \"read it end to end\""),
                "\(text.standardOutput)")
        let markdown = try CFAGateBinary.run(["show", verdict, "--format", "markdown"], in: fixture).standardOutput
        #expect(markdown.contains("- [x] 27. Someone has read the change end to end — approved by key "), "\(markdown)")
        #expect(markdown.contains(" · approved by alice: “read it end to end”"))
        // The verdict `show` read, not the default path.
        #expect(markdown.contains("cfa-gate review \(verdict) --key REVIEWER_KEY_FILE --approve 27"), "\(markdown)")
        let html = try CFAGateBinary.run(["show", verdict, "--format", "html"], in: fixture).standardOutput
        #expect(html.contains("<input type=\"checkbox\" checked> <strong>27.</strong>"))
        #expect(html.contains("approved by alice: “read it end to end”"))

        // A review altered after signing is corrupt: exit 4.
        let original = try Data(contentsOf: URL(fileURLWithPath: reviewPath))
        var envelope = try VerdictFile.read(path: reviewPath)
        var payload = try #require(Data(base64Encoded: envelope.payload))
        payload[payload.count / 2] ^= 0x01
        envelope.payload = payload.base64EncodedString()
        try VerdictFile.write(envelope, to: reviewPath)
        let tampered = try CFAGateBinary.run(required, in: fixture)
        #expect(tampered.status == 4, "\(tampered.standardOutput)\(tampered.standardError)")
        #expect(tampered.standardError.contains("the review by alice does not verify"), "\(tampered.standardError)")
        try original.write(to: URL(fileURLWithPath: reviewPath))
        #expect(try CFAGateBinary.run(required, in: fixture).status == 0)

        // Alice changes her mind: signing again replaces her review, and a rejection fails with her note.
        let reject = try CFAGateBinary.run(
            ["review", verdict, "--key", keys.pem("alice"), "--pubkey", keys.pub("gate"), "--reject", "27",
             "--note", "the feature reads the repository directly"], in: fixture)
        #expect(reject.status == 0, "\(reject.standardError)")
        let rejected = try CFAGateBinary.run(required, in: fixture)
        #expect(rejected.status == 1, "\(rejected.standardOutput)")
        #expect(rejected.standardOutput.contains("[!] 27. Someone has read the change end to end — rejected by alice: \"the feature reads the repository directly\""),
                "\(rejected.standardOutput)")
        #expect(rejected.standardOutput.contains("REJECTED — item 27 by alice"))
    }

    @Test func reviewRefusesAFailedVerdictATamperedOneAndItemsThatAreNotManual() throws {
        let keys = try Keys()
        defer { keys.remove() }
        _ = try keys.make("gate")
        let alice = try keys.make("alice")
        let fixture = try ChangeFixture.make(
            base: ["gate/cfa-change-gate.md": Self.checklist("command: test -f ok.txt"), "gate/reviewers": "alice \(alice)\n", "ok.txt": "x\n"],
            change: [:], removing: ["ok.txt"])
        let failed = fixture.path("failed.json")
        #expect(try CFAGateBinary.run(["run", "--no-progress", "--key", keys.pem("gate"), "--out", failed], in: fixture).status == 1)
        let review = ["--key", keys.pem("alice"), "--pubkey", keys.pub("gate")]
        let onFailed = try CFAGateBinary.run(["review", failed] + review + ["--approve", "all"], in: fixture)
        #expect(onFailed.status == 2, "\(onFailed.standardOutput)\(onFailed.standardError)")
        #expect(onFailed.standardError.contains("the verdict's result is failed — a person signs off on top of a machine pass"))
        #expect(!FileManager.default.fileExists(atPath: "\(failed).reviews"))

        try fixture.write("ok.txt", "x\n")
        try fixture.git("add", "-A")
        try fixture.git("commit", "-q", "-m", "restore")
        let passed = fixture.path("passed.json")
        #expect(try CFAGateBinary.run(["run", "--no-progress", "--key", keys.pem("gate"), "--out", passed], in: fixture).status == 0)
        let automated = try CFAGateBinary.run(["review", passed] + review + ["--approve", "1,27"], in: fixture)
        #expect(automated.status == 2)
        #expect(automated.standardError.contains("item 1 is not a manual item of this verdict (manual: 27)"), "\(automated.standardError)")
        let byGate = try CFAGateBinary.run(
            ["review", passed, "--key", keys.pem("gate"), "--pubkey", keys.pub("gate"), "--approve", "27"], in: fixture)
        #expect(byGate.status == 2)
        #expect(byGate.standardError.contains("is the key that signed the verdict"), "\(byGate.standardError)")
        let noItems = try CFAGateBinary.run(["review", passed, "--key", keys.pem("alice")], in: fixture)
        #expect(noItems.status == 2)

        var envelope = try VerdictFile.read(path: passed)
        var payload = try #require(Data(base64Encoded: envelope.payload))
        payload[payload.count / 2] ^= 0x01
        envelope.payload = payload.base64EncodedString()
        let tampered = fixture.path("tampered.json")
        try VerdictFile.write(envelope, to: tampered)
        let onTampered = try CFAGateBinary.run(["review", tampered] + review + ["--approve", "27"], in: fixture)
        #expect(onTampered.status == 4, "\(onTampered.standardOutput)\(onTampered.standardError)")
        #expect(!FileManager.default.fileExists(atPath: "\(tampered).reviews"))
    }

    @Test func reviewsRequiredCountsDistinctListedReviewersWithinTheirItems() throws {
        let keys = try Keys()
        defer { keys.remove() }
        _ = try keys.make("gate")
        let alice = try keys.make("alice"), bob = try keys.make("bob"), carol = try keys.make("carol")
        let fixture = try ChangeFixture.make(
            base: [
                "gate/cfa-change-gate.md": Self.checklist(options: "<!-- cfa-gate: reviews-required=2 -->\n"),
                "gate/reviewers": "alice \(alice)\nbob \(bob) items=26\ncarol \(carol) items=27\n",
            ],
            change: ["App.txt": "feature\n"])
        let verdict = fixture.path("v.json")
        #expect(try CFAGateBinary.run(["run", "--no-progress", "--key", keys.pem("gate"), "--out", verdict], in: fixture).status == 0)
        for name in ["alice", "bob"] {
            let signed = try CFAGateBinary.run(
                ["review", verdict, "--key", keys.pem(name), "--pubkey", keys.pub("gate"), "--approve", "27"], in: fixture)
            #expect(signed.status == 0, "\(signed.standardError)")
        }
        let required = ["verify", verdict, "--pubkey", keys.pub("gate"), "--policy-ref", "main", "--require-reviews"]
        let short = try CFAGateBinary.run(required, in: fixture)
        #expect(short.status == 1, "\(short.standardOutput)")
        #expect(short.standardOutput.contains("each manual item needs 2 approvals by distinct reviewers"))
        #expect(short.standardOutput.contains("bob may not sign for item 27 (items= on line 2 of gate/reviewers) — not counted"), "\(short.standardOutput)")
        let signed = try CFAGateBinary.run(
            ["review", verdict, "--key", keys.pem("carol"), "--pubkey", keys.pub("gate"), "--approve", "27"], in: fixture)
        #expect(signed.status == 0)
        let enough = try CFAGateBinary.run(required, in: fixture)
        #expect(enough.status == 0, "\(enough.standardOutput)\(enough.standardError)")
    }

    @Test func aMalformedReviewersLineIsAPolicyErrorNamingTheLine() throws {
        let keys = try Keys()
        defer { keys.remove() }
        let alice = try keys.make("alice")
        let fixture = try ChangeFixture.make(
            base: ["gate/cfa-change-gate.md": Self.checklist(), "gate/reviewers": "alice \(alice)\n\nbob not-a-key\n"], change: ["App.txt": "x\n"])
        let run = try CFAGateBinary.run(["run", "--no-progress", "--out", fixture.path("v.json")], in: fixture)
        #expect(run.status == 2, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardError.contains("gate/reviewers:3: 'not-a-key' is not the base64 of an Ed25519 public key"), "\(run.standardError)")
        #expect(!FileManager.default.fileExists(atPath: fixture.path("v.json")))
    }

    @Test func aReviewerRemovedOnTheProtectedBranchStopsCountingAndAMalformedListIsAPolicyError() throws {
        let keys = try Keys()
        defer { keys.remove() }
        _ = try keys.make("gate")
        let alice = try keys.make("alice")
        let fixture = try ChangeFixture.make(
            base: ["gate/cfa-change-gate.md": Self.checklist(), "gate/reviewers": "alice \(alice)\n"], change: ["App.txt": "x\n"])
        let verdict = fixture.path("v.json")
        #expect(try CFAGateBinary.run(["run", "--no-progress", "--key", keys.pem("gate"), "--out", verdict], in: fixture).status == 0)
        let signed = try CFAGateBinary.run(
            ["review", verdict, "--key", keys.pem("alice"), "--pubkey", keys.pub("gate"), "--approve", "all"], in: fixture)
        #expect(signed.status == 0, "\(signed.standardError)")
        let required = ["verify", verdict, "--pubkey", keys.pub("gate"), "--policy-ref", "main", "--require-reviews"]
        #expect(try CFAGateBinary.run(required, in: fixture).status == 0)

        // Alice's key is stolen: her line goes from main, and her review stops counting without a new run.
        func commitOnMain(_ reviewers: String) throws {
            try fixture.git("checkout", "-q", "main")
            try fixture.write("gate/reviewers", reviewers)
            try fixture.git("commit", "-q", "-am", "reviewers")
            try fixture.git("checkout", "-q", "change")
        }
        try commitOnMain("# alice revoked\n")
        let revoked = try CFAGateBinary.run(required, in: fixture)
        #expect(revoked.status == 1, "\(revoked.standardOutput)\(revoked.standardError)")
        #expect(revoked.standardOutput.contains("which gate/reviewers at main does not list — not counted"))
        #expect(revoked.standardOutput.contains("NOT DONE — item 27"))

        try commitOnMain("alice \(alice) items=27,\n")
        let malformed = try CFAGateBinary.run(required, in: fixture)
        #expect(malformed.status == 2, "\(malformed.standardOutput)\(malformed.standardError)")
        #expect(malformed.standardError.contains("gate/reviewers:1: 'items=27,' must list item numbers"), "\(malformed.standardError)")
        let usage = try CFAGateBinary.run(["verify", verdict, "--pubkey", keys.pub("gate"), "--require-reviews"], in: fixture)
        #expect(usage.status == 2)
        #expect(usage.standardError.contains("--require-reviews needs --policy-ref REV"))
    }

    @Test func aShardsVerdictCannotBeReviewed() throws {
        let keys = try Keys()
        defer { keys.remove() }
        _ = try keys.make("gate")
        _ = try keys.make("alice")
        let fixture = try GitFixture()
        try fixture.makeRepository(committing: [:])
        var statement = SampleVerdicts.passing
        statement.predicate.shard = ShardRecord(index: 1, count: 2, planSHA256: "00", balance: "hash", tests: [])
        let path = fixture.path("shard.json")
        try VerdictFile.write(try DSSE.sign(statement: statement, with: try SigningKey.load(path: keys.pem("gate"))), to: path)
        let review = try CFAGateBinary.run(
            ["review", path, "--key", keys.pem("alice"), "--pubkey", keys.pub("gate"), "--approve", "all"], in: fixture)
        #expect(review.status == 2, "\(review.standardOutput)\(review.standardError)")
        #expect(review.standardError.contains("is shard 1/2's verdict, never a verdict on its own — review the verdict `cfa-gate merge` writes"))
    }

    /// Documentation/Signing.md's "Verifying without cfa-gate" recipe, run as written with jq, base64 and openssl: the verdict's
    /// signature and policy, then the review's signature and its subject digest against `sha256sum` of the verdict.
    @Test func theSigningPageRecipeVerifiesTheVerdictAndTheReviewWithOpenSSL() throws {
        let keys = try Keys()
        defer { keys.remove() }
        _ = try keys.make("gate")
        let alice = try keys.make("alice")
        let fixture = try ChangeFixture.make(
            base: ["gate/cfa-change-gate.md": Self.checklist(), "gate/reviewers": "alice \(alice)\n"], change: ["App.txt": "x\n"])
        #expect(try CFAGateBinary.run(["run", "--no-progress", "--key", keys.pem("gate")], in: fixture).status == 0)
        let verdict = fixture.path(".git/cfa-gate/verdicts/\(try fixture.git("rev-parse", "HEAD")).json")
        let signed = try CFAGateBinary.run(
            ["review", verdict, "--key", keys.pem("alice"), "--pubkey", keys.pub("gate"), "--approve", "27", "--note", "fine"], in: fixture)
        #expect(signed.status == 0, "\(signed.standardError)")
        try FileManager.default.createDirectory(atPath: fixture.path(".github"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: keys.pub("gate"), toPath: fixture.path(".github/cfa-gate.pub"))

        let signing = try String(contentsOfFile: Self.repositoryRoot + "/Documentation/Signing.md", encoding: .utf8)
        let section = try #require(signing.components(separatedBy: "## Verifying without cfa-gate").dropFirst().first)
        let recipe = try #require(section.components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "```").first)
        let result = try fixture.run(
            "/usr/bin/env", ["bash", "-c", "set -euo pipefail\n" + recipe], environment: fixture.isolatedEnvironment)
        #expect(result.status == 0, "\(recipe)\n\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.components(separatedBy: "Signature Verified Successfully").count == 3, "\(result.standardOutput)")
        #expect(result.standardOutput.contains("approved [27] rejected []: fine"), "\(result.standardOutput)")

        // The same steps fail once the verdict file is not the one reviewed.
        try FileManager.default.removeItem(atPath: verdict)
        #expect(try CFAGateBinary.run(["run", "--no-progress", "--key", keys.pem("gate")], in: fixture).status == 0)
        let moved = try fixture.run("/usr/bin/env", ["bash", "-c", "set -euo pipefail\n" + recipe], environment: fixture.isolatedEnvironment)
        #expect(moved.status != 0, "\(moved.standardOutput)")
    }

    static var repositoryRoot: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    }
}
