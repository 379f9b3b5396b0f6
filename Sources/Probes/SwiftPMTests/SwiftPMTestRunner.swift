import Foundation
import Sandbox
import TestOrchestration
import Verdict

/// Runs the test bundle SwiftPM built (`.build/<config>/<Package>PackageTests.xctest`, an executable on Linux)
/// directly: XCTest tests by their `Module.Class/test` specifiers, read from the records the XCTest observer writes
/// (`XCTestChannel`); Swift Testing tests with `--testing-library swift-testing`, read from the event stream. Both come
/// through a pipe on descriptor 3, as they are written; the console output is the log, never a status.
struct SwiftPMTestRunner: TestRunner {
    enum Framework: Sendable { case xctest, swiftTesting }

    var bundle: String
    var packageDirectory: String
    var repositoryRoot: String
    /// Where each process's output and event stream go while the item runs.
    var runDirectory: String
    /// The slot files the test processes write into, and the joined log their output ends up in.
    var logs: TestLogs
    var environment: [String: String]
    var deadline: ContinuousClock.Instant
    var workers: Int
    var tests: [TestCase] = []
    /// Swift Testing tests by id → their full id (with source location), for `--filter`.
    var swiftTestingIDs: [String: String] = [:]
    /// The checklist's `output-limit` for each test process (its console output and event stream together).
    var outputLimit = ProbeContext.defaultOutputLimit
    /// Where the bundle's processes run: the run's sandbox with the build outputs read-only, so that no test can
    /// replace the bundle, or a library it loads, under the tests that run after it.
    var sandbox = ProcessSandbox.current
    /// Servers that fork each test process from the bundle loaded once; nil when every process executes the bundle.
    var forkServers: ForkServerPool?
    /// The observer every bundle process preloads to report XCTest's statuses, or why XCTest tests cannot be judged.
    var xctestChannel = XCTestChannel.unavailable("no XCTest observer was prepared for the test bundle")

    static let listingTimeout = Duration.seconds(120)
    /// What Swift Testing exits with when it finds no tests to list or run (`EXIT_NO_TESTS_FOUND`).
    static let noTestsFoundExitCode: Int32 = 69

    func listTests() async throws(TestRunnerError) -> [TestCase] { tests }

    func framework(of test: TestCase) -> Framework { swiftTestingIDs[test.id] == nil ? .xctest : .swiftTesting }

    /// Lists both frameworks' tests, each id once. Swift Testing ids drop the source location unless two tests
    /// would then share an id (overloads).
    func discovered() async throws(TestRunnerError) -> SwiftPMTestRunner {
        async let xctestListing = runListing(arguments: ["--list-tests"], label: "list-xctest", events: nil) { _ in }
        // The event stream comes through a pipe on descriptor 3, like every test process's: no probe can write into
        // the logs folder, and no other process can open the pipe by a path.
        guard let pipe = OutputTail.pipe(copyingTo: nil, maximumLineLength: SwiftTestingStream.maximumRecordLength) else {
            throw TestRunnerError("cannot create a pipe to read the test listing through: \(String(cString: strerror(errno)))")
        }
        var stream = SwiftTestingStream(repositoryRoot: repositoryRoot)
        var unknownVersion: SwiftTestingStream.UnknownVersion?
        let swiftTesting = await runListing(
            arguments: [
                "--testing-library", "swift-testing", "--list-tests", "--event-stream-output-path", "/dev/fd/3",
                "--event-stream-version", SwiftTestingStream.pinnedVersion,
            ], label: "list-swift-testing", events: pipe
        ) { line in
            guard unknownVersion == nil else { return }
            do throws(SwiftTestingStream.UnknownVersion) {
                try stream.consume(line, at: .now)
            } catch {
                unknownVersion = error
            }
        }
        let xctest = await xctestListing
        // Swift Testing exits with EX_UNAVAILABLE (69) when the bundle holds none of its tests (an XCTest-only package).
        let noSwiftTesting = swiftTesting.termination == .exited(Self.noTestsFoundExitCode)
        for listing in [xctest] + (noSwiftTesting ? [] : [swiftTesting]) where listing.termination != .exited(0) {
            throw TestRunnerError(
                "listing the tests in \(bundle) failed (\(listing.termination)); the last lines it printed are in the excerpt",
                excerpt: OutputExcerpt.tail(of: listing.output, lines: 15))
        }
        let xctestIDs = xctest.ids
        if let unknownVersion { throw Self.versionError(unknownVersion.version) }
        if noSwiftTesting, !stream.functions.isEmpty {
            throw TestRunnerError("the Swift Testing listing exited \(Self.noTestsFoundExitCode) (no tests found) yet listed \(stream.functions.count) tests")
        }
        var runner = self
        runner.tests = xctestIDs.map { TestCase(id: $0, target: Self.module(of: $0)) }
        let names = stream.functions.map(SwiftTestingStream.displayName)
        let repeated = Set(Dictionary(grouping: names, by: { $0 }).filter { $0.value.count > 1 }.keys)
        for (fullID, name) in zip(stream.functions, names) {
            let id = repeated.contains(name) ? fullID : name
            runner.swiftTestingIDs[id] = fullID
            runner.tests.append(TestCase(id: id, target: Self.module(of: id)))
        }
        let all = runner.tests.map(\.id)
        if Set(all).count != all.count {
            throw TestRunnerError("the test bundle lists the same test id twice; every test must be named once")
        }
        return runner
    }

    /// Where the statuses of `tests` come from, for the verdict: one entry per framework among them.
    func statusChannels(_ tests: [TestCase]) -> [TestStatusChannel] {
        let frameworks = Set(tests.map(framework(of:)))
        return (frameworks.contains(.xctest) ? [TestStatusChannel(framework: .xctest, source: .observer)] : [])
            + (frameworks.contains(.swiftTesting) ? [TestStatusChannel(framework: .swiftTesting, source: .eventStream)] : [])
    }

    static func forgery(_ conflict: String) -> String {
        "a test process reported \(conflict): something in it writes test results of its own, so none of its results are trusted"
    }

    static func versionError(_ version: String) -> TestRunnerError {
        TestRunnerError(
            "the Swift Testing event stream has schema version \(version); this cfa-gate reads version \(SwiftTestingStream.pinnedVersion) only"
                + " — use a toolchain that writes it, or update cfa-gate")
    }

    static func module(of id: String) -> String {
        id.firstIndex(of: ".").map { String(id[..<$0]) } ?? id
    }

    private struct Listing {
        var termination: ProcessTermination
        var output: LogExcerpt
        /// The XCTest test ids the listing printed, one a line.
        var ids: [String]
    }

    /// Runs the bundle to list its tests: console output to a log, and `events` (when given) read as they come, each line
    /// to `consume`. Past `output-limit` (both together) the listing is stopped and fails.
    private func runListing(
        arguments: [String], label: String, events pipe: (tail: OutputTail, writeEnd: Int32)?, consume: (LineSplitter.Line) -> Void
    ) async -> Listing {
        let logPath = "\(runDirectory)/\(label).log"
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        let output = ChildOutput(destination: .file(logPath), fourth: pipe?.writeEnd)
        let timeout = min(Self.listingTimeout, max(.zero, deadline - .now))
        var events = pipe?.tail
        events?.limit = Int(outputLimit)
        var exceeded = false
        var streamed = 0
        let termination = await runWatching(arguments: arguments, output: output, timeout: timeout) { _ in
            events?.read(each: consume)
            let grew = (events?.bytesRead ?? 0) > streamed
            streamed = events?.bytesRead ?? 0
            exceeded = Int64(LogFile.size(logPath) + streamed) > outputLimit
            return exceeded ? .stop : grew ? .soon : .later
        }
        events?.read(final: true, each: consume)
        events?.close()
        if exceeded { _ = truncate(logPath, off_t(outputLimit)) }
        var ids: [String] = []
        let summary = LogFile.read(logPath) { line in
            let id = line.text.trimmingCharacters(in: .whitespaces)
            if !line.overlong, !id.contains(" "), id.contains("/"), id.contains(".") { ids.append(id) }
        }
        if exceeded {
            return Listing(termination: .launchFailed(OutputLimit.message(outputLimit, running: "the test listing")), output: summary.excerpt, ids: [])
        }
        return Listing(termination: termination, output: summary.excerpt, ids: ids)
    }

    /// Swift Testing's tests share one process (the library runs them in parallel itself); XCTest's are spread over
    /// `workers` processes by class, largest class first onto the least loaded process. Two classes whose output
    /// names would collide (`Class.test` carries no module) never share a process.
    func batches(_ tests: [TestCase]) -> [[TestCase]] {
        let swiftTesting = tests.filter { framework(of: $0) == .swiftTesting }
        let xctest = tests.filter { framework(of: $0) == .xctest }
        var classes: [String: [TestCase]] = [:]
        var order: [String] = []
        for test in xctest {
            let key = test.id.split(separator: "/").first.map(String.init) ?? test.id
            if classes[key] == nil { order.append(key) }
            classes[key, default: []].append(test)
        }
        var chunks: [[TestCase]] = []
        var shortNames: [Set<String>] = []
        for key in order.sorted(by: { classes[$0]!.count > classes[$1]!.count }) {
            let short = String(key.drop { $0 != "." })
            var open = chunks.indices.filter { !shortNames[$0].contains(short) }
            if chunks.count < workers || open.isEmpty {
                chunks.append([])
                shortNames.append([])
                open.append(chunks.count - 1)
            }
            let target = open.min { chunks[$0].count < chunks[$1].count }!
            chunks[target] += classes[key]!
            shortNames[target].insert(short)
        }
        // Keep the listed order inside each process, so a run reads like the list.
        let position = Dictionary(tests.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        chunks = chunks.map { $0.sorted { position[$0.id]! < position[$1.id]! } }
        return (swiftTesting.isEmpty ? [] : [swiftTesting]) + chunks.filter { !$0.isEmpty }
    }

    func run(_ batch: [TestCase], label: String, watch: @escaping @Sendable ([String: Duration]) -> Set<String>) async -> BatchReport {
        guard let first = batch.first else { return BatchReport(end: .exited(0)) }
        let slot = await logs.slot()
        let report = await run(batch, framework: framework(of: first), log: slot, watch: watch)
        await logs.finish(slot, label: label)
        return report
    }

    /// Runs one process whose console output ends up in its part of `log`, read (and cut at the limit) before this returns.
    private func run(
        _ batch: [TestCase], framework: Framework, log: TestLogs.Slot, watch: @escaping @Sendable ([String: Duration]) -> Set<String>
    ) async -> BatchReport {
        switch framework {
        case .xctest:
            if case .unavailable(let reason) = xctestChannel { return BatchReport(end: .failed(reason)) }
            var reader = XCTestChannelReader(tests: batch, repositoryRoot: repositoryRoot)
            guard let channel = OutputTail.pipe(copyingTo: nil, maximumLineLength: XCTestChannelReader.maximumRecordLength) else { return Self.noPipe() }
            var records = channel.tail
            records.limit = Int(outputLimit)
            let alone = batch.count == 1
            return await supervise(
                // The observer's records go to descriptor 3, the channel's write end; the console output straight to the log, which is
                // never read for a status: lines that look like XCTest's change nothing.
                arguments: [batch.map(\.id).joined(separator: ",")], output: ChildOutput(destination: .file(log.path), fourth: channel.writeEnd),
                log: log, watch: watch,
                read: { now, final throws(SwiftTestingStream.UnknownVersion) in
                    // Records are whole pipe writes: a piece of one was not written by the observer, and is left out.
                    records.read(final: final, keepingPartialLine: false) { reader.consume($0, at: now) }
                    if final { records.close() }
                    return (reader.started, reader.finished, reader.conflicts, records.bytesRead + LogFile.size(log.path) - log.start)
                },
                agree: { end, progress in Self.agree(end, &progress, reader: reader, alone: alone) })
        case .swiftTesting:
            guard
                let pipe = OutputTail.pipe(copyingTo: nil, maximumLineLength: SwiftTestingStream.maximumRecordLength)
            else {
                return Self.noPipe()
            }
            var events = pipe.tail
            events.limit = Int(outputLimit)
            let ids = batch.compactMap { test in swiftTestingIDs[test.id].map { ($0, test.id) } }
            var stream = SwiftTestingStream(idsByFullID: Dictionary(ids, uniquingKeysWith: { first, _ in first }), repositoryRoot: repositoryRoot)
            // The whole list needs no filter; a subset is selected by exact, anchored full ids.
            let everything = batch.count == swiftTestingIDs.count
            let filters = everything ? [] : ids.flatMap { ["--filter", "^\(NSRegularExpression.escapedPattern(for: $0.0))$"] }
            return await supervise(
                // The event stream goes to descriptor 3, the pipe's write end; the console output to the log file.
                arguments: [
                    "--testing-library", "swift-testing", "--event-stream-output-path", "/dev/fd/3",
                    "--event-stream-version", SwiftTestingStream.pinnedVersion,
                ] + filters,
                output: ChildOutput(destination: .file(log.path), fourth: pipe.writeEnd), log: log, watch: watch,
                read: { now, final throws(SwiftTestingStream.UnknownVersion) in
                    // A record cut off by the process's death is incomplete, not forged: it is left out.
                    var unknownVersion: SwiftTestingStream.UnknownVersion?
                    events.read(final: final, keepingPartialLine: false) { line in
                        guard unknownVersion == nil else { return }
                        do throws(SwiftTestingStream.UnknownVersion) { try stream.consume(line, at: now) } catch { unknownVersion = error }
                    }
                    if final { events.close() }
                    if let unknownVersion { throw unknownVersion }
                    // The console output goes straight to the log file; the event stream through the pipe.
                    return (stream.started, stream.finished, stream.conflicts, events.bytesRead + LogFile.size(log.path) - log.start)
                })
        }
    }

    /// Starts one process of the bundle with `arguments`: forked by a fork server when there are some and the arguments fit
    /// in a request, else executed.
    /// Cancelling the task kills it and everything it started.
    private func start(arguments: [String], output: ChildOutput, timeout: Duration) async -> ProcessTermination {
        if let forkServers, ForkServer.accepts(arguments) {
            return await forkServers.run(arguments: arguments, output: output, timeout: timeout)
        }
        // Every process preloads the observer, as a forked one has it from its server; it writes only where XCTest runs tests.
        return await ChildProcess(
            executable: bundle, arguments: arguments, workingDirectory: packageDirectory, environment: xctestChannel.environment(environment),
            output: output,
            timeout: timeout, sandbox: sandbox
        ).run()
    }

    private static func noPipe() -> BatchReport {
        BatchReport(end: .failed("cannot create a pipe to read a test process through: \(String(cString: strerror(errno)))"))
    }

    /// When to look at a running process again, or to stop it.
    private enum Look {
        case later
        case soon
        case stop
    }

    /// Runs one process of the bundle and looks at it until it ends: `look` runs every 25 ms (after 1 ms when it answers
    /// `soon`, while the process writes), and `stop` kills the process and everything it started, through task
    /// cancellation. One loop for the listings and the tests alike.
    private func runWatching(
        arguments: [String], output: ChildOutput, timeout: Duration, look: (ContinuousClock.Instant) -> Look
    ) async -> ProcessTermination {
        await withTaskGroup(of: ProcessTermination?.self) { group in
            group.addTask { await start(arguments: arguments, output: output, timeout: timeout) }
            group.addTask { try? await Task.sleep(for: .milliseconds(25)); return nil }
            var stopped = false
            while let next = await group.next() {
                if let ended = next {
                    group.cancelAll()
                    return ended
                }
                guard !stopped else { continue }
                switch look(.now) {
                case .later: group.addTask { try? await Task.sleep(for: .milliseconds(25)); return nil }
                case .soon: group.addTask { try? await Task.sleep(for: .milliseconds(1)); return nil }
                case .stop:
                    stopped = true
                    group.cancelAll()
                }
            }
            return .interrupted
        }
    }

    /// `written`: the bytes the process has written so far (console output and event stream), for `output-limit`.
    typealias Progress = (started: [String: ContinuousClock.Instant], finished: [String: ObservedAttempt], conflicts: [String], written: Int)

    /// Runs one process and watches it: every look reads what it has reported so far and asks `watch` whether a
    /// test has run too long; if so the process (and everything it started) is killed through task cancellation,
    /// which `ChildProcess` turns into stopping the process tree.
    private func supervise(
        arguments: [String], output: ChildOutput, log: TestLogs.Slot, watch: @escaping @Sendable ([String: Duration]) -> Set<String>,
        read: (ContinuousClock.Instant, Bool) throws(SwiftTestingStream.UnknownVersion) -> Progress,
        agree: (BatchEnd, inout Progress) -> String? = { _, _ in nil }
    ) async -> BatchReport {
        let timeout = max(.zero, deadline - .now)
        var cut: Set<String> = []
        var readFailure: String?
        var exceeded = false
        // Reads drain the pipes often enough that a test never waits on a full one; the watchdog looks less often.
        let looksPerWatch = 4
        var looks = 0
        var written = 0
        // The tests that had finished at the last look: one that finishes in the read that crosses the limit is a suspect.
        var finishedBefore: Set<String> = []
        let termination = await runWatching(arguments: arguments, output: output, timeout: timeout) { now in
            do throws(SwiftTestingStream.UnknownVersion) {
                let progress = try read(now, false)
                // While the process writes, the next look comes at once: a pipe holds only so much, and a writer waiting on
                // a full pipe is time the gate adds to the test.
                let busy = progress.written > written
                written = progress.written
                if let conflict = progress.conflicts.first {
                    readFailure = Self.forgery(conflict)
                } else if progress.written > outputLimit {
                    exceeded = true
                } else {
                    finishedBefore = Set(progress.finished.keys)
                }
                if !exceeded, readFailure == nil, looks % looksPerWatch == 0 {
                    cut = watch(progress.started.mapValues { now - $0 })
                }
                looks += 1
                if !cut.isEmpty || readFailure != nil || exceeded { return .stop }
                return busy ? .soon : .later
            } catch {
                readFailure = Self.versionError(error.version).message
                return .stop
            }
        }
        let now = ContinuousClock.now
        var progress: Progress
        do {
            progress = try read(now, true)
        } catch {
            return BatchReport(end: .failed(Self.versionError(error.version).message))
        }
        if let readFailure { return BatchReport(end: .failed(readFailure)) }
        if let conflict = progress.conflicts.first { return BatchReport(end: .failed(Self.forgery(conflict))) }
        // A process that wrote past the limit and ended before the next look is over it all the same.
        if progress.written > outputLimit { exceeded = true }
        let end: BatchEnd
        switch termination {
        case .exited(let code): end = .exited(code)
        case .signalled(let signal): end = .signalled(signal)
        case .interrupted: end = cut.isEmpty ? .interrupted : .stopped
        case .timedOut: end = .timeLimit
        case .launchFailed(let reason): end = .failed(reason)
        }
        if exceeded { return Self.overLimit(progress, finishedBefore: finishedBefore, limit: outputLimit, log: log, at: now) }
        if let conflict = agree(end, &progress) { return BatchReport(end: .failed(Self.forgery(conflict))) }
        // Only a process that did not end cleanly needs its crash excerpt; the log is scanned chunk by chunk.
        let crash = termination == .exited(0) ? (crashLine: nil, excerpt: []) : CrashOutput.scan(log.path, from: log.start)
        return BatchReport(
            finished: progress.finished, unfinished: progress.started.mapValues { now - $0 }, cut: cut, end: end,
            outputTail: crash.excerpt, crashLine: crash.crashLine)
    }

    /// XCTest's statuses checked against how its process ended. `XCTMain` exits 0 only when no test failed: a process that
    /// exits 0 with every test it started finished and one failed did not end as XCTest ends, and its statuses are not
    /// trusted (the returned conflict). A process that exits 0 with a test unfinished was ended by a test (`exit(0)`):
    /// the unfinished test is not passed, whatever it printed, and runs again alone as after a crash. Alone, it ends
    /// `failed` when it had recorded a failure before it exited 0 (else the orchestrator has it `crashed`).
    static func agree(_ end: BatchEnd, _ progress: inout Progress, reader: XCTestChannelReader, alone: Bool) -> String? {
        // Any other end already keeps every test it cut short from passing; a test that failed and then crashed stays crashed.
        guard end == .exited(0) else { return nil }
        if progress.started.isEmpty, let failed = reader.failed.first {
            return "`\(failed)` as failed yet exited with code 0, which XCTest never does"
        }
        guard alone else { return nil }
        for id in progress.started.keys {
            guard let failure = reader.failure(ofUnfinished: id, then: end.phrase) else { continue }
            progress.finished[id] = failure
            progress.started[id] = nil
        }
        return nil
    }

    /// A process killed for writing more than `output-limit`, its log cut at the limit. The suspects are the tests
    /// running then and those that finished since the last look. One suspect fails with that reason; when there are
    /// several, none is blamed: the running ones run again alone (as after a crash), where the one that writes too
    /// much is the only one running. The tests it had not started run again too.
    private static func overLimit(
        _ progress: Progress, finishedBefore: Set<String>, limit: Int64, log: TestLogs.Slot, at now: ContinuousClock.Instant
    ) -> BatchReport {
        _ = truncate(log.path, off_t(log.start) + off_t(limit))
        let suspects = Set(progress.started.keys).union(Set(progress.finished.keys).subtracting(finishedBefore))
        guard suspects.count == 1, let id = suspects.first else {
            return BatchReport(finished: progress.finished, unfinished: progress.started.mapValues { now - $0 }, end: .stopped)
        }
        var finished = progress.finished
        let seconds = progress.started[id].map { Double((now - $0).components.seconds) } ?? 0
        let attempt = TestAttempt(durationSeconds: seconds, outcome: .failed, message: OutputLimit.message(limit, running: "this test"))
        finished[id] = ObservedAttempt(attempt: attempt)
        return BatchReport(finished: finished, end: .stopped)
    }
}
