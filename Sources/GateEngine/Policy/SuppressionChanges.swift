import CFAAnalysis
import Foundation
import Git
import Verdict

/// The `// cfa-gate:ignore` comments a change adds: they silence the gate's rules from inside the change, so
/// the reviewer sees each one with its reason beside the policy changes.
enum SuppressionChanges {
    /// Compares the Swift files under `folder` at `base` and `head` (git objects, nothing checked out). Only
    /// files whose blob differs are parsed; a comment counts as added when its file at the base has fewer
    /// comments with the same rules and reason, so moving a line does not list it.
    static func added(repositoryRoot: String, base: String, head: String, folder: String) async throws(GitError) -> [PolicyChange] {
        let repository = try GitRepository.discover(startingAt: repositoryRoot)
        let baseFiles = Dictionary(
            try repository.packageSwiftFiles(at: base, under: folder).files.map { ($0.path, $0.blobID) }, uniquingKeysWith: { first, _ in first })
        var inputs: [[SourceInput]] = [[], []]
        for file in try repository.packageSwiftFiles(at: head, under: folder).files where baseFiles[file.path] != file.blobID {
            guard let text = String(validating: try repository.blobData(file.blobID), as: UTF8.self) else { continue }
            guard text.contains("cfa-gate:ignore") else { continue }
            inputs[1].append(.text(text, path: file.path, contentKey: file.blobID))
            if let baseBlob = baseFiles[file.path], let baseText = String(validating: try repository.blobData(baseBlob), as: UTF8.self) {
                inputs[0].append(.text(baseText, path: file.path, contentKey: baseBlob))
            }
        }
        guard !inputs[1].isEmpty else { return [] }
        let parsed = await Analyzer.parseRevisions(inputs)
        var remaining: [String: Int] = [:]
        for facts in parsed[0].facts {
            for suppression in facts.suppressions { remaining[key(facts.path, suppression), default: 0] += 1 }
        }
        var changes: [PolicyChange] = []
        for facts in parsed[1].facts.sorted(by: { $0.path < $1.path }) {
            for suppression in facts.suppressions.sorted(by: { $0.location.line < $1.location.line }) {
                let key = key(facts.path, suppression)
                if let count = remaining[key], count > 0 {
                    remaining[key] = count - 1
                    continue
                }
                let rules = suppression.ruleIDs.isEmpty ? "no rule" : suppression.ruleIDs.joined(separator: ", ")
                let reason = suppression.reason.map { "reason: \($0)" } ?? "no reason given (it silences nothing)"
                changes.append(PolicyChange(
                    kind: .suppressionAdded, file: facts.path, line: suppression.location.line,
                    summary: "suppression of \(rules) added — \(reason)"))
            }
        }
        return changes
    }

    private static func key(_ path: String, _ suppression: SuppressionFact) -> String {
        "\(path)\u{0}\(suppression.ruleIDs.joined(separator: ","))\u{0}\(suppression.reason ?? "")"
    }
}
