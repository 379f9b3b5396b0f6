import Testing

@testable import Reporters

@Suite struct MarkdownRepositoryLinksTests {
    @Test func fileURLsPointIntoTheCommitAndPercentEncodeThePath() throws {
        let links = try #require(RepositoryLinks(webURL: "https://github.com/o/r/", commit: "ABCDEF0"))
        #expect(links.webURL == "https://github.com/o/r")
        #expect(links.url(path: "Sources/App/1 - View/A+B@2x.swift", line: 12) == "https://github.com/o/r/blob/abcdef0/Sources/App/1%20-%20View/A+B@2x.swift#L12")
        #expect(links.url(path: "docs/a#b?c(d).md", line: nil) == "https://github.com/o/r/blob/abcdef0/docs/a%23b%3Fc%28d%29.md")
        #expect(links.url(path: "Café.swift", line: 1) == "https://github.com/o/r/blob/abcdef0/Caf%C3%A9.swift#L1")
        #expect(links.commitURL == "https://github.com/o/r/commit/abcdef0")
    }

    @Test func relativeTargetsCannotBecomeAnotherScheme() {
        #expect(FileLinkTarget.relativeURL(path: "javascript:alert(1)", line: nil) == "javascript%3Aalert%281%29")
        #expect(FileLinkTarget.relativeURL(path: "a b.swift", line: 7) == "a%20b.swift#L7")
    }

    @Test func onlyPlainWebAddressesAndHexCommitsAreAccepted() {
        #expect(RepositoryLinks(webURL: "javascript:alert(1)", commit: "abcdef0") == nil)
        #expect(RepositoryLinks(webURL: "https://github.com/o/r\" onmouseover=\"x", commit: "abcdef0") == nil)
        #expect(RepositoryLinks(webURL: "https://github.com/o r", commit: "abcdef0") == nil)
        #expect(RepositoryLinks(webURL: "https://github.com/o/r", commit: "main") == nil)
        #expect(RepositoryLinks(webURL: "http://git.example/o/r", commit: "abcdef0") != nil)
    }

    @Test func gitHubActionsEnvironmentNamesTheRepository() throws {
        let environment = ["GITHUB_SERVER_URL": "https://github.com", "GITHUB_REPOSITORY": "o/r", "GITHUB_SHA": "ffffffff"]
        let links = try #require(RepositoryLinks(gitHubEnvironment: environment, commit: "abcdef0"))
        #expect(links.webURL == "https://github.com/o/r")
        #expect(links.commit == "abcdef0")
        #expect(RepositoryLinks(gitHubEnvironment: [:], commit: "abcdef0") == nil)
    }
}
