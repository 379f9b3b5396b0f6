import Foundation
@testable import Verdict

enum Fixtures {
    static let commit = "0123456789abcdef0123456789abcdef01234567"

    static func item(_ number: Int, _ status: ItemStatus) -> ItemResult {
        ItemResult(
            number: number, title: "Item \(number)", probe: "build", status: status,
            summary: "\(status)", durationSeconds: 0.5)
    }

    /// Dates are whole milliseconds: the JSON form keeps millisecond precision.
    static func predicate() -> GatePredicate {
        GatePredicate(
            tool: ToolInfo(name: "cfa-gate", version: "0.1.0"),
            swiftToolchain: "Swift version 6.3.1",
            checklist: ChecklistInfo(path: "CHECKLIST.md", sha256: String(repeating: "ab", count: 32), title: "Release"),
            repository: RepositoryInfo(
                commit: commit, tree: String(repeating: "cd", count: 20), branch: "main", packagePath: "."),
            startedAt: Date(timeIntervalSince1970: 1_700_000_000.125),
            finishedAt: Date(timeIntervalSince1970: 1_700_000_042.5),
            result: .passed,
            signer: SignerInfo(keyID: "feed", source: "local"),
            awaitingReview: [ManualItem(number: 3, title: "Docs reviewed", section: "Docs")],
            items: [
                ItemResult(
                    number: 1, title: "Builds", section: "Build", probe: "build", status: .passed,
                    summary: "build succeeded", durationSeconds: 12.25,
                    evidence: Evidence(
                        excerpt: ["Build complete!"],
                        diagnostics: [
                            Diagnostic(
                                kind: .compiler, file: "Sources/A.swift", line: 3, column: 7,
                                severity: "warning", message: "unused variable")
                        ],
                        tests: TestCounts(passed: 10, failed: 0, skipped: 1),
                        logs: [LogReference(name: "build", path: "logs/build.log", sha256: "00", bytes: 12)])),
                ItemResult(
                    number: 3, title: "Docs reviewed", section: "Docs", probe: "manual", status: .manual,
                    summary: "awaiting review", durationSeconds: 0),
            ])
    }

    static func statement() -> Statement {
        Statement(repositoryName: "example/repo", commit: commit, predicate: predicate())
    }
}
