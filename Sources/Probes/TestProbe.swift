import CFAAnalysis
import Foundation
import Sandbox
import TestOrchestration
import Verdict

/// `test`: builds the tests once, lists them, and runs the built test bundle under the orchestrator, so that every
/// listed test ends with one status (see `TestOrchestrator`): a hang costs only the hung test, a crash only the test
/// that crashes alone, and a test that never reported fails the item. Under `test-isolation=process` (the default)
/// every test runs in a fresh process started from the built bundle, so no test passes on state another left.
///
/// Checklist arguments: `--filter REGEX` and `--skip REGEX` select tests by id, as `swift test` does; `--parallel`,
/// `--no-parallel` and `--num-workers` are accepted and ignored (the orchestrator decides); everything else goes to
/// `swift build --build-tests`.
public struct TestProbe: Sendable {
    var arguments: [String]
    /// Test code that disarms the test frameworks, found before anything ran (see `frameworkShadowing(in:)`).
    var frameworkShadowing: [Finding]
    /// Tests declared in files the model build left out (`ModelBuildScope`): listed as `unavailable`, never run.
    var unavailable: [TestCaseResult]
    /// The model build's `model-build-min-tests` floor, judged on the item's whole plan (`ModelBuildFloor`); nil for a package.
    var floor: ModelBuildFloor?
    /// The build item whose `swift build --build-tests` already built these tests, with the same arguments; nil builds them here.
    var builtByItem: Int?
    /// The package's test code as it was before anything ran (`TestCodeSources.read`), where a test that hung or crashed
    /// is found declared; nil reads it when the probe starts.
    var testCode: [SourceInput]?

    public init(
        arguments: [String] = [], frameworkShadowing: [Finding] = [], unavailable: [TestCaseResult] = [], floor: ModelBuildFloor? = nil,
        testCode: [SourceInput]? = nil,
        builtByItem: Int? = nil
    ) {
        self.arguments = arguments
        self.frameworkShadowing = frameworkShadowing
        self.unavailable = unavailable
        self.floor = floor
        self.testCode = testCode
        self.builtByItem = builtByItem
    }

    /// Where a repository keeps its quarantine list, beside its checklist.
    public static let quarantineRelativePath = "gate/quarantine.md"

    struct Selection: Equatable {
        var filters: [String] = []
        var skips: [String] = []
        var buildArguments: [String] = []
    }

    /// What of a test item's checklist arguments goes to `swift build --build-tests` (the rest select tests).
    public static func buildArguments(of arguments: [String]) -> [String] { split(arguments).buildArguments }

    static func split(_ arguments: [String]) -> Selection {
        var selection = Selection()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            let value = index + 1 < arguments.count ? arguments[index + 1] : nil
            switch argument {
            case "--filter" where value != nil: selection.filters.append(value!); index += 1
            case "--skip" where value != nil: selection.skips.append(value!); index += 1
            case "--num-workers" where value != nil: index += 1
            case "--parallel", "--no-parallel": break
            default: selection.buildArguments.append(argument)
            }
            index += 1
        }
        return selection
    }

    /// `observe` hears which tests each test process is running (for live progress), and an empty list when it ends.
    /// `evaluation`: the lane's evaluation of the package (`PackageEvaluation`); nil evaluates it first.
    public func run(
        in context: ProbeContext, logName: String, evaluation given: PackageEvaluation? = nil,
        observe: @escaping @Sendable (_ process: String, _ running: [String: Duration]) -> Void = { _, _ in }
    ) async -> ProbeOutcome {
        if let disarmed = Self.disarmed(frameworkShadowing) { return disarmed }
        var probe = self
        probe.testCode = testCode ?? TestCodeSources.read(repositoryRoot: context.repositoryRoot, packagePath: context.packagePath)
        return await probe.runWithTestCode(in: context, logName: logName, evaluation: given, observe: observe)
    }

    private func runWithTestCode(
        in context: ProbeContext, logName: String, evaluation given: PackageEvaluation?,
        observe: @escaping @Sendable (_ process: String, _ running: [String: Duration]) -> Void
    ) async -> ProbeOutcome {
        let clock = ContinuousClock()
        let deadline = clock.now + context.timeouts.test
        let selection = Self.split(arguments)
        var buildContext = context
        buildContext.timeouts.build = context.timeouts.test
        let evaluation: PackageEvaluation
        if let given { evaluation = given } else { evaluation = await PackageEvaluation.run(in: context) }
        guard case .success(let package) = evaluation.package else { return evaluation.failure ?? .error("the package was not evaluated") }
        var evidence: Evidence
        if let builtByItem {
            evidence = Evidence(excerpt: ["the tests were built by item \(builtByItem): `swift build --build-tests`"])
        } else {
            let build = await BuildProbe(arguments: ["--build-tests"] + selection.buildArguments)
                .run(in: buildContext, logName: logName, evaluation: evaluation)
            guard build.status == .passed else { return build }
            evidence = build.evidence
            evidence.diagnostics = []
        }

        let quarantine: Quarantine
        switch Self.loadQuarantine(context.testSettings.quarantine) {
        case .success(let loaded): quarantine = loaded
        case .failure(let error): return .error(error.description, evidence: evidence)
        }
        let runDirectory = "\(context.logDirectory)/\(logName).runs"
        try? FileManager.default.createDirectory(atPath: runDirectory, withIntermediateDirectories: true)
        let joinedPath = "\(context.logDirectory)/\(logName).tests.log"
        guard let logs = TestLogs(directory: runDirectory, joinedPath: joinedPath) else {
            return .error("cannot create the test log \(joinedPath): \(String(cString: strerror(errno)))", evidence: evidence)
        }
        var outcome = await runTests(
            in: context, package: package, evaluation: evaluation, selection: selection, quarantine: quarantine, runDirectory: runDirectory,
            logs: logs, deadline: deadline, evidence: evidence, observe: observe)
        if let log = await logs.close(name: "\(logName).tests", at: joinedPath) { outcome.evidence.logs.append(log) }
        try? FileManager.default.removeItem(atPath: runDirectory)
        return outcome
    }

    private func runTests(
        in context: ProbeContext, package: EvaluatedPackage, evaluation: PackageEvaluation, selection: Selection, quarantine: Quarantine,
        runDirectory: String, logs: TestLogs, deadline: ContinuousClock.Instant, evidence: Evidence,
        observe: @escaping @Sendable (String, [String: Duration]) -> Void
    ) async -> ProbeOutcome {
        let binDirectory: String
        switch await TestBundleLocator.binDirectory(in: context, buildArguments: selection.buildArguments, runDirectory: runDirectory) {
        case .success(let path): binDirectory = path
        case .failure(let error):
            var evidence = evidence
            evidence.excerpt = error.excerpt
            return .error(error.message, evidence: evidence)
        }
        if !selection.buildArguments.isEmpty,
            let reevaluated = evaluation.reevaluation(in: context, by: "swift build --show-bin-path \(selection.buildArguments.joined(separator: " "))")
        {
            return .error(reevaluated, evidence: evidence)
        }
        // The bundle that runs is a copy the gate made, beside only what the build declares, in a folder no probe can write,
        // digested as it was copied; every test process starts it, and the copy is read again once they have all ended.
        let runfiles: TestRunfiles
        do throws(RunfilesError) {
            runfiles = try TestRunfiles.assemble(
                bundle: package.testBundleName, binDirectory: binDirectory, companions: package.declaredCompanions, into: "\(runDirectory)/runfiles")
        } catch {
            return .error(error.description, evidence: evidence)
        }
        let bundle = runfiles.bundle
        let buildOutputs = [
            URL(fileURLWithPath: "\(context.packageDirectory)/.build").resolvingSymlinksInPath().path,
            URL(fileURLWithPath: binDirectory).resolvingSymlinksInPath().path,
        ]
        let sandbox = ProcessSandbox.current.protecting(buildOutputs)
        // XCTest's statuses come from an observer preloaded into its processes, never from their console output.
        let xctestChannel = XCTestChannel.prepare(for: bundle)
        let start = await Self.forkServers(forking: context.testSettings.forking, deadline: deadline) { library in
            var configuration = ForkServer.Configuration(
                bundle: bundle, library: library, workingDirectory: context.packageDirectory, environment: context.environment,
                logPath: "\(runDirectory)/fork-server.log", sandbox: sandbox)
            xctestChannel.prepare(&configuration)
            return configuration
        }
        var outcome = await orchestrate(
            package: package,
            SwiftPMTestRunner(
                bundle: bundle, packageDirectory: context.packageDirectory, repositoryRoot: context.repositoryRoot,
                runDirectory: runDirectory, logs: logs, environment: context.environment, deadline: deadline, workers: context.testSettings.workers,
                outputLimit: context.outputLimit, sandbox: sandbox, forkServers: start.servers, xctestChannel: xctestChannel),
            in: context, selection: selection, quarantine: quarantine, evidence: evidence, observe: observe)
        await start.servers?.shutdown()
        outcome.evidence.testRun?.processStart = start.record
        if let changed = runfiles.firstChange() {
            return .error(
                "\(changed) changed while the tests ran: something replaced what the gate copied from the build, so no result of it is trusted"
                    + " — look for a process outside the gate that writes into .git/cfa-gate", evidence: evidence)
        }
        return outcome
    }

    /// Fork servers for the item's test processes, when the fork server library is installed beside the gate and its
    /// first server starts; otherwise none, and the reason goes into the record.
    private static func forkServers(
        forking: Bool, deadline: ContinuousClock.Instant, configuration: (_ library: String) -> ForkServer.Configuration
    ) async -> (servers: ForkServerPool?, record: TestProcessStart) {
        guard forking else { return (nil, TestProcessStart(method: .executed, reason: "the checklist says test-start=exec")) }
        guard let library = ForkServer.libraryBesideExecutable() else {
            return (nil, TestProcessStart(method: .executed, reason: "libCFAGateForkServer.so is not installed beside cfa-gate"))
        }
        let pool = ForkServerPool(configuration(library))
        if let refusal = await pool.prepare(timeout: min(SwiftPMTestRunner.listingTimeout, max(.zero, deadline - .now))) {
            return (nil, TestProcessStart(method: .executed, reason: refusal))
        }
        return (pool, TestProcessStart(method: .forked))
    }

    /// Lists the bundle's tests, selects, orders and shards them, and runs them under the orchestrator.
    private func orchestrate(
        package: EvaluatedPackage, _ located: SwiftPMTestRunner, in context: ProbeContext, selection: Selection, quarantine: Quarantine,
        evidence: Evidence, observe: @escaping @Sendable (String, [String: Duration]) -> Void
    ) async -> ProbeOutcome {
        var evidence = evidence
        let order = ChangedTestTargets.choose(in: context, graph: package.targets)
        let runner: SwiftPMTestRunner
        let listed: [TestCase]
        do {
            runner = try await located.discovered()
            listed = try await runner.listTests()
        } catch {
            evidence.excerpt = error.excerpt
            return .error(error.message, evidence: evidence)
        }
        let expected: [TestCase]
        do {
            expected = try Self.select(listed, filters: selection.filters, skips: selection.skips, fullIDs: runner.swiftTestingIDs)
        } catch {
            return .error("`--filter`/`--skip` value is not a regular expression: \(error.pattern) — fix the test item's arguments", evidence: evidence)
        }
        guard !expected.isEmpty else {
            let reason = listed.isEmpty
                ? "the test bundle lists no tests — add tests, or bind this item to another probe"
                : "no listed test matches the filter (\(listed.count) tests listed) — fix the test item's --filter/--skip"
            return ProbeOutcome(status: .failed, summary: reason, evidence: evidence)
        }
        let policy = OrchestrationPolicy(
            caseTimeout: context.testSettings.caseTimeout, retries: context.testSettings.retries,
            allowFlaky: context.testSettings.allowFlaky, quarantine: quarantine, workers: context.testSettings.workers,
            isolation: context.testSettings.isolation, durations: context.testSettings.durations)
        let first = order
        // One shard of a matrix runs its share of the whole expected list; the merge checks the shares add up.
        var share = expected
        var shardRecord: ShardRecord?
        if let shard = context.testSettings.shard {
            let (_, record) = shard.plan(expected.map(\.id))
            let mine = Set(record.tests)
            share = expected.filter { mine.contains($0.id) }
            shardRecord = record
            guard !share.isEmpty else {
                evidence.testRun = TestRunRecord(
                    listSHA256: TestOrchestrator<SwiftPMTestRunner>.listDigest([]), expected: 0,
                    counts: unavailable.isEmpty ? [:] : [TestCaseStatus.unavailable.rawValue: unavailable.count], shard: record,
                    isolation: context.testSettings.isolation)
                if !unavailable.isEmpty { evidence.testCases = unavailable }
                let empty = ProbeOutcome(
                    status: .passed,
                    summary: "shard \(shard.index)/\(shard.count) has no tests in the plan (\(expected.count) tests over \(shard.count) shards)"
                        + (unavailable.isEmpty ? "" : "; \(unavailable.count) \(TestCaseStatus.unavailable.phrase)"),
                    evidence: evidence)
                return floor?.judgeTests(empty, planned: expected.count) ?? empty
            }
        }
        // Every shard lists the unavailable tests besides its share: they are the same for every shard of one commit (the
        // model build is deterministic), never run and never fail an item, and the merge keeps them once.
        var orchestrator = TestOrchestrator(runner: runner, policy: policy)
        orchestrator.observe = observe
        var outcome = await orchestrator.run(share, first: first.targets, firstReason: first.reason)
        outcome.cases = await Self.placing(outcome.cases, declaredIn: testCode ?? [])
        var judged = Self.judge(outcome, allowFlaky: policy.allowFlaky, evidence: evidence, shard: shardRecord != nil, unavailable: unavailable)
        judged.evidence.testRun?.shard = shardRecord
        judged.evidence.testRun?.statusChannels = runner.statusChannels(share)
        return floor?.judgeTests(judged, planned: expected.count) ?? judged
    }

    /// A test that hung or crashed recorded no failure, so no file or line: its first failing attempt takes the place its
    /// declaration stands, so every report can name `Tests/X/FooTests.swift:12`. The test code is parsed only then.
    static func placing(_ cases: [TestCaseResult], declaredIn sources: [SourceInput]) async -> [TestCaseResult] {
        let unplaced = cases.indices.filter { index in
            let test = cases[index]
            return (test.status.failsItem || test.status == .flaky) && test.firstFailure != nil && test.firstFailure?.file == nil
        }
        guard !unplaced.isEmpty, !sources.isEmpty else { return cases }
        let declarations = await TestDeclarations.read(sources)
        var placed = cases
        for index in unplaced {
            guard let place = declarations.place(ofTest: cases[index].id),
                let attempt = cases[index].attempts.firstIndex(where: { $0.outcome != .passed && $0.outcome != .skipped })
            else { continue }
            placed[index].attempts[attempt].file = place.file
            placed[index].attempts[attempt].line = place.line
        }
        return placed
    }

    struct InvalidPattern: Error { var pattern: String }

    /// The tests a `--filter`/`--skip` selection keeps; patterns match the id or, for Swift Testing, the full id.
    static func select(_ tests: [TestCase], filters: [String], skips: [String], fullIDs: [String: String]) throws(InvalidPattern) -> [TestCase] {
        func compile(_ patterns: [String]) throws(InvalidPattern) -> [NSRegularExpression] {
            var compiled: [NSRegularExpression] = []
            for pattern in patterns {
                guard let expression = try? NSRegularExpression(pattern: pattern) else { throw InvalidPattern(pattern: pattern) }
                compiled.append(expression)
            }
            return compiled
        }
        let include = try compile(filters)
        let exclude = try compile(skips)
        func matches(_ expressions: [NSRegularExpression], _ test: TestCase) -> Bool {
            let names = [test.id] + (fullIDs[test.id].map { [$0] } ?? [])
            return expressions.contains { expression in
                names.contains { expression.firstMatch(in: $0, range: NSRange($0.startIndex..., in: $0)) != nil }
            }
        }
        return tests.filter { (include.isEmpty || matches(include, $0)) && !matches(exclude, $0) }
    }

    /// The policy's quarantine list, parsed; an empty one when the policy has none.
    static func loadQuarantine(_ file: (path: String, text: String)?) -> Result<Quarantine, Quarantine.ParseError> {
        guard let file else { return .success(Quarantine()) }
        return Result { () throws(Quarantine.ParseError) in
            try Quarantine.parse(file.text, path: file.path)
        }
    }

    /// `shard`: this run is one shard of a matrix, whose share may hold only skipped tests; the merge then
    /// requires that some test ran across all shards.
    /// `unavailable`: tests that could not be compiled here, listed after the rest; they never count as run or passed.
    static func judge(
        _ outcome: OrchestrationOutcome, allowFlaky: Bool, evidence start: Evidence, shard: Bool = false, unavailable: [TestCaseResult] = []
    ) -> ProbeOutcome {
        var evidence = start
        evidence.testCases = outcome.cases + unavailable
        evidence.testRun = outcome.record
        if !unavailable.isEmpty { evidence.testRun?.counts[TestCaseStatus.unavailable.rawValue] = unavailable.count }
        let count = { (status: TestCaseStatus) in outcome.cases.filter { $0.status == status }.count }
        let failing = outcome.cases.filter { $0.status.failsItem || ($0.status == .flaky && !allowFlaky) }
        evidence.tests = TestCounts(passed: count(.passed), failed: failing.count, skipped: count(.skipped))
        evidence.diagnostics = failing.prefix(CompilerDiagnostics.maximumDiagnostics).map { test in
            let attempt = test.firstFailure
            return Diagnostic(
                kind: .test, file: attempt?.file, line: attempt?.line, severity: "error", name: test.id,
                message: "\(test.status.phrase): \(attempt?.message ?? test.excerpt.first ?? "no attempt")")
        }
        let summary = Self.countsLine(outcome.cases + unavailable) + (outcome.record.isolation?.summaryNote ?? "")
        switch outcome.abort {
        case .interrupted?: return .error("interrupted while running the tests; every test process was killed", evidence: evidence)
        case .timeLimit?: return .error("the test item ran out of time; every test process was killed (\(summary))", evidence: evidence)
        case .failed(let reason)?: return .error(reason, evidence: evidence)
        case .exited?, .signalled?, .stopped?, nil: break
        }
        if let problem = outcome.record.problems.first, failing.isEmpty {
            evidence.excerpt = outcome.record.problems
            return ProbeOutcome(status: .failed, summary: "\(summary); \(problem)", evidence: evidence)
        }
        if let first = failing.first {
            let location = [first.firstFailure?.file, first.firstFailure?.line.map(String.init)].compactMap { $0 }.joined(separator: ":")
            let note = first.status == .flaky ? " (flaky=fail)" : ""
            return ProbeOutcome(
                status: .failed,
                summary: "\(summary)\(ItemResult.firstDiagnosticMarker)\(first.id) \(first.status.phrase)\(note)"
                    + (location.isEmpty ? "" : " at \(location)"),
                evidence: evidence)
        }
        if !shard, !outcome.cases.contains(where: { $0.status != .skipped }) {
            return ProbeOutcome(status: .failed, summary: "executed zero tests (\(summary))", evidence: evidence)
        }
        return ProbeOutcome(status: .passed, summary: summary, evidence: evidence)
    }

    /// "9 passed, 1 failed, 1 timed out": every status some test has, in a fixed order; "passed" always.
    static func countsLine(_ cases: [TestCaseResult]) -> String {
        TestCaseStatus.allCases.compactMap { status in
            let count = cases.filter { $0.status == status }.count
            return count > 0 || status == .passed ? "\(count) \(status.phrase)" : nil
        }.joined(separator: ", ")
    }
}
