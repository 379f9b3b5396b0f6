import Foundation

/// A finding that a `// cfa-gate:ignore` comment with a reason silenced; listed in the verdict.
public struct SuppressedFinding: Sendable, Codable, Equatable {
    public var finding: Finding
    public var reason: String
}

/// Where an analysis got each file's facts: how much work the caches saved.
public struct AnalysisStatistics: Sendable, Codable, Equatable {
    /// Files parsed in this analysis.
    var parsed = 0
    /// Files whose facts came from the on-disk cache.
    var fromDisk = 0
    /// Files whose facts an earlier parse in this run already had (same blob).
    var fromMemory = 0
    /// Cache entries written.
    var stored = 0

    init(parsed: Int = 0, fromDisk: Int = 0, fromMemory: Int = 0, stored: Int = 0) {
        self.parsed = parsed
        self.fromDisk = fromDisk
        self.fromMemory = fromMemory
        self.stored = stored
    }

    static func + (lhs: Self, rhs: Self) -> Self {
        Self(parsed: lhs.parsed + rhs.parsed, fromDisk: lhs.fromDisk + rhs.fromDisk, fromMemory: lhs.fromMemory + rhs.fromMemory,
             stored: lhs.stored + rhs.stored)
    }
}

/// Names content: the git blob id of a file's bytes.
public typealias ContentHash = @Sendable (Data) -> String?

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
    /// Built when the rules ran; served from a tree snapshot, read from the facts entries on each use.
    public var index: CodebaseIndex {
        get {
            switch indexSource {
            case .built(let index): index
            case .stored(let stored, let contentHash): stored.index(contentHash: contentHash)
            }
        }
        set {
            indexSource = .built(newValue)
            fileCount = newValue.files.count
            lineCount = newValue.files.reduce(0) { $0 + $1.lineCount }
        }
    }
    private var indexSource: IndexSource
    public var statistics = AnalysisStatistics()
    public private(set) var fileCount: Int
    public private(set) var lineCount: Int
    /// Files read and hashed to key them; the others were vouched for by their stamps (see `TreeSnapshot`).
    var hashedFiles = 0

    private enum IndexSource: Sendable {
        case built(CodebaseIndex)
        case stored(StoredFacts, ContentHash)
    }

    init(findings: [Finding], suppressed: [SuppressedFinding], skippedFiles: [String], index: CodebaseIndex) {
        self.findings = findings
        self.suppressed = suppressed
        self.skippedFiles = skippedFiles
        indexSource = .built(index)
        fileCount = index.files.count
        lineCount = index.files.reduce(0) { $0 + $1.lineCount }
    }

    init(findings: [Finding], suppressed: [SuppressedFinding], stored: StoredFacts, contentHash: @escaping ContentHash) {
        self.findings = findings
        self.suppressed = suppressed
        skippedFiles = []
        indexSource = .stored(stored, contentHash)
        fileCount = stored.files.count
        lineCount = stored.files.reduce(0) { $0 + $1.lineCount }
    }
    public var errorCount: Int { findings.filter { $0.severity == .error }.count }
    public var warningCount: Int { findings.filter { $0.severity == .warning }.count }
}

public enum Analyzer {
    /// Discovers, parses and checks the Swift files of a working tree, or of one folder of it (`scope`).
    /// With `contentHash`, each file is keyed by the hash of the very bytes that are parsed (its git blob id),
    /// so that a `cache` — this run's, and its on-disk store — serves every later parse of the same content.
    /// With an on-disk store, the analysis is also recorded as a `TreeSnapshot`: the next one reads and hashes
    /// only the files whose stamps changed, and runs no rule when none did.
    public static func analyze(
        repositoryRoot: String, scope: String = "", configuration: AnalysisConfiguration, cache: FactsCache? = nil,
        contentHash: ContentHash? = nil, vendoredFolders: VendoredFolders? = nil, workers: Int = ProcessInfo.processInfo.activeProcessorCount
    ) async -> AnalysisResult {
        // Taken before any file is read: a file stamped at or after it may change unseen (`FileStamp.isRacy`).
        let startedAt = FileStamp.Timestamp.fileSystemNow()
        let inputs = SourceDiscovery.swiftFiles(
            repositoryRoot: repositoryRoot, scope: scope, configuration: configuration, vendoredFolders: vendoredFolders)
        guard let contentHash else { return await analyze(sources: inputs, configuration: configuration, cache: cache, workers: workers) }
        guard let cache, let store = cache.store, let root = SourceDiscovery.realPath(repositoryRoot) else {
            let keyedInputs = await keyed(inputs, contentHash, workers: workers)
            return await analyze(sources: keyedInputs, configuration: configuration, cache: cache, workers: workers)
        }
        let tree = TreeRun(root: root, scope: scope, startedAt: startedAt, store: store, configuration: configuration)
        return await tree.analyze(inputs, cache: cache, contentHash: contentHash, workers: workers)
    }

    /// The Swift files of a working tree (or of `scope`), each read now, once, and keyed by its bytes: a snapshot
    /// to analyze later, whatever happens to the files in between. `vendoredFolders` (see `VendoredFolders`) is read
    /// from the manifests at `scope` when not given.
    public static func sources(
        repositoryRoot: String, scope: String = "", configuration: AnalysisConfiguration, contentHash: @escaping ContentHash,
        vendoredFolders: VendoredFolders? = nil, workers: Int = ProcessInfo.processInfo.activeProcessorCount
    ) async -> [SourceInput] {
        let inputs = SourceDiscovery.swiftFiles(
            repositoryRoot: repositoryRoot, scope: scope, configuration: configuration, vendoredFolders: vendoredFolders)
        return await keyed(inputs, contentHash, workers: workers)
    }

    /// Parses and checks sources already read (see `sources`). A symbolic link that cannot be judged is a finding
    /// (`SourceLink`), added after configuration and suppressions, which cannot silence it.
    public static func analyze(
        sources inputs: [SourceInput], configuration: AnalysisConfiguration, cache: FactsCache? = nil,
        workers: Int = ProcessInfo.processInfo.activeProcessorCount
    ) async -> AnalysisResult {
        let linkFindings = inputs.compactMap(\.linkFinding)
        let (parsed, statistics) = await parseCounting([inputs.filter { $0.unresolvedLink == nil }], workers: workers, cache: cache)
        var result = await checkConcurrently(parsed[0].facts, configuration: configuration, skippedFiles: parsed[0].skipped, workers: workers)
        result.statistics = statistics
        if !linkFindings.isEmpty { result.findings = (result.findings + linkFindings).sorted() }
        return result
    }

    /// Reads every file once, in parallel, and keys it by its bytes; the text read is the text parsed.
    /// A file that cannot be read or is not UTF-8 is left as it was, to be reported as skipped.
    static func keyed(_ inputs: [SourceInput], _ contentHash: @escaping ContentHash, workers: Int) async -> [SourceInput] {
        var keyed: [SourceInput] = []
        await withTaskGroup(of: [SourceInput].self) { group in
            for batch in batches(inputs, workers: workers) {
                group.addTask {
                    batch.map { input in
                        guard case .file(let path) = input.content, let data = FileManager.default.contents(atPath: path),
                            let text = String(validating: data, as: UTF8.self)
                        else { return input }
                        return .text(text, path: input.path, contentKey: contentHash(data))
                    }
                }
            }
            for await part in group { keyed += part }
        }
        return keyed.sorted { $0.path < $1.path }
    }

    /// Parses files in parallel, one worker per core. Files go largest first to the least-loaded worker:
    /// sorted by path, big and small files alternate and striding them leaves one core idle.
    static func parse(
        _ inputs: [SourceInput], workers: Int = ProcessInfo.processInfo.activeProcessorCount, cache: FactsCache? = nil
    ) async -> (facts: [FileFacts], skipped: [String]) {
        await parseRevisions([inputs], workers: workers, cache: cache)[0]
    }

    /// Parses several revisions of a tree together. Files with the same content key (a git blob id) are
    /// parsed once across all of them and their facts copied under each path, so diffing two revisions of
    /// a large app after a small change costs about one analysis.
    /// With a `cache`, files whose content key it (or its on-disk store) already holds are not parsed again,
    /// and what is parsed is added.
    public static func parseRevisions(
        _ revisions: [[SourceInput]], workers: Int = ProcessInfo.processInfo.activeProcessorCount, cache: FactsCache? = nil
    ) async -> [(facts: [FileFacts], skipped: [String])] {
        await parseCounting(revisions, workers: workers, cache: cache).revisions
    }

    /// `parseRevisions`, saying where the facts came from.
    /// `preloaded` facts, by content key, are used before the cache and counted as read from disk.
    static func parseCounting(
        _ revisions: [[SourceInput]], workers: Int, cache: FactsCache?, preloaded: [String: FileFacts] = [:]
    ) async -> (revisions: [(facts: [FileFacts], skipped: [String])], statistics: AnalysisStatistics) {
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
        let fromSnapshot = preloaded.filter { unique[$0.key] != nil }
        let inMemory = await cache?.facts(for: unique.keys.filter { contentKeys.contains($0) && fromSnapshot[$0] == nil }) ?? [:]
        let store = cache?.store
        let parsed = await parseEach(
            unique.values.filter { inMemory[$0.path] == nil && fromSnapshot[$0.path] == nil }, workers: workers, store: store, storable: contentKeys)
        var factsByKey = Dictionary(uniqueKeysWithValues: parsed.facts.map { ($0.path, $0) })
        factsByKey.merge(fromSnapshot) { parsedNow, _ in parsedNow }
        await cache?.store(factsByKey.filter { contentKeys.contains($0.key) })
        if parsed.statistics.stored > 0 { store?.evict() }
        factsByKey.merge(inMemory) { parsedNow, _ in parsedNow }
        var statistics = parsed.statistics
        statistics.fromMemory = inMemory.count
        statistics.fromDisk += fromSnapshot.count
        let results: [(facts: [FileFacts], skipped: [String])] = revisions.enumerated().map { revision, inputs in
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
        return (results, statistics)
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

    /// Parses each input in parallel workers. An input whose key is in `storable` is first looked up in
    /// `store` and, when parsed, written to it — by the worker, so reading and writing entries spread over
    /// the cores like the parsing.
    private static func parseEach(
        _ inputs: [SourceInput], workers: Int, store: FactsStore? = nil, storable: Set<String> = []
    ) async -> (facts: [FileFacts], skipped: [String], statistics: AnalysisStatistics) {
        let batches = batches(inputs, workers: workers)
        var facts: [FileFacts] = []
        var skipped: [String] = []
        var statistics = AnalysisStatistics()
        await withTaskGroup(of: ([FileFacts], [String], AnalysisStatistics).self) { group in
            for batch in batches {
                // On a thread with a large stack: see `ParserThread`.
                group.addTask { await ParserThread.run {
                    var parsed: [FileFacts] = []
                    var unreadable: [String] = []
                    var counts = AnalysisStatistics()
                    for input in batch {
                        let entryStore = storable.contains(input.path) ? store : nil
                        if let cached = entryStore?.load(input.path) {
                            parsed.append(cached)
                            counts.fromDisk += 1
                            continue
                        }
                        guard let text = text(of: input) else {
                            unreadable.append(input.path)
                            continue
                        }
                        let extracted = FactExtractor.facts(path: input.path, source: text)
                        parsed.append(extracted)
                        counts.parsed += 1
                        if entryStore?.save(extracted, key: input.path) == true { counts.stored += 1 }
                    }
                    return (parsed, unreadable, counts)
                } }
            }
            for await (parsed, unreadable, counts) in group {
                facts += parsed
                skipped += unreadable
                statistics = statistics + counts
            }
        }
        return (facts.sorted { $0.path < $1.path }, skipped.sorted(), statistics)
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
    static func check(
        _ files: [FileFacts], configuration: AnalysisConfiguration, skippedFiles: [String] = [],
        rules: [any Rule] = RuleCatalog.rules
    ) -> AnalysisResult {
        let index = CodebaseIndex(files: files, configuration: configuration)
        let raw = rules.flatMap { findings(of: $0, in: index) }
        return settle(raw, index: index, rules: rules, skippedFiles: skippedFiles)
    }

    /// `check`, with the rules spread over the cores: each rule reads the shared index and nothing else.
    /// A worker takes the next rule as soon as it is free, so one slow rule does not hold up a fixed share.
    public static func checkConcurrently(
        _ files: [FileFacts], configuration: AnalysisConfiguration, skippedFiles: [String] = [],
        rules: [any Rule] = RuleCatalog.rules, workers: Int = ProcessInfo.processInfo.activeProcessorCount
    ) async -> AnalysisResult {
        let index = CodebaseIndex(files: files, configuration: configuration)
        var raw: [Finding] = []
        await withTaskGroup(of: [Finding].self) { group in
            var next = 0
            for _ in 0..<max(1, min(workers, rules.count)) where next < rules.count {
                let rule = rules[next]
                group.addTask { findings(of: rule, in: index) }
                next += 1
            }
            for await part in group {
                raw += part
                if next < rules.count {
                    let rule = rules[next]
                    group.addTask { findings(of: rule, in: index) }
                    next += 1
                }
            }
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

    /// Applies suppressions and the precedence between rules (`FindingPrecedence`), and orders the findings.
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
        // After the suppressions, so a suppressed finding absorbs nothing (a suppression names one rule).
        findings = FindingPrecedence.settle(findings)
        // A file refused by `SourceLimits` is reported after the suppressions, none of which can silence it.
        findings = (findings + files.compactMap { file in file.refusal.map { SourceUnreadable.finding(path: file.path, refusal: $0) } }).sorted()
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
