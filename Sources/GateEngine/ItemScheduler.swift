import CFAAnalysis
import Checklist
import Foundation
import Git
import Probes
import Verdict

/// Runs every item of a checklist as its probe, concurrently where that is safe.
///
/// `build` and `test` items share one lane, in that order, because they share the package's `.build`
/// folder and `test` needs a good build; command items run after that lane (beside the analysis), never while it
/// builds or tests: a command can write `.build`, and a process it started could swap a build output under the tests.
/// `git-clean` is judged from a snapshot taken before anything starts and one taken after everything has finished.
struct ItemScheduler: Sendable {
    var items: [ChecklistItem]
    var context: ProbeContext
    /// Set when the checklist has `cfa` items: the analyser configuration they share.
    var analysisConfiguration: AnalysisConfiguration?
    /// The base's `.cfa-gate.json` the model build reads the app's sources by (its include, exclude and `modelBuild`).
    var modelBuildConfiguration = AnalysisConfiguration()
    /// The known findings that `cfa` items (and the inventory's missing tests) do not fail on.
    var baseline: Baseline?
    /// Set when the checklist has an `inventory` item: the base commit it compares with.
    var inventoryBase: BaseChoice?
    /// The on-disk facts cache the analysis reads and fills; nil with `--no-cache`.
    var factsStore: FactsStore? = nil
    var progress: @Sendable (GateEvent) -> Void

    struct Outcome: Sendable {
        var items: [ItemResult]
        var analysis: AnalysisResult?
    }

    /// The items sorted into the lanes that run them, each with the arguments its kind carries.
    struct Lanes {
        var builds: [(item: ChecklistItem, arguments: [String])] = []
        var tests: [(item: ChecklistItem, arguments: [String])] = []
        var cfa: [(item: ChecklistItem, rules: [String])] = []
        var inventory: [ChecklistItem] = []
        var commands: [(item: ChecklistItem, command: String)] = []
        var gitClean: [ChecklistItem] = []
        var manual: [ChecklistItem] = []

        init(_ items: [ChecklistItem]) {
            for item in items {
                switch item.probe.kind {
                case .build(let arguments): builds.append((item, arguments))
                case .test(let arguments): tests.append((item, arguments))
                case .cfa(let rules): cfa.append((item, rules))
                case .inventory: inventory.append(item)
                case .command(let command): commands.append((item, command))
                case .gitClean: gitClean.append(item)
                case .manual: manual.append(item)
                }
            }
        }
    }

    func run() async -> Outcome {
        let lanes = Lanes(items)
        let before = lanes.gitClean.isEmpty ? nil : GitCleanProbe.snapshot(repositoryRoot: context.repositoryRoot)
        // Read before any build, test or command of the change runs: what the `cfa` items judge cannot be
        // rewritten by that code and restored before the end.
        var sources: [SourceInput]?
        if let analysisConfiguration, !lanes.cfa.isEmpty {
            sources = await CFAProbe.sources(in: context, configuration: analysisConfiguration)
        }
        let snapshot = sources
        // Read at the same moment, for the same reason: the test item judges the test code as it was before anything ran.
        let testCode = lanes.tests.isEmpty ? [] : TestProbe.testCode(in: context)

        var results: [Int: ItemResult] = [:]
        var analysis: AnalysisResult?
        await withTaskGroup(of: ([ItemResult], AnalysisResult?).self) { group in
            let hasSwiftPMLane = !lanes.builds.isEmpty || !lanes.tests.isEmpty
            group.addTask {
                let built =
                    hasSwiftPMLane
                    ? await runSwiftPMLane(builds: lanes.builds, tests: lanes.tests, testCode: testCode) : []
                return (built + (await runCommands(lanes.commands)), nil)
            }
            if let analysisConfiguration, !lanes.cfa.isEmpty || !lanes.inventory.isEmpty {
                group.addTask {
                    await runAnalysisLane(lanes.cfa, lanes.inventory, configuration: analysisConfiguration, sources: snapshot ?? [])
                }
            }
            for item in lanes.manual {
                let result = Self.result(
                    for: item, outcome: ProbeOutcome(status: .manual, summary: "awaiting a person's review"), duration: .zero)
                progress(.itemFinished(result))
                results[item.number] = result
            }
            for await (finished, analyzed) in group {
                for result in finished { results[result.number] = result }
                if let analyzed { analysis = analyzed }
            }
        }

        if let before {
            let after = GitCleanProbe.snapshot(repositoryRoot: context.repositoryRoot)
            for item in lanes.gitClean {
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
        _ cfaItems: [(item: ChecklistItem, rules: [String])], _ inventoryItems: [ChecklistItem],
        configuration: AnalysisConfiguration, sources: [SourceInput]
    ) async -> ([ItemResult], AnalysisResult?) {
        let cache = FactsCache(store: factsStore)
        var results: [ItemResult] = []
        var analysis: AnalysisResult?
        if !cfaItems.isEmpty {
            for (item, _) in cfaItems { progress(.itemStarted(item)) }
            let clock = ContinuousClock()
            let start = clock.now
            let analyzed = await CFAProbe.analyze(sources, in: context, configuration: configuration, baseline: baseline, cache: cache)
            let elapsed = clock.now - start
            let outcomes = CFAProbe.judge(items: cfaItems.map { ($0.item.number, $0.rules) }, analysis: analyzed)
            let judged = zip(cfaItems, outcomes).enumerated().map { offset, pair in
                Self.result(for: pair.0.item, outcome: pair.1, duration: offset == 0 ? elapsed : .zero)
            }
            judged.forEach { progress(.itemFinished($0)) }
            results += judged
            analysis = analyzed
        }
        if let inventoryBase {
            for item in inventoryItems {
                results.append(await measure(item) { _ in
                    await InventoryProbe.run(
                        in: context, base: inventoryBase, configuration: configuration, baseline: baseline, cache: cache)
                })
            }
        }
        return (results, analysis)
    }

    /// The command items, side by side.
    private func runCommands(_ commands: [(item: ChecklistItem, command: String)]) async -> [ItemResult] {
        await withTaskGroup(of: ItemResult.self) { group in
            for (item, command) in commands {
                group.addTask {
                    await measure(item) { logName in await CommandProbe(command: command).run(in: context, logName: logName) }
                }
            }
            var finished: [ItemResult] = []
            for await result in group { finished.append(result) }
            return finished
        }
    }

    /// Evaluates the package once, read-only; then builds, then tests; a test item after a build that did not pass is
    /// skipped with the reason.
    private func runSwiftPMLane(
        builds: [(item: ChecklistItem, arguments: [String])], tests: [(item: ChecklistItem, arguments: [String])],
        testCode: [SourceInput]
    ) async -> [ItemResult] {
        // The test code was read before anything ran; parsing it for code that disarms the test frameworks needs only that
        // copy, so it runs beside the package's evaluation and build rather than before them.
        async let frameworkShadowing = testCode.isEmpty ? [] : TestFrameworkShadowing.findings(in: testCode)
        // Without a package SwiftPM can build here, the lane builds and tests the model package instead (ModelBuildScope),
        // unless the checklist forbids it; the checklist's floors then judge how much of the app it covered.
        var context = context
        var model: ModelBuildScope?
        let failAll = { (outcome: ProbeOutcome) in
            (builds + tests).map { item, _ in
                let result = Self.result(for: item, outcome: outcome, duration: .zero)
                progress(.itemFinished(result))
                return result
            }
        }
        var evaluated: PackageEvaluation?
        switch await ModelBuildScope.decide(in: context) {
        case .package(let evaluation): evaluated = evaluation
        case .refused(let outcome): return failAll(outcome)
        case .modelBuild(let trigger):
            switch await ModelBuildScope.prepare(in: context, trigger: trigger, configuration: modelBuildConfiguration) {
            case .ready(let prepared):
                model = prepared
                context = prepared.context
            case .failed(let outcome): return failAll(outcome)
            }
        }
        let scoped = { (outcome: ProbeOutcome) in model?.scoped(outcome) ?? outcome }
        let floor = model?.floor
        let evaluation: PackageEvaluation
        if let evaluated { evaluation = evaluated } else { evaluation = await PackageEvaluation.run(in: context) }
        var finished: [ItemResult] = []
        // A build that compiled but falls short of a floor fails its item, yet its tests can still run and be counted.
        var belowFloorOnly: Set<Int> = []
        // One `swift build --build-tests` serves the build item and the test items that build with its arguments: SwiftPM
        // loads the package once, not twice (most of a warm run's cost over `swift test`), and its success means the app
        // builds too. Only when it fails is the build item judged by `swift build` alone, so a test that does not compile
        // fails the test items, never the build item; the test items then take that failure as their own.
        let sharesTestBuild = builds.count == 1 && !tests.isEmpty
            && tests.allSatisfy { TestProbe.buildArguments(of: $0.arguments) == builds[0].arguments }
        var testBuild: (item: Int, outcome: ProbeOutcome)?
        for (item, arguments) in builds {
            finished.append(await measure(item) { logName in
                var built: ProbeOutcome
                if sharesTestBuild {
                    built = await BuildProbe(arguments: ["--build-tests"] + arguments).run(in: context, logName: logName, evaluation: evaluation)
                    testBuild = (item.number, built)
                    if built.status == .failed {
                        built = await BuildProbe(arguments: arguments).run(in: context, logName: "\(logName)-app", evaluation: evaluation)
                    }
                } else {
                    built = await BuildProbe(arguments: arguments).run(in: context, logName: logName, evaluation: evaluation)
                }
                let judged = floor?.judgeBuild(built) ?? built
                if built.status == .passed, judged.status != .passed { belowFloorOnly.insert(item.number) }
                return scoped(judged)
            })
        }
        let brokenBuild = finished.first { $0.status != .passed && !belowFloorOnly.contains($0.number) }
        for (item, arguments) in tests {
            if let brokenBuild {
                var outcome = ProbeOutcome(status: .skipped, summary: "not run: the build did not pass (item \(brokenBuild.number))")
                // The tests the model build left out are still accounted for, each with its own reason.
                if let model, !model.unavailableTests.isEmpty {
                    outcome.evidence.testCases = model.unavailableTests
                    outcome = model.scoped(outcome)
                }
                let result = Self.result(for: item, outcome: outcome, duration: .zero)
                progress(.itemFinished(result))
                finished.append(result)
                continue
            }
            if let outcome = model?.withoutTests {
                finished.append(await measure(item) { _ in scoped(outcome) })
                continue
            }
            if let testBuild, testBuild.outcome.status != .passed {
                finished.append(await measure(item) { _ in scoped(testBuild.outcome) })
                continue
            }
            let shadowing = await frameworkShadowing
            finished.append(await measure(item) { logName in
                let probe = TestProbe(
                    arguments: arguments, frameworkShadowing: shadowing, unavailable: model?.unavailableTests ?? [], floor: floor,
                    testCode: testCode, builtByItem: testBuild?.item)
                return scoped(await probe.run(in: context, logName: logName, evaluation: evaluation) { process, running in
                    let tests = running.map { RunningTest(id: $0.key, elapsed: $0.value) }.sorted { $0.elapsed > $1.elapsed }
                    progress(.testsRunning(item: item.number, process: process, tests: tests))
                })
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
