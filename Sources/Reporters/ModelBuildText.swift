import Verdict

/// What every report says about a model build (an Xcode app built as a package of the gate's own): how much compiled,
/// which files were left out and why, and the tests those files declare, which never ran. Decided once here so the
/// terminal, Markdown, HTML, SARIF and GitHub Actions reports say the same and differ only in layout.
package enum ModelBuildText {
    package static let heading = "Model build"
    /// Unavailable tests the terminal lists before counting the rest: the verdict and `show --format html` list them all.
    package static let terminalTestsShown = 5

    /// The first model build record of the verdict: the build and test items of one lane carry the same one.
    package static func record(_ items: [ItemResult]) -> ModelBuildRecord? {
        items.lazy.compactMap(\.evidence.modelBuild).first
    }

    /// The tests of an item that were never run because the model build left their file out.
    package static func unavailableTests(_ evidence: Evidence) -> [TestCaseResult] {
        (evidence.testCases ?? []).filter { $0.status == .unavailable }
    }

    /// "3 tests unavailable": how every report counts them, never among the passed.
    package static func count(_ tests: Int) -> String {
        "\(tests) \(tests == 1 ? "test" : "tests") \(TestCaseStatus.unavailable.phrase)"
    }

    /// Why there is a model build at all, as every report opens its section: "SwiftPM cannot build this app here (no
    /// Package.swift), so the gate built …". A verdict from before the trigger was recorded had only the first case.
    package static func opening(_ record: ModelBuildRecord) -> String {
        "SwiftPM cannot build this app here (\(record.trigger ?? "no Package.swift")), "
            + "so the gate built the app's files that compile on Linux as a package of its own."
    }

    /// "10 of 18 files compiled, 8 left out".
    package static func compiledLine(_ record: ModelBuildRecord) -> String {
        "\(record.compiled.count) of \(record.compiled.count + record.excluded.count) files compiled, \(record.excluded.count) left out"
    }

    /// Why an unavailable test never ran: the test probe records its file and that file's reason as its first excerpt line.
    package static func reason(of test: TestCaseResult) -> String {
        test.excerpt.first ?? "no reason recorded"
    }

    /// A left-out file with the unavailable tests it declares.
    package struct LeftOutFile: Sendable, Equatable {
        package var path: String
        package var reason: String
        package var tests: [String]
    }

    /// Every left-out file in the record's order, each with its unavailable tests; a test whose reason names no
    /// recorded file (a verdict from another gate version) is kept under its own reason, so none goes unlisted.
    package static func leftOutFiles(_ record: ModelBuildRecord?, tests: [TestCaseResult]) -> [LeftOutFile] {
        var remaining = tests
        var files: [LeftOutFile] = []
        for exclusion in record?.excluded ?? [] {
            let line = "\(exclusion.path) \(exclusion.reason)"
            let own = remaining.filter { reason(of: $0) == line }
            remaining.removeAll { reason(of: $0) == line }
            files.append(LeftOutFile(path: exclusion.path, reason: exclusion.reason, tests: own.map(\.id)))
        }
        var unmatched: [String: [String]] = [:]
        var order: [String] = []
        for test in remaining {
            let line = reason(of: test)
            if unmatched[line] == nil { order.append(line) }
            unmatched[line, default: []].append(test.id)
        }
        return files + order.map { LeftOutFile(path: "", reason: $0, tests: unmatched[$0, default: []]) }
    }

    /// One reason files were left out for themselves (not through another left-out file's types), with those files and
    /// how many more were left out because they name a type of one of them.
    package struct RootCause: Sendable, Equatable {
        package var reason: String
        package var files: [String]
        /// The files left out because they name a type of one of `files`, directly or along a chain.
        package var charged: [String]
        package var through: Int { charged.count }

        /// "imports SwiftUI (3 files, 2 more through their types)".
        package var phrase: String {
            let own = "\(files.count) \(files.count == 1 ? "file" : "files")"
            return "\(reason) (\(own)\(through == 0 ? "" : ", \(through) more through their types"))"
        }
    }

    /// The root causes of a model build: a left-out file whose reason names another left-out file (in backticks, as
    /// "declared only in `Theme/Palette.swift`") is charged to that file's cause, followed to the end of the chain;
    /// the others are grouped by their reason, in the record's order.
    package static func rootCauses(_ record: ModelBuildRecord) -> [RootCause] {
        let reasons = Dictionary(record.excluded.map { ($0.path, $0.reason) }, uniquingKeysWith: { first, _ in first })
        func namedFile(_ reason: String) -> String? {
            record.excluded.first { reason.contains("`\($0.path)`") }?.path
        }
        func root(of path: String) -> String {
            var current = path
            var seen: Set<String> = [path]
            while let next = reasons[current].flatMap(namedFile), seen.insert(next).inserted { current = next }
            return current
        }
        var causes: [RootCause] = []
        for exclusion in record.excluded where namedFile(exclusion.reason) == nil {
            if let index = causes.firstIndex(where: { $0.reason == exclusion.reason }) {
                causes[index].files.append(exclusion.path)
            } else {
                causes.append(RootCause(reason: exclusion.reason, files: [exclusion.path], charged: []))
            }
        }
        for exclusion in record.excluded where namedFile(exclusion.reason) != nil {
            let origin = root(of: exclusion.path)
            guard let cause = reasons[origin], let index = causes.firstIndex(where: { $0.reason == cause }) else { continue }
            causes[index].charged.append(exclusion.path)
        }
        return causes
    }

    /// "root causes: imports SwiftUI (3 files, 2 more through their types); imports StoreKit (1 file)"; nil when
    /// nothing was left out.
    package static func rootCausesLine(_ record: ModelBuildRecord) -> String? {
        // The model build's own lines, where the verdict has them: they name the fix, where the grouping below only counts.
        if let recorded = record.rootCauses, let first = recorded.first {
            return "root cause: \(first)" + (recorded.count > 1 ? " (and \(recorded.count - 1) more: `cfa-gate show` lists them)" : "")
        }
        let causes = rootCauses(record)
        guard !causes.isEmpty else { return nil }
        return "root \(causes.count == 1 ? "cause" : "causes"): " + causes.map(\.phrase).joined(separator: "; ")
    }

    /// Plain lines for a terminal: the count, the first `limit` tests grouped by their left-out file with its reason,
    /// "… and N more", then the root causes. Untrusted text is left for the caller to escape line by line.
    package static func terminalLines(_ item: ItemResult, limit: Int = terminalTestsShown) -> [String] {
        let tests = unavailableTests(item.evidence)
        guard !tests.isEmpty else { return [] }
        let record = item.evidence.modelBuild
        var lines = ["\(count(tests.count)) (model build: \(record.map(compiledLine) ?? "left out files")); never run, never counted passed:"]
        var shown = 0
        for file in leftOutFiles(record, tests: tests) where !file.tests.isEmpty && shown < limit {
            lines.append(file.path.isEmpty ? "  \(file.reason)" : "  \(file.path) — \(file.reason)")
            for test in file.tests.prefix(limit - shown) {
                lines.append("    \(test)")
                shown += 1
            }
        }
        if tests.count > shown { lines.append("  … and \(tests.count - shown) more (`cfa-gate show VERDICT` lists them all)") }
        if let record, let causes = rootCausesLine(record) { lines.append("  \(causes)") }
        return lines
    }
}
