/// A page of cfa-gate's documentation, and a heading on it, as the tool prints it: in `--help`, in a rule's
/// SARIF `helpUri` and help text, in the terminal and the reports, and in the hints of `verify` and `review`.
///
/// Every link the tool prints is one of these, so one test (`DocumentationLinkTests`) can follow each to a file
/// of this repository and a heading on it. A link is `DocumentationHome.base` and the file's repository path: the
/// installed copy keeps the repository's layout, and a repository browser publishes files at their paths. Anchors
/// are GitHub's heading slugs: lowercase, spaces to `-`, punctuation dropped.
public struct DocumentationLink: Sendable, Hashable, CustomStringConvertible {
    /// The Markdown file, relative to the repository root, e.g. `Documentation/Signing.md`.
    public let path: String
    /// A heading's anchor on the page, without `#`; nil for the page itself.
    public let anchor: String?

    init(_ path: String, _ anchor: String? = nil) {
        self.path = path
        self.anchor = anchor
    }

    /// The address printed.
    public var url: String { "\(DocumentationHome.base)/\(path)" + (anchor.map { "#\($0)" } ?? "") }
    public var description: String { url }

    /// The page of one rule of the catalogue.
    public static func rule(_ id: String) -> Self { Self("\(RuleReferenceMarkdown.folder)/\(RuleReferenceMarkdown.pageName(id))") }

    /// The rule's page when `id` names a rule of the catalogue (not, say, `cfa-gate.build`).
    public static func catalogRule(_ id: String) -> Self? {
        RuleCatalog.referenceDescriptors.contains { $0.id == id } ? rule(id) : nil
    }

    /// The repository's README: the SARIF driver's `informationUri`.
    public static let home = Self("README.md")
    public static let reference = Self("Documentation/README.md")
    public static let whatARunDoes = Self("Documentation/Running.md", "what-a-run-does")
    public static let writingAChecklist = Self("Documentation/Checklist.md", "writing-a-checklist")
    public static let analyzer = Self("Documentation/Analysis.md", "how-the-analyser-works")
    public static let configuration = Self("Documentation/Analysis.md", "configuration-cfa-gatejson")
    public static let baseline = Self("Documentation/Analysis.md", "adopting-the-gate-on-an-existing-app-the-baseline")
    public static let rules = Self("\(RuleReferenceMarkdown.folder)/\(RuleReferenceMarkdown.indexName)")
    public static let reports = Self("Documentation/Reports.md")
    public static let shards = Self("Documentation/CI.md", "shards-one-verdict-from-a-ci-matrix")
    public static let keys = Self("Documentation/Signing.md", "keys")
    public static let verifying = Self("Documentation/Signing.md", "verifying-without-cfa-gate")
    public static let signingAReview = Self("Documentation/Reviews.md", "signing-a-review")
    public static let requiringReviews = Self("Documentation/Reviews.md", "requiring-reviews-verify---require-reviews")

    /// Every fixed link above; with a page per rule of the catalogue, everything the tool can print.
    public static var all: [Self] {
        [
            home, reference, whatARunDoes, writingAChecklist, analyzer, configuration, baseline, rules, reports, shards, keys, verifying,
            signingAReview, requiringReviews,
        ] + RuleCatalog.referenceDescriptors.map { rule($0.id) }
    }
}
