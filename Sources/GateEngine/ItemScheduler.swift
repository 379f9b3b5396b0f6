import CFAAnalysis
import Checklist
import Foundation
import Git
import Probes
import Verdict

/// Runs every item of a checklist as its probe, concurrently where that is safe.
///
/// `build` and `test` items share one lane, in that order, because they share the package's `.build`
/// folder and `test` needs a good build; command items run beside them; `git-clean` is judged from a
/// snapshot taken before anything starts and one taken after everything has finished.
struct ItemScheduler: Sendable {
    var items: [ChecklistItem]
    var context: ProbeContext
    /// Set when the checklist has `cfa` items: the analyser configuration they share.
    var analysisConfiguration: AnalysisConfiguration?
    /// Set when the checklist has an `inventory` item: the base commit it compares with.
    var inventoryBase: BaseChoice?
    /// The on-disk facts cache the analysis reads and fills; nil with `--no-cache`.
    var factsStore: FactsStore? = nil
    var progress: @Sendable (GateEvent) -> Void

    struct Outcome: Sendable {
        var items: [ItemResult]
        var analysis: AnalysisResult?
    }

    func run() async -> Outcome {
        let cleanItems = items.filter { $0.probe.name == ProbeKind.gitClean.rawValue }
        let before = cleanItems.isEmpty ? nil : GitCleanProbe.snapshot(repositoryRoot: context.repositoryRoot)

        var results: [Int: ItemResult] = [:]
        var analysis: AnalysisResult?
        await withTaskGroup(of: ([ItemResult], AnalysisResult?).self) { group in
            let swiftPMItems = items.filter { [ProbeKind.build.rawValue, ProbeKind.test.rawValue].contains($0.probe.name) }
            if !swiftPMItems.isEmpty {
                group.addTask { (await runSwiftPMLane(swiftPMItems), nil) }
            }
            let cfaItems = items.filter { $0.probe.name == ProbeKind.cfa.rawValue }
            let inventoryItems = items.filter { $0.probe.name == ProbeKind.inventory.rawValue }
            if let analysisConfiguration, !cfaItems.isEmpty || !inventoryItems.isEmpty {
                group.addTask { await runAnalysisLane(cfaItems, inventoryItems, configuration: analysisConfiguration) }
            }
            for item in items where item.probe.name == ProbeKind.command.rawValue {
                group.addTask {
                    ([await measure(item) { logName in
                        await CommandProbe(command: item.probe.arguments.joined(separator: " ")).run(in: context, logName: logName)
                    }], nil)
                }
            }
            for item in items where item.probe.isManual {
                let result = Self.result(
                    for: item, outcome: ProbeOutcome(status: .manual, summary: "awaiting a person's review"), duration: .zero)
                progress(.itemFinished(result))
                results[item.number] = result
            }
            for await (finished, analysed) in group {
                for result in finished { results[result.number] = result }
                if let analysed { analysis = analysed }
            }
        }

        if let before {
            let after = GitCleanProbe.snapshot(repositoryRoot: context.repositoryRoot)
            for item in cleanItems {
                progress(.itemStarted(item))
                let result = Self.result(for: item, outcome: GitCleanProbe.judge(before: before, after: after), duration: .zero)
                progress(.itemFinished(result))
                results[item.number] = result
            }
        }
        return Outcome(items: items.compactMap { results[$0.number] }, analysis: analysis)
    }

    /// One parse of the working tree, every `cfa` item judged from it (the time is the analysis's, shown on
    /// the first item, since the items share it); then the inventory diff, which reuses the facts of every
    /// file whose content the final commit shares with the working tree.
    private func runAnalysisLane(
        _ cfaItems: [ChecklistItem], _ inventoryItems: [ChecklistItem], configuration: AnalysisConfiguration
    ) async -> ([ItemResult], AnalysisResult?) {
        let cache = FactsCache(store: factsStore)
        var results: [ItemResult] = []
        var analysis: AnalysisResult?
        if !cfaItems.isEmpty {
            for item in cfaItems { progress(.itemStarted(item)) }
            let clock = ContinuousClock()
            let start = clock.now
            let analysed = await CFAProbe.analyse(in: context, configuration: configuration, cache: cache)
            let elapsed = clock.now - start
            let judged = cfaItems.enumerated().map { offset, item in
                Self.result(
                    for: item, outcome: CFAProbe.judge(ruleIDs: item.probe.arguments, analysis: analysed),
                    duration: offset == 0 ? elapsed : .zero)
            }
            judged.forEach { progress(.itemFinished($0)) }
            results += judged
            analysis = analysed
        }
        if let inventoryBase {
            for item in inventoryItems {
                results.append(await measure(item) { _ in
                    await InventoryProbe.run(in: context, base: inventoryBase, configuration: configuration, cache: cache)
                })
            }
        }
        return (results, analysis)
    }

    /// Builds first, then tests; a test item after a build that did not pass is skipped with the reason.
    private func runSwiftPMLane(_ laneItems: [ChecklistItem]) async -> [ItemResult] {
        let builds = laneItems.filter { $0.probe.name == ProbeKind.build.rawValue }
        let tests = laneItems.filter { $0.probe.name == ProbeKind.test.rawValue }
        var finished: [ItemResult] = []
        for item in builds {
            finished.append(await measure(item) { logName in
                await BuildProbe(arguments: item.probe.arguments).run(in: context, logName: logName)
            })
        }
        let brokenBuild = finished.first { $0.status != .passed }
        for item in tests {
            if let brokenBuild {
                let outcome = ProbeOutcome(status: .skipped, summary: "not run: the build did not pass (item \(brokenBuild.number))")
                let result = Self.result(for: item, outcome: outcome, duration: .zero)
                progress(.itemFinished(result))
                finished.append(result)
                continue
            }
            finished.append(await measure(item) { logName in
                await TestProbe(arguments: item.probe.arguments).run(in: context, logName: logName)
            })
        }
        return finished
    }

    private func measure(_ item: ChecklistItem, _ body: (String) async -> ProbeOutcome) async -> ItemResult {
        progress(.itemStarted(item))
        let clock = ContinuousClock()
        let start = clock.now
        let outcome = await body("\(item.number)-\(item.probe.name)")
        let result = Self.result(for: item, outcome: outcome, duration: clock.now - start)
        progress(.itemFinished(result))
        return result
    }

    static func result(for item: ChecklistItem, outcome: ProbeOutcome, duration: Duration) -> ItemResult {
        let seconds = GateDuration.seconds(duration)
        return ItemResult(
            number: item.number, title: item.title, section: item.section, probe: item.probe.displayText,
            status: outcome.status, summary: outcome.summary, durationSeconds: (seconds * 1000).rounded() / 1000,
            evidence: outcome.evidence)
    }
}
