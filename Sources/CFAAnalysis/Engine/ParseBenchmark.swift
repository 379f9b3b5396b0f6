import Foundation
internal import SwiftParser
internal import SwiftSyntax

/// The floor the analyser is measured against: parsing the same files with SwiftParser alone, spread over
/// the same workers, trees dropped at once. Used by `cfa-gate analyze --bench`.
public enum ParseBenchmark {
    public struct Timing: Sendable {
        public var bareParse: Duration
        /// Parsing and fact extraction, then the index and rules; together the analysis.
        public var extraction: Duration
        /// The index and rules: the fastest of three runs, since this phase is short and the machine is shared.
        public var rules: Duration
        public var analysis: Duration { extraction + rules }
        public var files: Int
        public var lines: Int
        /// The index build and each rule run alone on one core, slowest first: where the index-and-rules time goes.
        public var slowest: [(name: String, time: Duration)] = []
        /// With a cache: the whole analysis hashing every file and writing every entry to an empty cache (the fastest of
        /// `rounds`), then again reading every entry from it.
        public var cached: (cold: Duration, warm: Duration, coldOnProcessor: Duration)?
        /// The same phases in processor time of this process (all workers together). Other work on a shared
        /// machine stretches the wall-clock figures; it hardly changes these, so growth and ratios are read here.
        public var processor: (bareParse: Duration, extraction: Duration, rules: Duration) = (.zero, .zero, .zero)
        /// In processor time: one pass over every node of every parsed file, recording nothing (`floorPass`), the least
        /// a whole-tree analysis adds to the parse.
        public var floorPass: Duration = .zero
    }

    /// Processor time used so far: by this process, all threads together, or with `CLOCK_THREAD_CPUTIME_ID` by the
    /// calling thread.
    static func processorTime(_ clock: clockid_t = CLOCK_PROCESS_CPUTIME_ID) -> Duration {
        var spec = timespec()
        clock_gettime(clock, &spec)
        return .seconds(spec.tv_sec) + .nanoseconds(spec.tv_nsec)
    }

    /// The faster of two measurements, each figure on its own.
    private static func fastest(_ current: (wall: Duration, processor: Duration)?, _ new: (wall: Duration, processor: Duration))
        -> (wall: Duration, processor: Duration)
    {
        guard let current else { return new }
        return (min(current.wall, new.wall), min(current.processor, new.processor))
    }

    /// Rounds of bare parsing and analysis, in alternating order; each figure is the fastest of its rounds. Other work on
    /// a shared machine only ever adds time, and one round's parse warms caches and the allocator for the next, so
    /// the fastest of alternating rounds is the fair comparison.
    static let rounds = 3

    /// With `contentHash`, the cache runs too, in a temporary folder removed afterwards.
    public static func measure(
        repositoryRoot: String, scope: String, configuration: AnalysisConfiguration, workers: Int, contentHash: ContentHash? = nil
    ) async -> Timing {
        let inputs = SourceDiscovery.swiftFiles(repositoryRoot: repositoryRoot, scope: scope, configuration: configuration)
        let clock = ContinuousClock()
        var bareParse: (wall: Duration, processor: Duration)?
        var extraction: (wall: Duration, processor: Duration)?
        var parsed: (facts: [FileFacts], skipped: [String])?
        for round in 0..<rounds {
            for parseFirst in round % 2 == 0 ? [true, false] : [false, true] {
                let start = (clock.now, processorTime())
                if parseFirst {
                    await parseOnly(inputs, workers: workers)
                    bareParse = fastest(bareParse, (clock.now - start.0, processorTime() - start.1))
                } else {
                    let result = await Analyzer.parse(inputs, workers: workers)
                    extraction = fastest(extraction, (clock.now - start.0, processorTime() - start.1))
                    parsed = (result.facts, result.skipped)
                }
            }
        }
        let facts = parsed?.facts ?? []
        let rulesStart = clock.now
        let rulesProcessor = processorTime()
        let result = await Analyzer.checkConcurrently(facts, configuration: configuration, skippedFiles: parsed?.skipped ?? [], workers: workers)
        var rules = clock.now - rulesStart
        var rulesOnProcessor = processorTime() - rulesProcessor
        for _ in 0..<2 {
            let start = (clock.now, processorTime())
            _ = await Analyzer.checkConcurrently(facts, configuration: configuration, workers: workers)
            rules = min(rules, clock.now - start.0)
            rulesOnProcessor = min(rulesOnProcessor, processorTime() - start.1)
        }
        var timing = Timing(
            bareParse: bareParse?.wall ?? .zero, extraction: extraction?.wall ?? .zero, rules: rules, files: result.fileCount,
            lines: result.lineCount, slowest: workers == 1 ? profile(facts, configuration: configuration) : [])
        timing.processor = (bareParse?.processor ?? .zero, extraction?.processor ?? .zero, rulesOnProcessor)
        timing.floorPass = await floorPass(inputs, workers: workers)
        if let contentHash {
            timing.cached = await measureCache(repositoryRoot: repositoryRoot, scope: scope, configuration: configuration, workers: workers, contentHash)
        }
        return timing
    }

    /// SwiftParser alone on every file, spread over the same workers, trees dropped at once.
    private static func parseOnly(_ inputs: [SourceInput], workers: Int) async {
        await withTaskGroup(of: Void.self) { group in
            for batch in Analyzer.batches(inputs, workers: workers) {
                group.addTask {
                    for input in batch {
                        guard let text = Analyzer.text(of: input) else { continue }
                        _ = Parser.parse(source: text)
                    }
                }
            }
        }
    }

    /// The least any analysis of every node adds to parsing: one pass that meets every node of each parsed file and
    /// records nothing, in processor time, the fastest of three passes per file. The pass is SwiftSyntax's own visitor,
    /// which runs inside the library; a pass of ours over the raw tree pays a call for every node it reads (the
    /// toolchain's library is built for evolution) and costs more. The parse itself is not counted.
    static func floorPass(_ inputs: [SourceInput], workers: Int) async -> Duration {
        await withTaskGroup(of: Duration.self) { group in
            for batch in Analyzer.batches(inputs, workers: workers) {
                group.addTask {
                    var total = Duration.zero
                    for input in batch {
                        guard let text = Analyzer.text(of: input) else { continue }
                        let tree = Parser.parse(source: text)
                        var fastest: Duration?
                        for _ in 0..<rounds {
                            let visitor = EveryNodeVisitor(viewMode: .sourceAccurate)
                            // On one thread throughout: nothing in between suspends.
                            let start = processorTime(CLOCK_THREAD_CPUTIME_ID)
                            visitor.walk(tree)
                            let time = processorTime(CLOCK_THREAD_CPUTIME_ID) - start
                            if visitor.met > 0 { fastest = min(fastest ?? time, time) }
                        }
                        total += fastest ?? .zero
                    }
                    return total
                }
            }
            return await group.reduce(.zero, +)
        }
    }

    /// The whole analysis with the cache: cold (an empty cache, every entry written) and then warm (every entry read).
    /// Cold is the fastest of `rounds` runs, each on a cache of its own, in processor time as in wall clock: the
    /// analysis without a cache it is compared with is a fastest of rounds too, and one run against the fastest of
    /// three would count the machine's noise as the cost of the cache.
    private static func measureCache(
        repositoryRoot: String, scope: String, configuration: AnalysisConfiguration, workers: Int, _ contentHash: @escaping ContentHash
    ) async -> (cold: Duration, warm: Duration, coldOnProcessor: Duration) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cfa-gate-bench-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func run(_ store: FactsStore) async -> (wall: Duration, processor: Duration) {
            let processor = processorTime()
            let wall = await ContinuousClock().measure {
                _ = await Analyzer.analyze(
                    repositoryRoot: repositoryRoot, scope: scope, configuration: configuration, cache: FactsCache(store: store),
                    contentHash: contentHash, workers: workers)
            }
            return (wall, processorTime() - processor)
        }
        let stores = (0..<rounds).map { FactsStore(directory: "\(folder)/\($0)", toolVersion: "bench") }
        var cold: (wall: Duration, processor: Duration)?
        for store in stores { cold = fastest(cold, await run(store)) }
        // The last cache written, read back.
        let warm = await run(stores[stores.count - 1])
        return (cold?.wall ?? .zero, warm.wall, cold?.processor ?? .zero)
    }

    /// Times the index build and then every rule alone, so a rule whose cost grows faster than the app stands out.
    static func profile(_ facts: [FileFacts], configuration: AnalysisConfiguration) -> [(name: String, time: Duration)] {
        let clock = ContinuousClock()
        var index: CodebaseIndex?
        var times = [(name: "index", time: clock.measure { index = CodebaseIndex(files: facts, configuration: configuration) })]
        guard let index else { return times }
        for rule in RuleCatalog.rules {
            times.append((rule.descriptor.id, clock.measure { _ = rule.check(index) }))
        }
        return times.sorted { $0.time > $1.time }
    }
}

/// Walks every node and counts the tokens, so that the walk cannot be optimized away.
private final class EveryNodeVisitor: SyntaxVisitor {
    var met = 0
    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        met += 1
        return .visitChildren
    }
}
