import GateTestSupport
import Testing
@testable import Git

@Suite struct ChangedPathsTests {
    @Test func listsAddedModifiedRemovedAndBothSidesOfARename() throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit()
        try fixture.write("Sources/A/Keep.swift", "let a = 1\n")
        try fixture.write("Sources/A/Old.swift", "let unique = \"rename me, I am long enough to be found as a rename\"\n")
        try fixture.write("Gone.txt", "bye\n")
        try fixture.git("add", "-A")
        try fixture.git("commit", "-q", "-m", "base")
        let base = try fixture.git("rev-parse", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)
        try fixture.write("Sources/A/Keep.swift", "let a = 2\n")
        try fixture.makeDirectory("Sources/B")
        try fixture.git("mv", "Sources/A/Old.swift", "Sources/B/New.swift")
        try fixture.git("rm", "-q", "Gone.txt")
        try fixture.git("commit", "-q", "-am", "change")
        let repository = try GitRepository.discover(startingAt: fixture.root)
        #expect(try repository.changedPaths(from: base, to: "HEAD") == [
            "Gone.txt", "Sources/A/Keep.swift", "Sources/A/Old.swift", "Sources/B/New.swift",
        ])
        #expect(try repository.changedPaths(from: "HEAD", to: "HEAD").isEmpty)
        #expect(try repository.changedPaths(from: nil, to: base).contains("Sources/A/Old.swift"))
    }
}
