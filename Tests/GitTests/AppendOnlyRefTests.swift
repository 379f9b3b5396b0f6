import Foundation
import GateTestSupport
import Testing
@testable import Git

@Suite struct AppendOnlyRefTests {
    private let ref = "refs/cfa-gate/reviews"

    @Test func eachFileIsOneCommitOnTopOfThePreviousTipAndHEADIsUntouched() throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit()
        let head = try fixture.git("rev-parse", "HEAD")
        let repository = try GitRepository.discover(startingAt: fixture.root)
        #expect(try repository.tip(of: ref) == nil)

        let first = try repository.commitFile(Data("one\n".utf8), named: "a.json", onto: ref, expectedTip: nil, message: "a", committer: "test")
        let second = try repository.commitFile(Data("two\n".utf8), named: "b.json", onto: ref, expectedTip: first, message: "b", committer: "test")

        #expect(try repository.tip(of: ref) == second)
        #expect(try fixture.git("rev-parse", "\(second)^") == first)
        #expect(try fixture.git("ls-tree", "--name-only", second) == "a.json\nb.json")
        #expect(try fixture.git("show", "\(second):a.json") == "one")
        #expect(try fixture.git("rev-parse", "HEAD") == head)
        #expect(try fixture.git("status", "--porcelain") == "")
    }

    @Test func theRefMovesOnlyIfNobodyMovedItSinceItWasRead() throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit()
        let repository = try GitRepository.discover(startingAt: fixture.root)
        let first = try repository.commitFile(Data("one".utf8), named: "a.json", onto: ref, expectedTip: nil, message: "a", committer: "test")
        // Two writers read `first`; the other one is quicker.
        let other = try repository.commitFile(Data("other".utf8), named: "o.json", onto: ref, expectedTip: first, message: "o", committer: "test")

        #expect(throws: GitError.refMoved(ref: ref, expected: first, found: other)) {
            try repository.commitFile(Data("late".utf8), named: "l.json", onto: ref, expectedTip: first, message: "l", committer: "test")
        }
        #expect(throws: GitError.refMoved(ref: ref, expected: nil, found: other)) {
            try repository.commitFile(Data("new".utf8), named: "n.json", onto: ref, expectedTip: nil, message: "n", committer: "test")
        }
        #expect(try repository.tip(of: ref) == other)
        // Read again and retry: both writers' files are kept.
        let retried = try repository.commitFile(Data("late".utf8), named: "l.json", onto: ref, expectedTip: other, message: "l", committer: "test")
        #expect(try fixture.git("ls-tree", "--name-only", retried) == "a.json\nl.json\no.json")
    }

    @Test func historyHoldsEveryBlobOnceEvenOnesALaterCommitDeletedOrReplaced() throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit()
        let repository = try GitRepository.discover(startingAt: fixture.root)
        let first = try repository.commitFile(Data("approve".utf8), named: "alice.json", onto: ref, expectedTip: nil, message: "1", committer: "t")
        let second = try repository.commitFile(Data("reject".utf8), named: "alice.json", onto: ref, expectedTip: first, message: "2", committer: "t")
        let third = try repository.commitFile(Data("bob".utf8), named: "bob.json", onto: ref, expectedTip: second, message: "3", committer: "t")
        // Someone with plain git drops alice.json in a later commit and puts the old blob back under another name.
        try fixture.git("worktree", "add", "-q", "--detach", "edit", third)
        try fixture.git("rm", "-q", "alice.json", in: "edit")
        try fixture.git("checkout", first, "--", "alice.json", in: "edit")
        try fixture.git("mv", "alice.json", "copy.json", in: "edit")
        try fixture.git("commit", "-q", "-m", "drop", in: "edit")
        try fixture.git("update-ref", ref, try fixture.git("rev-parse", "HEAD", in: "edit"))
        #expect(try fixture.git("ls-tree", "--name-only", ref) == "bob.json\ncopy.json")

        let blobs = try repository.blobsInHistory(of: try #require(try repository.tip(of: ref)))

        #expect(Set(blobs.map { String(decoding: $0.data, as: UTF8.self) }) == ["approve", "reject", "bob"])
        #expect(blobs.count == 3)
    }

    @Test func refNamesOutsideRefsAreRefused() throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit()
        let repository = try GitRepository.discover(startingAt: fixture.root)
        #expect(throws: GitError.invalidRefName("reviews")) { try repository.tip(of: "reviews") }
        #expect(throws: GitError.invalidRefName("refs/a..b")) {
            try repository.commitFile(Data(), named: "x", onto: "refs/a..b", expectedTip: nil, message: "x", committer: "t")
        }
    }
}
