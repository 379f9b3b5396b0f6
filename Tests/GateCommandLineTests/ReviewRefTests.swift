import Foundation
import GateTestSupport
import Testing
@testable import Verdict

/// `review --reviews-ref` and `verify --require-reviews --reviews-ref`: reviews kept in git objects, where a rejection
/// stands until the same reviewer signs again — putting an approval file back, or deleting the rejection in a later
/// commit, does not undo it.
struct ReviewRefTests {
    static let ref = "refs/cfa-gate/reviews"

    /// A passing verdict with manual item 27 that main's gate/reviewers lets alice sign.
    struct Signed {
        let keys: ReviewCommandTests.Keys
        let fixture: GitFixture
        let verdict: String

        init() throws {
            keys = try ReviewCommandTests.Keys()
            _ = try keys.make("gate")
            let alice = try keys.make("alice")
            fixture = try ChangeFixture.make(
                base: ["gate/cfa-change-gate.md": ReviewCommandTests.checklist(), "gate/reviewers": "alice \(alice)\n"],
                change: ["App.txt": "feature\n"])
            verdict = fixture.path("v.json")
            let run = try CFAGateBinary.run(["run", "--no-progress", "--key", keys.pem("gate"), "--out", verdict], in: fixture)
            #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        }

        func review(_ arguments: [String]) throws -> ProcessResult {
            try CFAGateBinary.run(["review", verdict, "--key", keys.pem("alice"), "--pubkey", keys.pub("gate")] + arguments, in: fixture)
        }

        func verify(_ arguments: [String]) throws -> ProcessResult {
            try CFAGateBinary.run(
                ["verify", verdict, "--pubkey", keys.pub("gate"), "--policy-ref", "main", "--require-reviews"] + arguments, in: fixture)
        }
    }

    @Test func anApprovalFilePutBackDoesNotUndoARejectionInTheRef() throws {
        let signed = try Signed()
        defer { signed.keys.remove() }
        let approvalFile = signed.fixture.path("approval.json")
        let approve = try signed.review(["--approve", "all", "--note", "read it", "--reviews-ref", Self.ref, "--out", approvalFile])
        #expect(approve.status == 0, "\(approve.standardOutput)\(approve.standardError)")
        #expect(approve.standardOutput.contains("\(Self.ref) at "), "\(approve.standardOutput)")
        let reject = try signed.review(["--reject", "27", "--note", "the slice is wrong", "--reviews-ref", Self.ref])
        #expect(reject.status == 0, "\(reject.standardOutput)\(reject.standardError)")
        #expect(try signed.fixture.git("rev-list", "--count", Self.ref) == "2")
        #expect(!FileManager.default.fileExists(atPath: "\(signed.verdict).reviews"), "--reviews-ref alone writes no file")

        // Whoever can write the folder puts the earlier approval back: a folder cannot tell, and says so.
        let folder = signed.fixture.path("reviews")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: approvalFile, toPath: "\(folder)/alice.json")
        let fromFolder = try signed.verify(["--reviews", folder])
        #expect(fromFolder.status == 0, "\(fromFolder.standardOutput)\(fromFolder.standardError)")
        #expect(fromFolder.standardOutput.contains("note:      reviews read from the folder \(folder): a deletion there cannot be detected"))
        #expect(fromFolder.standardOutput.contains("--reviews-ref REF"))

        let fromRef = try signed.verify(["--reviews-ref", Self.ref])
        #expect(fromRef.status == 1, "\(fromRef.standardOutput)\(fromRef.standardError)")
        #expect(fromRef.standardOutput.contains("REJECTED — item 27 by alice"), "\(fromRef.standardOutput)")
        #expect(fromRef.standardOutput.contains("the slice is wrong"))
        #expect(fromRef.standardOutput.contains("alice's review signed "), "the earlier approval is listed as replaced: \(fromRef.standardOutput)")
        #expect(!fromRef.standardOutput.contains("note:"))

        // She signs again: her newest review counts.
        let again = try signed.review(["--approve", "all", "--note", "fixed", "--reviews-ref", Self.ref])
        #expect(again.status == 0)
        let approved = try signed.verify(["--reviews-ref", Self.ref])
        #expect(approved.status == 0, "\(approved.standardOutput)\(approved.standardError)")
    }

    @Test func aRejectionALaterCommitDeletedStillCountsAndAForceMovedRefIsRefused() throws {
        let signed = try Signed()
        defer { signed.keys.remove() }
        let fixture = signed.fixture
        #expect(try signed.review(["--approve", "all", "--reviews-ref", Self.ref]).status == 0)
        let approvalTip = try fixture.git("rev-parse", Self.ref)
        #expect(try signed.review(["--reject", "27", "--note", "no", "--reviews-ref", Self.ref]).status == 0)
        let rejectionTip = try fixture.git("rev-parse", Self.ref)
        let name = try fixture.git("ls-tree", "--name-only", Self.ref)

        // A later commit, made with plain git, puts the approval back in the rejection's place.
        try fixture.git("worktree", "add", "-q", "--detach", "edit", rejectionTip)
        try fixture.git("checkout", approvalTip, "--", name, in: "edit")
        try fixture.git("commit", "-q", "-m", "restore the approval", in: "edit")
        try fixture.git("update-ref", Self.ref, try fixture.git("rev-parse", "HEAD", in: "edit"), rejectionTip)
        #expect(try fixture.git("show", "\(Self.ref):\(name)") == (try fixture.git("show", "\(approvalTip):\(name)")))
        let deleted = try signed.verify(["--reviews-ref", Self.ref])
        #expect(deleted.status == 1, "\(deleted.standardOutput)\(deleted.standardError)")
        #expect(deleted.standardOutput.contains("REJECTED — item 27 by alice"), "\(deleted.standardOutput)")

        // Forced back to before the rejection, the ref alone cannot tell; the tip recorded earlier can.
        try fixture.git("update-ref", Self.ref, approvalTip)
        let forced = try signed.verify(["--reviews-ref", Self.ref])
        #expect(forced.status == 0, "what a protected ref that refuses force pushes prevents: \(forced.standardOutput)")
        let refused = try signed.verify(["--reviews-ref", Self.ref, "--reviews-since", rejectionTip])
        #expect(refused.status == 4, "\(refused.standardOutput)\(refused.standardError)")
        #expect(refused.standardError.contains("was rewritten (force-moved)"), "\(refused.standardError)")
        let recorded = try signed.verify(["--reviews-ref", Self.ref, "--reviews-since", approvalTip])
        #expect(recorded.status == 0, "\(recorded.standardOutput)\(recorded.standardError)")
    }

    @Test func reviewsRefOptionsAreCheckedTogether() throws {
        let signed = try Signed()
        defer { signed.keys.remove() }
        let both = try signed.verify(["--reviews-ref", Self.ref, "--reviews", "dir"])
        #expect(both.status == 2)
        let since = try signed.verify(["--reviews-since", "HEAD"])
        #expect(since.status == 2)
        let badRef = try signed.review(["--approve", "all", "--reviews-ref", "reviews"])
        #expect(badRef.status == 2, "\(badRef.standardOutput)\(badRef.standardError)")
        #expect(badRef.standardError.contains("not a full ref name"), "\(badRef.standardError)")
        let missing = try signed.verify(["--reviews-ref", Self.ref])
        #expect(missing.status == 1)
        #expect(missing.standardOutput.contains("does not exist in this clone"), "\(missing.standardOutput)")
    }
}
