import GateTestSupport
import Foundation
import Testing
@testable import Git

@Suite struct StatusTests {
    private func status(of fixture: GitFixture, in folder: String = "") throws -> [StatusEntry] {
        try GitRepository.discover(startingAt: fixture.path(folder)).status()
    }

    @Test func cleanRepositoryHasNoEntries() throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit()

        #expect(try status(of: fixture) == [])
    }

    @Test func stagedAndUnstagedChangesOfOneFileAreTwoEntries() throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit()
        try fixture.write("README.md", "# staged\n")
        try fixture.git("add", "README.md")
        try fixture.write("README.md", "# staged, then edited\n")

        #expect(try status(of: fixture) == [
            StatusEntry(path: "README.md", change: .modified, area: .staged),
            StatusEntry(path: "README.md", change: .modified, area: .unstaged),
        ])
    }

    @Test func reportsStagedAddUnstagedEditAndUntrackedSortedByPath() throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit()
        try fixture.write("b-new.txt", "new\n")
        try fixture.git("add", "b-new.txt")
        try fixture.write("README.md", "# edited\n")
        try fixture.write("a-untracked.txt", "loose\n")

        #expect(try status(of: fixture) == [
            StatusEntry(path: "README.md", change: .modified, area: .unstaged),
            StatusEntry(path: "a-untracked.txt", change: .untracked, area: .untracked),
            StatusEntry(path: "b-new.txt", change: .added, area: .staged),
        ])
    }

    @Test func untrackedFilesInNewNestedFoldersAreEachListed() throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit()
        try fixture.write("New/Deep/One.swift", "1\n")
        try fixture.write("New/Deep/Two.swift", "2\n")
        try fixture.write("New/Three.swift", "3\n")

        #expect(try status(of: fixture) == [
            StatusEntry(path: "New/Deep/One.swift", change: .untracked, area: .untracked),
            StatusEntry(path: "New/Deep/Two.swift", change: .untracked, area: .untracked),
            StatusEntry(path: "New/Three.swift", change: .untracked, area: .untracked),
        ])
    }

    @Test func deletionsAreReportedInTheirArea() throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit()
        try fixture.write("gone-from-disk.txt", "a\n")
        try fixture.write("gone-from-index.txt", "b\n")
        try fixture.git("add", ".")
        try fixture.git("commit", "-q", "-m", "two files")
        try fixture.remove("gone-from-disk.txt")
        try fixture.git("rm", "-q", "gone-from-index.txt")

        #expect(try status(of: fixture) == [
            StatusEntry(path: "gone-from-disk.txt", change: .deleted, area: .unstaged),
            StatusEntry(path: "gone-from-index.txt", change: .deleted, area: .staged),
        ])
    }

    @Test func ignoredFilesAreExcluded() throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit()
        try fixture.write(".gitignore", "*.log\n.build/\n")
        try fixture.git("add", ".gitignore")
        try fixture.git("commit", "-q", "-m", "ignore rules")
        try fixture.write("debug.log", "noise\n")
        try fixture.write(".build/debug/app.o", "binary\n")
        try fixture.write("kept.txt", "real\n")

        #expect(try status(of: fixture) == [
            StatusEntry(path: "kept.txt", change: .untracked, area: .untracked),
        ])
    }

    @Test func stagedRenameNamesTheNewPath() throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit()
        try fixture.git("mv", "README.md", "GUIDE.md")

        #expect(try status(of: fixture) == [
            StatusEntry(path: "GUIDE.md", change: .renamed, area: .staged),
        ])
    }

    @Test func fileReplacedBySymlinkIsATypeChange() throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit()
        try fixture.remove("README.md")
        try FileManager.default.createSymbolicLink(atPath: fixture.path("README.md"), withDestinationPath: "elsewhere")

        #expect(try status(of: fixture) == [
            StatusEntry(path: "README.md", change: .typeChanged, area: .unstaged),
        ])
    }

    @Test func submoduleAtADifferentCommitIsModified() throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit(in: "library")
        try fixture.makeRepositoryWithCommit(in: "app")
        try fixture.git("-c", "protocol.file.allow=always", "submodule", "--quiet", "add", fixture.path("library"), "vendor/library", in: "app")
        try fixture.git("commit", "-q", "-m", "add submodule", in: "app")
        try #require(try status(of: fixture, in: "app") == [])

        try fixture.write("app/vendor/library/more.txt", "more\n")
        try fixture.git("add", ".", in: "app/vendor/library")
        try fixture.git("commit", "-q", "-m", "advance", in: "app/vendor/library")

        #expect(try status(of: fixture, in: "app") == [
            StatusEntry(path: "vendor/library", change: .modified, area: .unstaged),
        ])
    }

    @Test func mergeConflictIsReportedOnce() throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit()
        try fixture.git("checkout", "-q", "-b", "other")
        try fixture.write("README.md", "# other side\n")
        try fixture.git("commit", "-q", "-am", "other")
        try fixture.git("checkout", "-q", "main")
        try fixture.write("README.md", "# main side\n")
        try fixture.git("commit", "-q", "-am", "main")
        #expect(!fixture.gitSucceeds("merge", "-q", "other"))

        #expect(try status(of: fixture) == [
            StatusEntry(path: "README.md", change: .conflicted, area: .unstaged),
        ])
    }
}
