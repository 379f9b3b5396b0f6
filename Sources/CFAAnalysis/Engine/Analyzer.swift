import Foundation

/// A finding that a `// cfa-gate:ignore` comment with a reason silenced; listed in the verdict.
public struct SuppressedFinding: Sendable, Codable, Equatable {
    public var finding: Finding
    public var reason: String
}

public struct AnalysisResult: Sendable {
    /// After suppressions and configured severities; sorted by file, line, column.
    public var findings: [Finding]
    public var suppressed: [SuppressedFinding]
    /// Findings the baseline accepts as known (see `Baseline.apply`); they never fail an item.
    public var baselined: [Finding] = []
    /// Baseline entries no longer found, each with how many of its findings are gone.
    public var fixedBaseline: [Baseline.Entry] = []
    /// The baseline applied, as its path names it; nil when none was.
    public var baseline: String? = nil
    /// Files that could not be read as UTF-8 text, left out of the analysis.
    public var skippedFiles: [String]
    public var index: CodebaseIndex
    public var fileCount: Int { index.files.count }
    public var lineCount: Int { index.files.reduce(0) { $0 + $1.lineCount } }
    public var errorCount: Int { findings.filter { $0.severity == .error }.count }
    public var warningCount: Int { findings.filter { $0.severity == .warning }.count }
}

public enum Analyzer {
    /// Discovers, parses and checks the Swift files of a working tree, or of one folder of it (`scope`).
    /// `contentKey` names each file's content (its git blob id, given the file's absolute path), so that a
    /// `cache` shared with a later parse of the same content serves both.
    public static func analyze(
        repositoryRoot: String, scope: String = "", configuration: AnalysisConfiguration, cache: FactsCache? = nil,
        contentKey: (String) -> String? = { _ in nil }
    ) async -> AnalysisResult {
        var inputs = SourceDiscovery.swiftFiles(repositoryRoot: repositoryRoot, scope: scope, configuration: configuration)
        for index in inputs.indices {
            if case .file(let path) = inputs[index].content { inputs[index].contentKey = contentKey(path) }
        }
        let parsed = await parse(inputs, cache: cache)
        return await checkConcurrently(parsed.facts, configuration: configuration, skippedFiles: parsed.skipped)
    }

    /// Parses files in parallel, one worker per core. Files go largest first to the least-loaded worker:
    /// sorted by path, big and small files alternate and striding them leaves one core idle.
    public static func parse(
        _ inputs: [SourceInput], workers: Int = ProcessInfo.processInfo.activeProcessorCount, cache: FactsCache? = nil
    ) async -> (facts: [FileFacts], skipped: [String]) {
        await parseRevisions([inputs], workers: workers, cache: cache)[0]
    }

    /// Parses several revisions of a tree together. Files with the same content key (a git blob id) are
    /// parsed once across all of them and their facts copied under each path, so diffing two revisions of
    /// a large app after a small change costs about one analysis.
    /// With a `cache`, files whose content key it already holds are not parsed again, and what is parsed is added.
    public static func parseRevisions(
        _ revisions: [[SourceInput]], workers: Int = ProcessInfo.processInfo.activeProcessorCount, cache: FactsCache? = nil
    ) async -> [(facts: [FileFacts], skipped: [String])] {
        func key(_ input: SourceInput, revision: Int) -> String { input.contentKey ?? "\(revision):\(input.path)" }
        var unique: [String: SourceInput] = [:]
        for (revision, inputs) in revisions.enumerated() {
            for input in inputs where unique[key(input, revision: revision)] == nil {
                // Parsed under its key, so two revisions' different contents at one path stay apart.
                var representative = input
                representative.path = key(input, revision: revision)
                unique[representative.path] = representative
            }
        }
        // Only real content keys are shared through the cache; the stand-in keys of keyless files are not content.
        let contentKeys = Set(revisions.flatMap { $0.compactMap(\.contentKey) })
        let cached = await cache?.facts(for: unique.keys.filter { contentKeys.contains($0) }) ?? [:]
        let parsed = await parseEach(unique.values.filter { cached[$0.path] == nil }, workers: workers)
        var factsByKey = Dictionary(uniqueKeysWithValues: parsed.facts.map { ($0.path, $0) })
        await cache?.store(factsByKey.filter { contentKeys.contains($0.key) })
        factsByKey.merge(cached) { parsedNow, _ in parsedNow }
        return revisions.enumerated().map { revision, inputs in
            var facts: [FileFacts] = []
            var skipped: [String] = []
            for input in inputs {
                guard var copy = factsByKey[key(input, revision: revision)] else {
                    skipped.append(input.path)
                    continue
                }
                copy.path = input.path
                facts.append(copy)
            }
            return (facts.sorted { $0.path < $1.path }, skipped.sorted())
        }
    }

    /// Splits files over workers, largest first to the least-loaded one.
    static func batches(_ inputs: [SourceInput], workers: Int) -> [[SourceInput]] {
        let workerCount = max(1, min(workers, inputs.count))
        var batches = Array(repeating: [SourceInput](), count: workerCount)
        var loads = Array(repeating: 0, count: workerCount)
        for input in inputs.sorted(by: { $0.size > $1.size }) {
            let lightest = loads.indices.min { loads[$0] < loads[$1] }!
            batches[lightest].append(input)
            loads[lightest] += max(input.size, 1)
        }
        return batches.filter { !$0.isEmpty }
    }

    private static func parseEach(_ inputs: [SourceInput], workers: Int) async -> (facts: [FileFacts], skipped: [String]) {
        let batches = batches(inputs, workers: workers)
        var facts: [FileFacts] = []
        var skipped: [String] = []
        await withTaskGroup(of: ([FileFacts], [String]).self) { group in
            for batch in batches {
                group.addTask {
                    var parsed: [FileFacts] = []
                    var unreadable: [String] = []
                    for input in batch {
                        guard let text = text(of: input) else {
                            unreadable.append(input.path)
                            continue
                        }
                        parsed.append(FactExtractor.facts(path: input.path, source: text))
                    }
                    return (parsed, unreadable)
                }
            }
            for await (parsed, unreadable) in group {
                facts += parsed
                skipped += unreadable
            }
        }
        return (facts.sorted { $0.path < $1.path }, skipped.sorted())
    }

    static func text(of input: SourceInput) -> String? {
        switch input.content {
        case .text(let text): return text
        case .file(let path):
            guard let data = FileManager.default.contents(atPath: path) else { return nil }
            return String(validating: data, as: UTF8.self)
        }
    }

    /// Runs the rules over parsed files, then applies configured severities and suppressions.
    public static func check(
        _ files: [FileFacts], configuration: AnalysisConfiguration, skippedFiles: [String] = [],
        rules: [any Rule] = RuleCatalogue.rules
    ) -> AnalysisResult {
        let index = CodebaseIndex(files: files, configuration: configuration)
        let raw = rules.flatMap { findings(of: $0, in: index) }
        return settle(raw, index: index, rules: rules, skippedFiles: skippedFiles)
    }

    /// `check`, with the rules spread over the cores: each rule reads the shared index and nothing else.
    public static func checkConcurrently(
        _ files: [FileFacts], configuration: AnalysisConfiguration, skippedFiles: [String] = [],
        rules: [any Rule] = RuleCatalogue.rules, workers: Int = ProcessInfo.processInfo.activeProcessorCount
    ) async -> AnalysisResult {
        let index = CodebaseIndex(files: files, configuration: configuration)
        let workerCount = max(1, min(workers, rules.count))
        var raw: [Finding] = []
        await withTaskGroup(of: [Finding].self) { group in
            for worker in 0..<workerCount {
                group.addTask {
                    stride(from: worker, to: rules.count, by: workerCount).flatMap { findings(of: rules[$0], in: index) }
                }
            }
            for await part in group { raw += part }
        }
        return settle(raw, index: index, rules: rules, skippedFiles: skippedFiles)
    }

    /// One rule's findings at their configured severity; none when the configuration turns it off.
    private static func findings(of rule: any Rule, in index: CodebaseIndex) -> [Finding] {
        let setting = index.configuration.rules[rule.descriptor.id]
        if setting == .off { return [] }
        return rule.check(index).map { finding in
            var configured = finding
            if setting == .warning { configured.severity = .warning }
            if setting == .error { configured.severity = .error }
            return configured
        }
    }

    /// Applies suppressions and orders the findings.
    private static func settle(_ raw: [Finding], index: CodebaseIndex, rules: [any Rule], skippedFiles: [String]) -> AnalysisResult {
        let files = index.files
        let all = raw + unknownSuppressedRules(in: files, known: Set(rules.map(\.descriptor.id)))
        var findings: [Finding] = []
        var suppressed: [SuppressedFinding] = []
        let suppressionsByFile = Dictionary(grouping: files.flatMap { file in file.suppressions.map { (file.path, $0) } }, by: \.0)
        for finding in Set(all).sorted() {
            let matching = suppressionsByFile[finding.file]?.map(\.1).first { suppression in
                suppression.reason != nil && suppression.ruleIDs.contains(finding.rule) && suppression.coveredLine == finding.line
            }
            if let matching, let reason = matching.reason, finding.rule != SuppressionReasonRule.id {
                suppressed.append(SuppressedFinding(finding: finding, reason: reason))
            } else {
                findings.append(finding)
            }
        }
        return AnalysisResult(findings: findings, suppressed: suppressed, skippedFiles: skippedFiles, index: index)
    }

    /// A suppression naming a rule this run does not know silences nothing, most likely through a typo.
    private static func unknownSuppressedRules(in files: [FileFacts], known: Set<String>) -> [Finding] {
        let descriptor = SuppressionReasonRule().descriptor
        return files.flatMap { file in
            file.suppressions.flatMap { suppression in
                suppression.ruleIDs.filter { !known.contains($0) }.map { id in
                    descriptor.finding(file.path, suppression.location, "suppression names unknown rule \(id) — check the rule id")
                }
            }
        }
    }
}
