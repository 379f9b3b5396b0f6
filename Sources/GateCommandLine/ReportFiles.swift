import Foundation
import Reporters
import Verdict

/// The report formats a verdict can be rendered in, shared by `run --junit/--sarif/--summary` and `show --format`.
enum ReportFormat: String, CaseIterable {
    case text, json, markdown, html, junit, sarif

    func render(_ statement: Statement, environment: [String: String], signatureNote: String) -> String {
        let links = RepositoryLinks(gitHubEnvironment: environment, commit: statement.predicate.repository.commit)
        switch self {
        case .text: return VerdictRenderer.text(statement, signatureNote: signatureNote)
        case .json: return JSONText.pretty(statement)
        case .markdown: return MarkdownReport.render(statement, links: links)
        case .html: return HTMLReport.render(statement, links: links)
        case .junit: return JUnitReport.render(statement)
        case .sarif:
            return SARIFReport.render(statement, rules: RuleReference.reportRules, repositoryURI: links?.webURL)
        }
    }
}

/// JSON for people and scripts: sorted keys, indented, dates as the verdict writes them.
enum JSONText {
    static func pretty(_ value: some Encodable) -> String {
        String(decoding: (try? VerdictCoding.encoder(.file).encode(value)) ?? Data(), as: UTF8.self)
    }
}

/// Writes report files after a run; each is derived from the signed verdict, so it says nothing the verdict does not.
enum ReportFiles {
    struct WriteError: Error, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "\(path): cannot write the report: \(reason)" }
    }

    static func write(_ text: String, to path: String) throws(WriteError) {
        do {
            let url = URL(fileURLWithPath: path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url, options: .atomic)
        } catch {
            throw WriteError(path: path, reason: error.localizedDescription)
        }
    }

    /// GitHub's job summary is a file that every step appends to.
    static func append(_ text: String, to path: String) throws(WriteError) {
        guard let handle = FileHandle(forWritingAtPath: path) else {
            return try write(text, to: path)
        }
        defer { try? handle.close() }
        handle.seekToEndOfFile()
        handle.write(Data(("\n" + text).utf8))
    }
}
