import Verdict

/// One SARIF result before it is written: which rule, how severe, what, and where.
struct SARIFFinding: Sendable, Equatable {
    var ruleID: String
    /// The diagnostic's own severity; the rule's default level applies when it has none.
    var severity: String?
    var message: String
    /// Repository-relative path, as the probe or analyser recorded it.
    var file: String?
    var line: Int?
    var column: Int?
    /// A rule finding's other places of the same defect, shown as SARIF `relatedLocations`.
    var related: [Diagnostic.RelatedLocation] = []
    /// Set when a baseline of known findings was in use (see `withBaseline`).
    var baselineState: BaselineState?

    /// SARIF's `baselineState`, as GitHub code scanning reads it.
    enum BaselineState: String, Sendable {
        /// Not in the baseline: a finding the change must fix.
        case new
        /// In the baseline: known, not failing.
        case unchanged
        /// In the baseline but no longer found: fixed.
        case absent
    }

    /// Rule id for a rule finding that names none, so it still reaches the log instead of vanishing.
    static let unnamedRuleID = "cfa-gate.unnamed-rule"

    /// A finding of the gate's own that no diagnostic carries (a file the model build left out).
    init(ruleID: String, severity: String, message: String, file: String, line: Int) {
        self.ruleID = ruleID
        self.severity = severity
        self.message = message
        self.file = file
        self.line = line
    }

    /// The diagnostics that point at code: rule findings, compiler errors, failing tests that know their file,
    /// and uncommitted paths. Command output and file-less test failures have no place to be shown, so they stay
    /// in the verdict and the JUnit report only.
    init?(_ diagnostic: Diagnostic) {
        switch diagnostic.kind {
        case .rule:
            ruleID = diagnostic.name ?? Self.unnamedRuleID
            message = diagnostic.message
        case .compiler:
            ruleID = SARIFBuiltInRule.build.rawValue
            message = diagnostic.message
        case .test:
            guard diagnostic.file != nil else { return nil }
            ruleID = SARIFBuiltInRule.test.rawValue
            message = diagnostic.name.map { "\($0): \(diagnostic.message)" } ?? diagnostic.message
        case .git:
            ruleID = SARIFBuiltInRule.gitClean.rawValue
            message = diagnostic.message
        case .command:
            return nil
        }
        severity = diagnostic.severity
        file = diagnostic.file.flatMap(Self.repositoryPath)
        line = diagnostic.line
        column = diagnostic.column
        related = diagnostic.related ?? []
    }

    /// `./Sources/A.swift` and `Sources/A.swift` are one file, so they get one URI and one fingerprint.
    private static func repositoryPath(_ recorded: String) -> String? {
        var path = Substring(recorded)
        while path.hasPrefix("./") { path = path.dropFirst(2) }
        return path.isEmpty ? nil : String(path)
    }

    /// With a baseline in use, the findings given are `new`, the ones it accepted follow as `unchanged`, and each
    /// finding its fixed entries stood for as `absent` (without a line: the baseline does not record one). Without
    /// one, the findings are returned as they are.
    static func withBaseline(_ findings: [SARIFFinding], _ baseline: BaselineSummary?) -> [SARIFFinding] {
        guard let baseline else { return findings }
        func marked(_ finding: SARIFFinding, _ state: BaselineState) -> SARIFFinding {
            var copy = finding
            copy.baselineState = state
            return copy
        }
        let absent = baseline.fixed.flatMap { entry in
            let diagnostic = Diagnostic(kind: .rule, file: entry.file == "." ? nil : entry.file, name: entry.rule, message: entry.message)
            return Array(repeating: SARIFFinding(diagnostic).map { marked($0, .absent) }, count: entry.count).compactMap { $0 }
        }
        return findings.map { marked($0, .new) } + baseline.baselined.compactMap(SARIFFinding.init).map { marked($0, .unchanged) } + absent
    }

    /// Every finding of a verdict, item by item (manual items have none, since no probe looked at them), then each file
    /// the model build left out.
    static func all(in predicate: GatePredicate) -> [SARIFFinding] {
        predicate.items
            .filter { $0.status != .manual }
            .flatMap { $0.evidence.diagnostics.compactMap(SARIFFinding.init) }
            + modelBuild(predicate.items)
    }

    /// A `note` on line 1 of each file the model build left out, its message the reason, so code scanning shows why the
    /// file's tests never ran on Linux. Once per file: the build and test items carry the same record.
    static func modelBuild(_ items: [ItemResult]) -> [SARIFFinding] {
        guard let record = ModelBuildText.record(items) else { return [] }
        let tests = ModelBuildText.leftOutFiles(record, tests: items.flatMap { ModelBuildText.unavailableTests($0.evidence) })
        return tests.filter { !$0.path.isEmpty }.map { file in
            let unavailable = file.tests.isEmpty ? "" : "; \(ModelBuildText.count(file.tests.count)), never run on Linux"
            return SARIFFinding(
                ruleID: SARIFBuiltInRule.modelBuild.rawValue, severity: "note",
                message: "Left out of the model build: \(file.reason)\(unavailable)", file: file.path, line: 1)
        }
    }
}
