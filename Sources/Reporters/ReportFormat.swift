import Foundation
import Verdict

/// The report formats a verdict can be rendered in, shared by `run --junit/--sarif/--summary` and `show --format`.
public enum ReportFormat: String, CaseIterable, Sendable {
    case text, json, markdown, html, junit, sarif

    /// - Parameter reviews: the sign-offs found for the manual items; nil lists them as awaiting.
    /// - Parameter verdictPath: the verdict file this statement is from (`run --out`, `show VERDICT`); the Markdown and HTML
    ///   pages' verify command names it, and fall back on the default path only without it.
    public func render(
        _ statement: Statement, environment: [String: String], signatureNote: String, reviews: [ManualItemReviews]? = nil,
        verdictPath: String? = nil
    ) -> String {
        let links = RepositoryLinks(gitHubEnvironment: environment, commit: statement.predicate.repository.commit)
        switch self {
        case .text: return VerdictRenderer.text(statement, signatureNote: signatureNote, reviews: reviews)
        case .json: return JSONText.pretty(statement)
        case .markdown: return MarkdownReport.render(statement, links: links, reviews: reviews, verdictPath: verdictPath)
        case .html: return HTMLReport.render(statement, links: links, reviews: reviews, verdictPath: verdictPath)
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
