/// Turns a recorded file path into the URI reference SARIF's `artifactLocation.uri` requires.
enum SARIFArtifactURI {
    /// A repository-relative path becomes a relative reference (resolved against `%SRCROOT%`); an absolute one,
    /// which a tool may print for a file outside the repository, becomes a `file://` URI with no base.
    static func reference(forPath path: String) -> (uri: String, isRelative: Bool) {
        path.hasPrefix("/") ? ("file://\(percentEncoded(path))", false) : (percentEncoded(path), true)
    }

    /// Percent-encodes every UTF-8 byte outside RFC 3986's unreserved set, `/` and the sub-delimiters, so spaces,
    /// `%`, `#`, `?`, `:` (which would read as a scheme in a first segment) and non-ASCII letters survive intact.
    static func percentEncoded(_ path: String) -> String {
        PercentEncoding.encode(path, keeping: allowed)
    }

    private static let allowed = PercentEncoding.asciiLettersAndDigits.union("-._~/!$&'()*+,;=@".utf8)
}
