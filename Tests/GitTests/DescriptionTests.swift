import Testing
@testable import Git

@Suite struct DescriptionTests {
    @Test func statusEntryNamesChangeAreaAndPath() {
        #expect(StatusEntry(path: "Sources/App/File.swift", change: .modified, area: .unstaged).description
            == "modified (unstaged): Sources/App/File.swift")
        #expect(StatusEntry(path: "a.txt", change: .added, area: .staged).description == "added (staged): a.txt")
        #expect(StatusEntry(path: "a.txt", change: .added, area: .staged).state == "added (staged)")
        #expect(StatusEntry(path: "n.txt", change: .untracked, area: .untracked).state == "untracked")
        #expect(StatusEntry(path: "link", change: .typeChanged, area: .staged).description == "type changed (staged): link")
        #expect(StatusEntry(path: "notes.txt", change: .untracked, area: .untracked).description == "untracked: notes.txt")
    }

    @Test func notARepositoryTellsHowToFixIt() {
        #expect(GitError.notARepository("/home/me/x").description
            == "/home/me/x is not inside a git repository — run cfa-gate from a clone or pass --repo DIR")
    }

    @Test func otherErrorsNameTheirSubject() {
        #expect(GitError.bareRepository("/srv/x.git").description.hasPrefix("/srv/x.git is a bare git repository"))
        #expect(GitError.noCommits("/w").description.contains("/w has no commits yet"))
        #expect(GitError.unknownRevision("HEAD~9").description.hasPrefix("'HEAD~9' does not name a commit"))
        #expect(GitError.libgit2(operation: "read status", message: "index is locked").description
            == "git read status failed: index is locked")
    }
}
