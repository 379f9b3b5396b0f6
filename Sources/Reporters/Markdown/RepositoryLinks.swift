import TextSafety

/// Where a repository's files can be seen on the web, so reports can link a finding to its line.
///
/// Only `http`/`https` addresses are accepted: a report links to them, and a `javascript:` address
/// would turn a link into a script.
public struct RepositoryLinks: Sendable, Equatable {
    /// The repository's web page without a trailing slash, e.g. `https://github.com/owner/repo`.
    let webURL: String
    /// The commit every file link points into (normally the judged commit).
    let commit: String

    /// Nil when `webURL` is not an `http`/`https` address without spaces, quotes or angle brackets, or
    /// `commit` is not 4–64 hexadecimal digits.
    init?(webURL: String, commit: String) {
        let trimmed = String(webURL.reversed().drop { $0 == "/" }.reversed())
        let lowercased = trimmed.lowercased()
        guard lowercased.hasPrefix("https://") || lowercased.hasPrefix("http://"),
            trimmed.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F && !"\"'<>`\\".unicodeScalars.contains($0) }),
            (4...64).contains(commit.count), commit.allSatisfy(\.isHexDigit)
        else { return nil }
        self.webURL = trimmed
        self.commit = commit.lowercased()
    }

    /// Links for a GitHub Actions run, from `GITHUB_SERVER_URL` and `GITHUB_REPOSITORY`. The commit is
    /// passed in rather than read from `GITHUB_SHA`, which for a pull request is a merge commit, not the
    /// judged one.
    public init?(gitHubEnvironment environment: [String: String], commit: String) {
        guard let server = environment["GITHUB_SERVER_URL"], let repository = environment["GITHUB_REPOSITORY"],
            !server.isEmpty, !repository.isEmpty
        else { return nil }
        self.init(webURL: "\(server)/\(repository)", commit: commit)
    }

    /// The file at `commit`, scrolled to `line` when given: `<webURL>/blob/<commit>/<path>#L<line>`.
    func url(path: String, line: Int?) -> String {
        "\(webURL)/blob/\(commit)/\(FileLinkTarget.percentEncoded(path))\(FileLinkTarget.lineFragment(line))"
    }

    /// The commit's own page.
    var commitURL: String { "\(webURL)/commit/\(commit)" }
}

/// Repository-relative paths as link targets.
enum FileLinkTarget {
    /// Percent-encodes every byte except letters, digits, `-._~/+@`, so spaces, `#`, `?`, parentheses
    /// and a `scheme:` prefix can neither break a Markdown link nor turn it into another kind of address.
    static func percentEncoded(_ path: String) -> String {
        PercentEncoding.encode(UntrustedText.sanitized(path), keeping: kept)
    }

    private static let kept = PercentEncoding.asciiLettersAndDigits.union("-._~/+@".utf8)

    /// `#L12` — the fragment GitHub (and most code hosts) scroll to.
    static func lineFragment(_ line: Int?) -> String {
        line.map { "#L\($0)" } ?? ""
    }

    /// A link target relative to the repository root, for reports read inside the repository.
    static func relativeURL(path: String, line: Int?) -> String {
        percentEncoded(path) + lineFragment(line)
    }
}
