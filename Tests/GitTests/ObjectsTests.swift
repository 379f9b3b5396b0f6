import Foundation
import GateTestSupport
import Testing
@testable import Git

@Suite struct ObjectsTests {
    private func commitAll(_ fixture: GitFixture, _ message: String, in directory: String = "") throws {
        try fixture.git("add", "-A", in: directory)
        try fixture.git("commit", "-q", "-m", message, in: directory)
    }

    private func writeBytes(_ fixture: GitFixture, _ relative: String, _ bytes: [UInt8]) throws {
        let url = URL(fileURLWithPath: fixture.path(relative))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    /// What git itself says about a committed file: its blob id and size.
    private func committed(_ fixture: GitFixture, _ revision: String, _ path: String) throws -> TreeFile {
        let blob = try fixture.git("rev-parse", "\(revision):\(path)")
        return TreeFile(path: path, blobID: blob, size: Int(try fixture.git("cat-file", "-s", blob)) ?? -1)
    }

    @Test func listsAnOlderCommitFromObjectsWhateverTheWorkTreeHolds() throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit()
        try fixture.write("App/Model.swift", "struct Model {}\n")
        try fixture.write("App/View.swift", "struct View {}\n")
        try commitAll(fixture, "first")
        try fixture.write("App/Model.swift", "struct Model { var name: String }\n")
        try fixture.write("App/Added.swift", "enum Added {}\n")
        try fixture.remove("App/View.swift")
        try commitAll(fixture, "second")
        // Dirty and untracked files must play no part.
        try fixture.write("App/Model.swift", "// uncommitted edit\n")
        try fixture.write("App/Untracked.swift", "enum Untracked {}\n")
        let repository = try GitRepository.discover(startingAt: fixture.root)

        let older = try repository.swiftFiles(at: "HEAD~1", under: "")
        let newer = try repository.swiftFiles(at: try fixture.git("rev-parse", "HEAD"), under: "")

        #expect(older == TreeListing(files: [
            try committed(fixture, "HEAD~1", "App/Model.swift"),
            try committed(fixture, "HEAD~1", "App/View.swift"),
        ]))
        #expect(newer == TreeListing(files: [
            try committed(fixture, "HEAD", "App/Added.swift"),
            try committed(fixture, "HEAD", "App/Model.swift"),
        ]))
        #expect(older.files[0].blobID != newer.files[1].blobID)
        #expect(older.files.allSatisfy { $0.blobID.count == 40 && $0.size > 0 })
    }

    @Test func nestedFoldersAndSpacesAreListedSortedByPath() throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit()
        try fixture.write("Sources/My App/Deep Folder/View Model.swift", "final class ViewModel {}\n")
        try fixture.write("Sources/My App/App.swift", "@main struct App {}\n")
        try fixture.write("Sources/Zed.swift", "enum Zed {}\n")
        try fixture.write("Sources/Notes.swift.txt", "not swift\n")
        try fixture.write("Sources/Readme.md", "not swift\n")
        try fixture.write("Script.swift", "print(1)\n")
        try fixture.git("add", "-A")
        try fixture.git("update-index", "--chmod=+x", "Script.swift")
        try fixture.git("commit", "-q", "-m", "nested")
        let repository = try GitRepository.discover(startingAt: fixture.root)

        let listing = try repository.swiftFiles(at: "HEAD", under: "")

        #expect(listing.files.map(\.path) == [
            "Script.swift",
            "Sources/My App/App.swift",
            "Sources/My App/Deep Folder/View Model.swift",
            "Sources/Zed.swift",
        ])
        #expect(try fixture.git("ls-tree", "HEAD", "Script.swift").hasPrefix("100755"))
        #expect(listing.submodules.isEmpty && listing.unresolvedLinks.isEmpty)
    }

    @Test func underRestrictsToAFolderPrefix() throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit()
        try fixture.write("Sources/Feature/Screen.swift", "struct Screen {}\n")
        try fixture.write("Sources/Feature/Parts/Row.swift", "struct Row {}\n")
        try fixture.write("Sources/FeatureTwo/Other.swift", "struct Other {}\n")
        try fixture.write("Sources/Root.swift", "enum Root {}\n")
        try fixture.write("Tests/ScreenTests.swift", "enum ScreenTests {}\n")
        try commitAll(fixture, "folders")
        let repository = try GitRepository.discover(startingAt: fixture.root)

        let feature = ["Sources/Feature/Parts/Row.swift", "Sources/Feature/Screen.swift"]
        #expect(try repository.swiftFiles(at: "HEAD", under: "Sources/Feature").files.map(\.path) == feature)
        #expect(try repository.swiftFiles(at: "HEAD", under: "./Sources/Feature/").files.map(\.path) == feature)
        #expect(try repository.swiftFiles(at: "HEAD", under: "Sources").files.count == 4)
        #expect(try repository.swiftFiles(at: "HEAD", under: ".").files.count == 5)
        // A folder the commit does not have (yet) lists nothing; so does a file named as a folder.
        #expect(try repository.swiftFiles(at: "HEAD", under: "Sources/Feat") == TreeListing())
        #expect(try repository.swiftFiles(at: "HEAD~1", under: "Sources") == TreeListing())
        #expect(try repository.swiftFiles(at: "HEAD", under: "Sources/Root.swift") == TreeListing())
    }

    /// Hidden entries are never sources (SwiftPM skips them too); which vendored folders to leave out is the caller's
    /// to say, since only it knows which folders SwiftPM compiles: by default every other folder is read.
    @Test func hiddenEntriesAndTheFoldersTheCallerNamesAreSkipped() throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit()
        for skipped in [
            ".build/debug/Generated.swift", ".swiftpm/Plugin.swift", ".hidden/Secret.swift", "App/.cache/Cached.swift",
            "App/.Dotfile.swift", "DerivedData/Built.swift", "Pods/Pod.swift", "Carthage/Checkouts/Dep.swift",
            "App/Pods/Nested.swift",
        ] {
            try fixture.write(skipped, "// skipped\n")
        }
        try fixture.write("App/Kept.swift", "struct Kept {}\n")
        try fixture.write("App/build/NotHidden.swift", "struct NotHidden {}\n")
        try fixture.git("add", "-A", "-f")
        try fixture.git("commit", "-q", "-m", "tooling")
        let repository = try GitRepository.discover(startingAt: fixture.root)

        #expect(try fixture.git("ls-files").contains(".build/debug/Generated.swift"))
        #expect(try repository.swiftFiles(at: "HEAD", under: "").files.map(\.path) == [
            "App/Kept.swift", "App/Pods/Nested.swift", "App/build/NotHidden.swift", "Carthage/Checkouts/Dep.swift", "DerivedData/Built.swift",
            "Pods/Pod.swift",
        ])
        var asked: [String: Set<String>] = [:]
        let listing = try repository.swiftFiles(at: "HEAD", under: "") { path, siblings in
            asked[path] = siblings
            return ["Pods", "Carthage", "DerivedData", "App/Pods"].contains(path)
        }
        #expect(listing.files.map(\.path) == ["App/Kept.swift", "App/build/NotHidden.swift"])
        #expect(asked["App/Pods"] == ["Kept.swift", "Pods", "build", ".cache", ".Dotfile.swift"])
    }

    @Test func submoduleIsListedButNotEntered() throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit(in: "library")
        try fixture.write("library/Library.swift", "public enum Library {}\n")
        try commitAll(fixture, "library code", in: "library")
        try fixture.makeRepositoryWithCommit(in: "app")
        try fixture.write("app/App.swift", "enum App {}\n")
        try fixture.git("-c", "protocol.file.allow=always", "submodule", "add", "-q", fixture.path("library"), "Vendor/Library", in: "app")
        try commitAll(fixture, "add submodule", in: "app")
        let repository = try GitRepository.discover(startingAt: fixture.path("app"))

        let listing = try repository.swiftFiles(at: "HEAD", under: "")

        #expect(FileManager.default.fileExists(atPath: fixture.path("app/Vendor/Library/Library.swift")))
        #expect(listing.files.map(\.path) == ["App.swift"])
        #expect(listing.submodules == ["Vendor/Library"])
        #expect(try repository.swiftFiles(at: "HEAD", under: "Vendor/Library").submodules == ["Vendor/Library"])
    }

    @Test func aSymlinkedSwiftFileIsListedUnderItsOwnPathWithItsTargetsBlob() throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit()
        try fixture.write("Sources/Real.swift", "struct Real {}\n")
        try fixture.write("notes/x.txt", "struct Hidden {}\n")
        try FileManager.default.createSymbolicLink(atPath: fixture.path("Sources/Link.swift"), withDestinationPath: "Real.swift")
        try FileManager.default.createSymbolicLink(atPath: fixture.path("Sources/Notes.swift"), withDestinationPath: "../notes/x.txt")
        try FileManager.default.createSymbolicLink(atPath: fixture.path("Sources/link-to-readme"), withDestinationPath: "../README.md")
        try commitAll(fixture, "links")
        let repository = try GitRepository.discover(startingAt: fixture.root)

        let listing = try repository.swiftFiles(at: "HEAD", under: "")

        #expect(try fixture.git("ls-tree", "HEAD", "Sources/Notes.swift").hasPrefix("120000"))
        #expect(listing.files.map(\.path) == ["Sources/Link.swift", "Sources/Notes.swift", "Sources/Real.swift"])
        #expect(listing.files[0].blobID == (try fixture.git("rev-parse", "HEAD:Sources/Real.swift")))
        #expect(listing.files[1].blobID == (try fixture.git("rev-parse", "HEAD:notes/x.txt")))
        #expect(listing.unresolvedLinks.isEmpty)
        #expect(try repository.swiftFiles(at: "HEAD", under: "Sources").files.count == 3)
    }

    @Test func aSymlinkedFolderIsWalkedUnderTheLinksPath() throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit()
        try fixture.write("shared/Kit/Tool.swift", "struct Tool {}\n")
        try fixture.makeDirectory("Sources/App")
        try FileManager.default.createSymbolicLink(atPath: fixture.path("Sources/App/Kit"), withDestinationPath: "../../shared/Kit")
        try commitAll(fixture, "linked folder")
        let repository = try GitRepository.discover(startingAt: fixture.root)

        let listing = try repository.swiftFiles(at: "HEAD", under: "Sources")

        #expect(listing.files.map(\.path) == ["Sources/App/Kit/Tool.swift"])
    }

    @Test func linksOutOfTheTreeToNothingOrInACircleAreUnresolved() throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit()
        try fixture.makeDirectory("Sources/App")
        let links = [
            "Sources/App/Outside.swift": "../../../elsewhere/Outside.swift", "Sources/App/Absolute.swift": "/etc/passwd",
            "Sources/App/Gone.swift": "Missing.swift", "Sources/App/Self.swift": "Self.swift", "Sources/App/Up": "..",
            "Sources/App/Vendor": "/opt/vendor", "Sources/App/logo.png": "/opt/logo.png",
        ]
        for (path, target) in links { try FileManager.default.createSymbolicLink(atPath: fixture.path(path), withDestinationPath: target) }
        try fixture.write("Sources/App/Real.swift", "struct Real {}\n")
        try commitAll(fixture, "bad links")
        let repository = try GitRepository.discover(startingAt: fixture.root)

        let listing = try repository.swiftFiles(at: "HEAD", under: "")

        #expect(listing.files.map(\.path) == ["Sources/App/Real.swift"])
        #expect(listing.unresolvedLinks == [
            UnresolvedLink(path: "Sources/App/Absolute.swift", target: "/etc/passwd", problem: .outsideRepository),
            UnresolvedLink(path: "Sources/App/Gone.swift", target: "Missing.swift", problem: .dangling),
            UnresolvedLink(path: "Sources/App/Outside.swift", target: "../../../elsewhere/Outside.swift", problem: .outsideRepository),
            UnresolvedLink(path: "Sources/App/Self.swift", target: "Self.swift", problem: .loop),
            UnresolvedLink(path: "Sources/App/Up", target: "..", problem: .loop),
            UnresolvedLink(path: "Sources/App/Vendor", target: "/opt/vendor", problem: .outsideRepository),
        ])
    }

    @Test func blobDataIsExactlyTheCommittedBytes() throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit()
        // CRLF, a BOM, Latin-1 (invalid UTF-8) and no final newline: all must survive untouched.
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("let a = 1\r\nlet b = \"".utf8) + [0xE9] + Array("\"".utf8)
        try writeBytes(fixture, "Odd.swift", bytes)
        try fixture.write("Empty.swift", "")
        try commitAll(fixture, "odd bytes")
        try fixture.write("Odd.swift", "// changed after the commit\n")
        let repository = try GitRepository.discover(startingAt: fixture.root)
        let listing = try repository.swiftFiles(at: "HEAD", under: "")
        let odd = try #require(listing.files.first { $0.path == "Odd.swift" })
        let empty = try #require(listing.files.first { $0.path == "Empty.swift" })

        #expect(try repository.blobData(odd.blobID) == Data(bytes))
        #expect(odd.size == bytes.count)
        #expect(try repository.blobData(empty.blobID) == Data())
        #expect(empty.size == 0)
    }

    @Test func swiftBlobWithNulBytesIsBinary() throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit()
        try writeBytes(fixture, "Binary.swift", Array("struct A {}".utf8) + [0, 0, 1, 2, 0])
        try fixture.write("Text.swift", "struct B {}\n")
        try commitAll(fixture, "binary")
        let repository = try GitRepository.discover(startingAt: fixture.root)

        #expect(try repository.isBinary(try fixture.git("rev-parse", "HEAD:Binary.swift")))
        #expect(try !repository.isBinary(try fixture.git("rev-parse", "HEAD:Text.swift")))
    }

    @Test func blobIdMustBeAFullIdOfABlobThatExists() throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit()
        let repository = try GitRepository.discover(startingAt: fixture.root)
        let readme = try fixture.git("rev-parse", "HEAD:README.md")

        #expect(try repository.blobData(readme) == Data("# fixture\n".utf8))
        for wrong in [String(readme.prefix(7)), "zz" + readme.dropFirst(2), String(repeating: "0", count: 40),
                      try fixture.git("rev-parse", "HEAD")] {
            #expect(throws: GitError.self) { try repository.blobData(wrong) }
        }
    }

    @Test func listingAnUnknownCommitIsAnUnknownRevision() throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit()
        let repository = try GitRepository.discover(startingAt: fixture.root)

        #expect(throws: GitError.unknownRevision("no-such-branch")) {
            try repository.swiftFiles(at: "no-such-branch", under: "")
        }
    }
}

@Suite struct HashingTests {
    @Test func aFilesBlobIDIsTheOneGitGivesIt() throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit()
        try fixture.write("Sources/A.swift", "struct A {}\n")
        let repository = try GitRepository.discover(startingAt: fixture.root)
        #expect(repository.blobID(ofFileAt: fixture.path("Sources/A.swift")) == (try fixture.git("hash-object", "Sources/A.swift")))
        #expect(repository.blobID(ofFileAt: fixture.path("missing.swift")) == nil)
    }
}
