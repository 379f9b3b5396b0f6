import Foundation
import Verdict

/// The report formats a verdict can be rendered in, shared by `run --junit/--sarif/--summary` and `show --format`.
public enum ReportFormat: String, CaseIterable, Sendable {
    case text, json, markdown, html, junit, sarif

    /// - Parameter reviews: the sign-offs found for the manual items; nil lists them as awaiting.
    public func render(
        _ statement: Statement, environment: [String: String], signatureNote: String, reviews: [ManualItemReviews]? = nil
    ) -> String {
        let links = RepositoryLinks(gitHubEnvironment: environment, commit: statement.predicate.repository.commit)
        switch self {
        case .text: return VerdictRenderer.text(statement, signatureNote: signatureNote, reviews: reviews)
        case .json: return JSONText.pretty(statement)
        case .markdown: return MarkdownReport.render(statement, links: links, reviews: reviews)
        case .html: return HTMLReport.render(statement, links: links, reviews: reviews)
        case .junit: return JUnitReport.render(statement)
        case .sarif: return SARIFReport.render(statement, rules: ReportRule.catalog, repositoryURI: links?.webURL)
        }
    }
}

/// JSON for people and scripts: sorted keys, indented, dates as the verdict writes them.
public enum JSONText {
    public static func pretty(_ value: some Encodable) -> String {
        String(decoding: (try? VerdictCoding.encoder(.file).encode(value)) ?? Data(), as: UTF8.self)
    }
}
