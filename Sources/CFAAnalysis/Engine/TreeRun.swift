import Foundation

/// One analysis of a working-tree folder against its last `TreeSnapshot`: files whose stamps vouch for them
/// are neither read nor hashed, their facts come from their entries by the recorded key, and when nothing
/// changed the recorded findings are the result. Then the new snapshot is recorded.
struct TreeRun: Sendable {
    /// The repository's real path.
    var root: String
    var scope: String
    /// The file system's clock before any file was read.
    var startedAt: FileStamp.Timestamp
    var store: FactsStore
    var configuration: AnalysisConfiguration

    /// A source with its key, and where that key came from.
    struct Tracked: Sendable {
        var input: SourceInput
        /// The absolute path read; nil for a source that is not a file on disk.
        var contentPath: String?
        /// nil when the file could not be read as UTF-8 text.
        var stamp: FileStamp?
        /// Set when the snapshot vouched for the file: it was not read.
        var recorded: TreeSnapshot.File?
    }

    func analyze(_ inputs: [SourceInput], cache: FactsCache, contentHash: @escaping ContentHash, workers: Int) async -> AnalysisResult {
        let previous = store.loadTree(root: root, scope: scope)
        let fingerprint = TreeSnapshot.fingerprint(configuration)
        let linkFindings = inputs.compactMap(\.linkFinding)
        var tracked = await Self.track(inputs.filter { $0.unresolvedLink == nil }, previous: previous, contentHash, workers: workers)
        var result: AnalysisResult
        if let previous, previous.configuration == fingerprint, tracked.count == previous.files.count, tracked.allSatisfy({ $0.recorded != nil }) {
            // Every file is the one recorded (each path found once, as many as recorded): so are the findings.
            result = AnalysisResult(
                findings: previous.findings, suppressed: previous.suppressed,
                stored: StoredFacts(files: previous.files, store: store, configuration: configuration), contentHash: contentHash)
            result.statistics = AnalysisStatistics(fromDisk: previous.files.count)
        } else {
            let preloaded = await Self.load(tracked.compactMap(\.recorded), from: store, workers: workers)
            // A recorded file whose entry is gone or damaged is read after all, never parsed from a later read of unknown content.
            for index in tracked.indices where tracked[index].recorded.map({ preloaded[$0.contentKey] == nil }) == true {
                tracked[index] = Self.read(tracked[index].input, contentPath: tracked[index].contentPath, contentHash)
            }
            let (parsed, statistics) = await Analyzer.parseCounting(
                [tracked.map(\.input)], workers: workers, cache: cache, preloaded: preloaded)
            result = await Analyzer.checkConcurrently(
                parsed[0].facts, configuration: configuration, skippedFiles: parsed[0].skipped, workers: workers)
            result.statistics = statistics
            result.hashedFiles = tracked.count { $0.recorded == nil && $0.stamp != nil }
            record(tracked, facts: parsed[0].facts, skipped: parsed[0].skipped, result: result, fingerprint: fingerprint)
        }
        if !linkFindings.isEmpty { result.findings = (result.findings + linkFindings).sorted() }
        return result
    }

    /// Writes the snapshot of this analysis; not when a file could not be read or keyed, since the next run
    /// must then look at it again anyway.
    private func record(_ tracked: [Tracked], facts: [FileFacts], skipped: [String], result: AnalysisResult, fingerprint: [UInt8]) {
        guard skipped.isEmpty else { return }
        let factsByPath = Dictionary(facts.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        var files: [TreeSnapshot.File] = []
        files.reserveCapacity(tracked.count)
        for entry in tracked {
            guard let stamp = entry.stamp, let contentPath = entry.contentPath, let key = entry.input.contentKey,
                let fileFacts = factsByPath[entry.input.path]
            else { return }
            files.append(
                TreeSnapshot.File(
                    path: entry.input.path, contentPath: contentPath, stamp: stamp, contentKey: key, lineCount: fileFacts.lineCount))
        }
        store.saveTree(
            TreeSnapshot(
                root: root, scope: scope, configuration: fingerprint, recordedAt: startedAt, files: files, findings: result.findings,
                suppressed: result.suppressed))
    }

    /// Keys every source: from the snapshot when its stamp vouches for it, else by reading and hashing it.
    static func track(_ inputs: [SourceInput], previous: TreeSnapshot?, _ contentHash: @escaping ContentHash, workers: Int) async -> [Tracked] {
        var tracked: [Tracked] = []
        await withTaskGroup(of: [Tracked].self) { group in
            for batch in Analyzer.batches(inputs, workers: workers) {
                group.addTask {
                    batch.map { input in
                        guard case .file(let path) = input.content else { return Tracked(input: input) }
                        if let previous, let stamp = FileStamp.of(path), let recorded = previous.unchanged(input.path, contentPath: path, stamp: stamp) {
                            var known = input
                            known.contentKey = recorded.contentKey
                            return Tracked(input: known, contentPath: path, stamp: stamp, recorded: recorded)
                        }
                        return read(input, contentPath: path, contentHash)
                    }
                }
            }
            for await part in group { tracked += part }
        }
        return tracked.sorted { $0.input.path < $1.input.path }
    }

    /// Reads a file once, keyed by the bytes read, with the stamp it had before they were read.
    static func read(_ input: SourceInput, contentPath: String?, _ contentHash: ContentHash) -> Tracked {
        guard let contentPath, let (data, stamp) = StampedRead.contents(of: contentPath), let text = String(validating: data, as: UTF8.self)
        else { return Tracked(input: input, contentPath: contentPath) }
        return Tracked(input: .text(text, path: input.path, contentKey: contentHash(data)), contentPath: contentPath, stamp: stamp)
    }

    /// The facts of the recorded files, by content key, read from their entries over the workers.
    static func load(_ files: [TreeSnapshot.File], from store: FactsStore, workers: Int) async -> [String: FileFacts] {
        guard !files.isEmpty else { return [:] }
        let parts = max(1, min(workers, files.count))
        var loaded: [String: FileFacts] = [:]
        loaded.reserveCapacity(files.count)
        await withTaskGroup(of: [(String, FileFacts)].self) { group in
            for part in 0..<parts {
                group.addTask {
                    stride(from: part, to: files.count, by: parts).compactMap { index in
                        store.load(files[index].contentKey).map { (files[index].contentKey, $0) }
                    }
                }
            }
            for await pairs in group {
                for (key, facts) in pairs { loaded[key] = facts }
            }
        }
        return loaded
    }
}

extension TreeRun.Tracked {
    init(input: SourceInput, contentPath: String? = nil) {
        self.init(input: input, contentPath: contentPath, stamp: nil, recorded: nil)
    }
}
