import Foundation
import TestOrchestration
import Verdict

/// Runs the test bundle SwiftPM built (`.build/<config>/<Package>PackageTests.xctest`, an executable on Linux)
/// directly: XCTest tests by their `Module.Class/test` specifiers, read from the console output as it is written;
/// Swift Testing tests with `--testing-library swift-testing`, read from the event stream as it is written.
struct SwiftPMTestRunner: TestRunner {
    enum Framework: Sendable { case xctest, swiftTesting }

    var bundle: String
    var packageDirectory: String
    var repositoryRoot: String
    /// Where each process's output and event stream go while the item runs.
    var runDirectory: String
    var environment: [String: String]
    var deadline: ContinuousClock.Instant
    var workers: Int
    var tests: [TestCase] = []
    /// Swift Testing tests by id → their full id (with source location), for `--filter`.
    var swiftTestingIDs: [String: String] = [:]

    static let listingTimeout = Duration.seconds(120)
    /// What Swift Testing exits with when it finds no tests to list or run (`EXIT_NO_TESTS_FOUND`).
    static let noTestsFoundExitCode: Int32 = 69

    func listTests() async throws(TestRunnerError) -> [TestCase] { tests }

    func framework(of test: TestCase) -> Framework { swiftTestingIDs[test.id] == nil ? .xctest : .swiftTesting }

    /// Lists both frameworks' tests, each id once. Swift Testing ids drop the source location unless two tests
    /// would then share an id (overloads).
    func discovered() async throws(TestRunnerError) -> SwiftPMTestRunner {
        async let xctestListing = runListing(arguments: ["--list-tests"], label: "list-xctest")
        let streamPath = "\(runDirectory)/list-swift-testing.events.jsonl"
        _ = FileManager.default.createFile(atPath: streamPath, contents: nil)
        async let swiftTestingListing = runListing(
            arguments: [
                "--testing-library", "swift-testing", "--list-tests", "--event-stream-output-path", streamPath,
                "--event-stream-version", SwiftTestingStream.pinnedVersion,
            ], label: "list-swift-testing")
        let (xctest, swiftTesting) = await (xctestListing, swiftTestingListing)
        // Swift Testing exits with EX_UNAVAILABLE (69) when the bundle holds none of its tests (an XCTest-only package).
        let noSwiftTesting = swiftTesting.termination == .exited(Self.noTestsFoundExitCode)
        for listing in [xctest] + (noSwiftTesting ? [] : [swiftTesting]) where listing.termination != .exited(0) {
            throw TestRunnerError(
                "listing the tests in \(bundle) failed (\(listing.termination)); see the log", excerpt: OutputExcerpt.tail(of: listing.output, lines: 15))
        }
        let xctestIDs = xctest.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.contains(" ") && $0.contains("/") && $0.contains(".") }
        var stream = SwiftTestingStream(repositoryRoot: repositoryRoot)
        var tail = OutputTail.file(streamPath)
        do {
            try stream.consume(tail.readLines(final: true), at: .now)
        } catch {
            throw Self.versionError(error.version)
        }
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

    private struct Listing { var termination: ProcessTermination; var output: String }

    private func runListing(arguments: [String], label: String) async -> Listing {
        let logPath = "\(runDirectory)/\(label).log"
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        let termination = await ChildProcess(
            executable: bundle, arguments: arguments, workingDirectory: packageDirectory, environment: environment, logPath: logPath,
            timeout: min(Self.listingTimeout, max(.zero, deadline - .now))
        ).run()
        let output = FileManager.default.contents(atPath: logPath).map { String(decoding: $0, as: UTF8.self) } ?? ""
        return Listing(termination: termination, output: output)
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
        let logPath = "\(runDirectory)/\(label).log"
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        switch framework(of: first) {
        case .xctest:
            var reader = XCTestOutputReader(tests: batch, repositoryRoot: repositoryRoot)
            let fifo = "\(runDirectory)/\(label).pipe"
            guard var output = OutputTail.pipe(at: fifo, copyingTo: logPath) else { return Self.noPipe(fifo) }
            return await supervise(
                arguments: [batch.map(\.id).joined(separator: ",")], outputPath: fifo, excerptPath: logPath, watch: watch,
                read: { now, final throws(SwiftTestingStream.UnknownVersion) in
                    reader.consume(output.readLines(final: final), at: now)
                    if final { output.close() }
                    return (reader.started, reader.finished, reader.conflicts)
                })
        case .swiftTesting:
            let streamPath = "\(runDirectory)/\(label).events.pipe"
            guard var events = OutputTail.pipe(at: streamPath, copyingTo: "\(runDirectory)/\(label).events.jsonl") else {
                return Self.noPipe(streamPath)
            }
            let ids = batch.compactMap { test in swiftTestingIDs[test.id].map { ($0, test.id) } }
            var stream = SwiftTestingStream(idsByFullID: Dictionary(ids, uniquingKeysWith: { first, _ in first }), repositoryRoot: repositoryRoot)
            // The whole list needs no filter; a subset is selected by exact, anchored full ids.
            let everything = batch.count == swiftTestingIDs.count
            let filters = everything ? [] : ids.flatMap { ["--filter", "^\(NSRegularExpression.escapedPattern(for: $0.0))$"] }
            return await supervise(
                arguments: [
                    "--testing-library", "swift-testing", "--event-stream-output-path", streamPath,
                    "--event-stream-version", SwiftTestingStream.pinnedVersion,
                ] + filters,
                outputPath: logPath, excerptPath: logPath, watch: watch,
                read: { now, final throws(SwiftTestingStream.UnknownVersion) in
                    // A record cut off by the process's death is incomplete, not forged: it is left out.
                    let lines = events.readLines(final: final, keepingPartialLine: false)
                    if final { events.close() }
                    try stream.consume(lines, at: now)
                    return (stream.started, stream.finished, stream.conflicts)
                })
        }
    }

    private static func noPipe(_ path: String) -> BatchReport {
        BatchReport(end: .failed("cannot create the named pipe \(path) to read a test process through: \(String(cString: strerror(errno)))"))
    }

    /// The Swift runtime's one-line reason for a trap (`Module/File.swift:12: Fatal error: Index out of range`).
    static func crashLine(_ output: String) -> String? {
        let reasons = [": Fatal error", ": Precondition failed", ": Assertion failed"]
        return output.split(separator: "\n").first { line in reasons.contains { line.contains($0) } }.map { OutputExcerpt.clip(String($0)) }
    }

    /// What a crash left in the output: from the runtime's first crash line (`Fatal error`, the backtracer's banner)
    /// on, rather than the register dump the backtracer ends with.
    static func crashExcerpt(_ output: String) -> [String] {
        let lines = output.split(separator: "\n").map(String.init)
        let markers = ["Fatal error", "*** Program crashed", "*** Signal", "Precondition failed", "Assertion failed"]
        guard let start = lines.firstIndex(where: { line in markers.contains { line.contains($0) } }) else {
            return OutputExcerpt.tail(of: output, lines: 25)
        }
        return lines[start...].filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.prefix(20).map(OutputExcerpt.clip)
    }

    private enum Wake: Sendable {
        case ended(ProcessTermination)
        case tick
    }

    typealias Progress = (started: [String: ContinuousClock.Instant], finished: [String: ObservedAttempt], conflicts: [String])

    /// Runs one process and watches it: every tick reads what it has reported so far and asks `watch` whether a
    /// test has run too long; if so the process (and everything it started) is killed through task cancellation,
    /// which `ChildProcess` turns into stopping the process tree.
    private func supervise(
        arguments: [String], outputPath: String, excerptPath: String, watch: @escaping @Sendable ([String: Duration]) -> Set<String>,
        read: (ContinuousClock.Instant, Bool) throws(SwiftTestingStream.UnknownVersion) -> Progress
    ) async -> BatchReport {
        let process = ChildProcess(
            executable: bundle, arguments: arguments, workingDirectory: packageDirectory, environment: environment, logPath: outputPath,
            timeout: max(.zero, deadline - .now))
        var cut: Set<String> = []
        var readFailure: String?
        var termination = ProcessTermination.interrupted
        // Reads drain the pipes often enough that a test never waits on a full one; the watchdog looks less often.
        let tick = Duration.milliseconds(25)
        let ticksPerWatch = 4
        var ticks = 0
        await withTaskGroup(of: Wake.self) { group in
            group.addTask { .ended(await process.run()) }
            group.addTask { try? await Task.sleep(for: tick); return .tick }
            while let wake = await group.next() {
                switch wake {
                case .ended(let ended):
                    termination = ended
                    group.cancelAll()
                    return
                case .tick:
                    guard cut.isEmpty, readFailure == nil else { continue }
                    let now = ContinuousClock.now
                    do throws(SwiftTestingStream.UnknownVersion) {
                        let progress = try read(now, false)
                        if let conflict = progress.conflicts.first {
                            readFailure = Self.forgery(conflict)
                        } else if ticks % ticksPerWatch == 0 {
                            cut = watch(progress.started.mapValues { now - $0 })
                        }
                        ticks += 1
                    } catch {
                        readFailure = Self.versionError(error.version).message
                    }
                    if !cut.isEmpty || readFailure != nil {
                        group.cancelAll()
                    } else {
                        group.addTask { try? await Task.sleep(for: tick); return .tick }
                    }
                }
            }
        }
        let now = ContinuousClock.now
        let progress: Progress
        do {
            progress = try read(now, true)
        } catch {
            return BatchReport(end: .failed(Self.versionError(error.version).message))
        }
        if let readFailure { return BatchReport(end: .failed(readFailure)) }
        if let conflict = progress.conflicts.first { return BatchReport(end: .failed(Self.forgery(conflict))) }
        let end: BatchEnd
        switch termination {
        case .exited(let code): end = .exited(code)
        case .signalled(let signal): end = .signalled(signal)
        case .interrupted: end = cut.isEmpty ? .interrupted : .stopped
        case .timedOut: end = .timeLimit
        case .launchFailed(let reason): end = .failed(reason)
        }
        let output = FileManager.default.contents(atPath: excerptPath).map { String(decoding: $0, as: UTF8.self) } ?? ""
        return BatchReport(
            finished: progress.finished, unfinished: progress.started.mapValues { now - $0 }, cut: cut, end: end,
            outputTail: Self.crashExcerpt(output), crashLine: Self.crashLine(output))
    }
}
