import CFAAnalysis
import Foundation
import Verdict

/// Findings as a SARIF 2.1.0 log, the format GitHub code scanning (and other code-review tools) read.
///
/// - Results: CFA rule findings, compiler errors, failing tests that name their file, and uncommitted paths,
///   each with its rule, level, message, location (`%SRCROOT%`-relative, percent-encoded) and a
///   line-independent fingerprint. Manual items produce nothing.
/// - `driver.rules`: every rule passed in, plus the built-in descriptors (`cfa-gate.build`, `cfa-gate.test`,
///   `cfa-gate.git-clean`) that a result uses, plus a minimal descriptor for any rule id missing from the
///   catalogue, so every `ruleId` resolves at its `ruleIndex`.
/// - A finding without a file is shown on the package manifest (`<package path>/Package.swift`, line 1), with the
///   location's message saying so: GitHub rejects a whole upload if one result has no location.
/// - `%SRCROOT%` has no `uri`: the checkout lives at a different path on every machine, and code scanning
///   resolves relative paths against its own checkout. The repository itself is named by
///   `versionControlProvenance`, whose `mappedTo` ties it to `%SRCROOT%`.
/// - Keys are sorted and the layout fixed, so the same input gives the same bytes.
enum SARIFReport {
    static let schemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
    static let informationURI = DocumentationLink.home.url
    /// `automationDetails.id`: the code-scanning category, so cfa-gate's uploads replace only each other.
    static let automationID = "cfa-gate/"

    /// A whole verdict. `executionSuccessful` is false when the verdict's result is `error`, and each item that
    /// could not run is listed as a tool execution notification.
    static func render(_ statement: Statement, rules: [ReportRule], repositoryURI: String?) -> String {
        let predicate = statement.predicate
        let notifications: [SARIFJSON] = predicate.items.filter { $0.status == .error }.map { item in
            ["level": "error", "message": ["text": .string("item \(item.number) (\(item.title)) could not run: \(item.summary)")]]
        }
        let invocation: SARIFJSON = [
            "executionSuccessful": .bool(predicate.result != .error),
            "startTimeUtc": .string(predicate.startedAt.formatted(utcTimestamp)),
            "endTimeUtc": .string(predicate.finishedAt.formatted(utcTimestamp)),
            "toolExecutionNotifications": notifications.isEmpty ? nil : .array(notifications),
        ]
        let provenance: SARIFJSON? = repositoryURI.map { uri in
            [["repositoryUri": .string(uri), "revisionId": .string(predicate.repository.commit),
              "branch": predicate.repository.branch.map(SARIFJSON.string), "mappedTo": ["uriBaseId": .string(sourceRoot)]]]
        }
        let properties: SARIFJSON = [
            "verdictResult": .string(predicate.result.rawValue),
            "checklist": .string(predicate.checklist.path),
            "checklistSha256": .string(predicate.checklist.sha256),
        ]
        return log(
            findings: SARIFFinding.withBaseline(SARIFFinding.all(in: predicate), predicate.analysis?.baseline),
            rules: rules, toolVersion: predicate.tool.version,
            packagePath: predicate.repository.packagePath, invocation: invocation, provenance: provenance,
            properties: properties)
    }

    /// Analyser findings alone, for `cfa-gate analyze --format sarif`. `packagePath` (repository-relative) is where
    /// a finding without a file is shown; `repositoryURI`, when given, is recorded without a revision. With a
    /// `baseline`, each result carries its `baselineState`.
    static func render(
        findings: [Diagnostic], rules: [ReportRule], repositoryURI: String?, toolVersion: String, packagePath: String = ".",
        baseline: BaselineSummary? = nil
    ) -> String {
        let provenance: SARIFJSON? = repositoryURI.map { uri in
            [["repositoryUri": .string(uri), "mappedTo": ["uriBaseId": .string(sourceRoot)]]]
        }
        return log(
            findings: SARIFFinding.withBaseline(findings.compactMap(SARIFFinding.init), baseline), rules: rules, toolVersion: toolVersion,
            packagePath: packagePath, invocation: ["executionSuccessful": true], provenance: provenance, properties: nil)
    }

    static let sourceRoot = "%SRCROOT%"

    private static func log(
        findings: [SARIFFinding], rules: [ReportRule], toolVersion: String, packagePath: String,
        invocation: SARIFJSON, provenance: SARIFJSON?, properties: SARIFJSON?
    ) -> String {
        let table = SARIFRuleTable(catalog: rules, usedRuleIDs: findings.map(\.ruleID))
        let fingerprints = SARIFFingerprint.fingerprints(for: findings)
        let results = zip(findings, fingerprints).map { finding, fingerprint in
            result(finding, fingerprint: fingerprint, table: table, packagePath: packagePath)
        }
        let run: SARIFJSON = [
            "tool": ["driver": [
                "name": "cfa-gate",
                "version": .string(toolVersion),
                "informationUri": .string(informationURI),
                "rules": .array(table.descriptors),
            ]],
            "automationDetails": ["id": .string(automationID)],
            "invocations": [invocation],
            "originalUriBaseIds": [sourceRoot: ["description": ["text": "The root of the repository's working tree; artifact paths are relative to it."]]],
            "versionControlProvenance": provenance,
            "results": .array(results),
            "properties": properties,
        ]
        let log: SARIFJSON = ["$schema": .string(schemaURI), "version": "2.1.0", "runs": [run]]
        return log.serialized()
    }

    private static func result(_ finding: SARIFFinding, fingerprint: String, table: SARIFRuleTable, packagePath: String) -> SARIFJSON {
        // A fixed finding is no problem any more: SARIF says so with kind `pass`, whose level is always `none`.
        let isAbsent = finding.baselineState == .absent
        let level = isAbsent ? "none" : SARIFLevel.of(severity: finding.severity, fallback: table.defaultLevel(of: finding.ruleID))
        return [
            "ruleId": .string(finding.ruleID),
            "ruleIndex": table.index(of: finding.ruleID).map(SARIFJSON.integer),
            "level": .string(level),
            "kind": isAbsent ? "pass" : nil,
            "baselineState": finding.baselineState.map { .string($0.rawValue) },
            "message": ["text": .string(finding.message)],
            "locations": [location(finding, packagePath: packagePath)],
            "relatedLocations": relatedLocations(finding),
            "partialFingerprints": [SARIFFingerprint.key: .string(fingerprint)],
        ]
    }

    private static func location(_ finding: SARIFFinding, packagePath: String) -> SARIFJSON {
        guard let file = finding.file else {
            return [
                "physicalLocation": ["artifactLocation": artifactLocation(manifestPath(packagePath)), "region": ["startLine": 1]],
                "message": ["text": "No file was recorded for this finding; it is shown on the package manifest."],
            ]
        }
        // A region needs a start line for code scanning; a finding about a whole file (an uncommitted path) gets
        // line 1. A column means nothing without its line.
        let line = finding.line.flatMap { $0 >= 1 ? $0 : nil }
        let column = line == nil ? nil : finding.column.flatMap { $0 >= 1 ? $0 : nil }
        return [
            "physicalLocation": [
                "artifactLocation": artifactLocation(file),
                "region": ["startLine": .integer(line ?? 1), "startColumn": column.map(SARIFJSON.integer)],
            ]
        ]
    }

    /// The defect's other places, numbered from 1 as SARIF asks (ids unique within the result); nil when there are none.
    private static func relatedLocations(_ finding: SARIFFinding) -> SARIFJSON? {
        guard !finding.related.isEmpty else { return nil }
        return .array(finding.related.enumerated().map { number, place in
            let line = max(place.line, 1)
            let column = place.column.flatMap { $0 >= 1 ? $0 : nil }
            return [
                "id": .integer(number + 1),
                "physicalLocation": [
                    "artifactLocation": artifactLocation(place.file),
                    "region": ["startLine": .integer(line), "startColumn": column.map(SARIFJSON.integer)],
                ],
                "message": ["text": .string(place.message)],
            ]
        })
    }

    private static func artifactLocation(_ path: String) -> SARIFJSON {
        let reference = SARIFArtifactURI.reference(forPath: path)
        return ["uri": .string(reference.uri), "uriBaseId": reference.isRelative ? .string(sourceRoot) : nil]
    }

    static func manifestPath(_ packagePath: String) -> String {
        var directory = Substring(packagePath)
        while directory.hasSuffix("/") { directory = directory.dropLast() }
        return directory.isEmpty || directory == "." ? "Package.swift" : "\(directory)/Package.swift"
    }

    private static let utcTimestamp = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
}
