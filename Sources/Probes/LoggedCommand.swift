import Checklist
import Foundation
import Sandbox
import TestOrchestration
import Verdict

/// A child process whose whole output is kept as a log file beside the verdict.
///
/// The child writes straight into the log file; the gate never holds the log: while the child runs it watches the
/// file's size against the output limit (`ProbeContext.outputLimit`), and afterwards reads it once, in chunks, for
/// its digest, a bounded excerpt and the lines a probe asks for.
struct LoggedCommand: Sendable {
    var executable: String
    var arguments: [String]
    var workingDirectory: String
    var logName: String
    var timeout: Duration
    /// `ChildProcess.reaperMark`: the SwiftPM commands' shared one, or nil.
    var reaperMark: String? = nil

    struct Result: Sendable {
        var termination: ProcessTermination
        /// The first and last lines of the log (bounded), for excerpts and version lines.
        var output: LogExcerpt
        var log: LogReference?
        /// Set when the child wrote more than this many bytes and was killed for it.
        var exceededOutputLimit: Int64?
        /// Processes still running when it ended; already killed.
        var leftovers: [LeftoverProcess] = []
    }

    /// `each` hears every line of the log once the child has ended, cut at `LogFile.maximumLineLength`.
    func run(in context: ProbeContext, each: (LineSplitter.Line) -> Void = { _ in }) async -> Result {
        let logPath = "\(context.logDirectory)/\(logName).log"
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        var configured = ChildProcess(
            executable: executable, arguments: arguments, workingDirectory: workingDirectory,
            environment: context.environment, logPath: logPath, timeout: timeout)
        configured.reaperMark = reaperMark
        let process = configured
        let ((termination, leftovers), exceeded) = await OutputLimit.watching(logPath, limit: context.outputLimit) {
            await process.runReportingLeftovers()
        }
        let summary = LogFile.read(logPath, each: each)
        let log = LogReference(name: logName, path: "\(logName).log", sha256: summary.sha256, bytes: summary.bytes)
        return Result(
            termination: termination, output: summary.excerpt, log: log, exceededOutputLimit: exceeded ? context.outputLimit : nil,
            leftovers: leftovers)
    }
}

extension ProbeOutcome {
    /// The outcome, with a line in its evidence when the probe left processes running (they never decide it).
    func noting(leftovers: [LeftoverProcess]) -> ProbeOutcome {
        guard let line = leftovers.evidenceLine else { return self }
        var noted = self
        noted.evidence.excerpt.append(line)
        return noted
    }
}

extension ProcessTermination {
    /// The outcome for a process that did not get to finish on its own: these are never a pass.
    func abnormalOutcome(running command: String, evidence: Evidence, exceededOutputLimit: Int64? = nil) -> ProbeOutcome? {
        if let limit = exceededOutputLimit {
            return ProbeOutcome(status: .failed, summary: OutputLimit.message(limit, running: "`\(command)`"), evidence: evidence)
        }
        switch self {
        case .exited: return nil
        case .timedOut(let limit):
            return .error("timed out after \(GateDuration.format(limit)) running `\(command)`; it and every process it started were killed", evidence: evidence)
        case .interrupted:
            return .error("interrupted while running `\(command)`; it and every process it started were killed", evidence: evidence)
        case .launchFailed(let reason):
            return .error(reason, evidence: evidence)
        case .signalled(let signal):
            return .error("`\(command)` was killed by signal \(signal)\(SignalName.suffix(signal))", evidence: evidence)
        }
    }
}

/// Bounds what a verdict carries of a log: the full text is in the log file, referenced by digest.
enum OutputExcerpt {
    static let maximumLines = 40
    static let maximumLineLength = 300

    static func tail(of output: LogExcerpt, lines count: Int = maximumLines) -> [String] {
        output.tail(count)
    }

    static func tail(of output: String, lines count: Int = maximumLines) -> [String] {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0) }
            .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        return lines.suffix(count).map(clip)
    }

    static func clip(_ line: String) -> String {
        clip(Substring(line))
    }

    /// Walks at most `maximumLineLength` characters, however long the line: a log line can be 64 KiB.
    static func clip(_ line: Substring) -> String {
        let kept = line.prefix(maximumLineLength)
        return kept.endIndex == line.endIndex ? String(line) : String(line.prefix(maximumLineLength - 1)) + "…"
    }
}
