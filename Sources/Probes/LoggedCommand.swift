import Checklist
import Foundation
import Verdict

/// A child process whose whole output is kept as a log file beside the verdict.
struct LoggedCommand: Sendable {
    var executable: String
    var arguments: [String]
    var workingDirectory: String
    var logName: String
    var timeout: Duration

    struct Result: Sendable {
        var termination: ProcessTermination
        var output: String
        var log: LogReference?
        /// Processes still running when it ended; already killed.
        var leftovers: [LeftoverProcess] = []
    }

    func run(in context: ProbeContext) async -> Result {
        let logPath = "\(context.logDirectory)/\(logName).log"
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        let process = ChildProcess(
            executable: executable, arguments: arguments, workingDirectory: workingDirectory,
            environment: context.environment, logPath: logPath, timeout: timeout)
        let (termination, leftovers) = await process.runReportingLeftovers()
        let data = FileManager.default.contents(atPath: logPath) ?? Data()
        let log = LogReference(
            name: logName, path: "\(logName).log", sha256: Digest.sha256Hex(data), bytes: data.count)
        return Result(termination: termination, output: String(decoding: data, as: UTF8.self), log: log, leftovers: leftovers)
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
    func abnormalOutcome(running command: String, evidence: Evidence) -> ProbeOutcome? {
        switch self {
        case .exited: return nil
        case .timedOut(let limit):
            return .error("timed out after \(GateDuration.format(limit)) running `\(command)`; it and every process it started were killed", evidence: evidence)
        case .interrupted:
            return .error("interrupted while running `\(command)`; it and every process it started were killed", evidence: evidence)
        case .launchFailed(let reason):
            return .error(reason, evidence: evidence)
        case .signalled(let signal):
            return .error("`\(command)` was killed by signal \(signal)", evidence: evidence)
        }
    }
}

/// Bounds what a verdict carries of a log: the full text is in the log file, referenced by digest.
enum OutputExcerpt {
    static let maximumLines = 40
    static let maximumLineLength = 300

    static func tail(of output: String, lines count: Int = maximumLines) -> [String] {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0) }
            .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        return lines.suffix(count).map(clip)
    }

    static func clip(_ line: String) -> String {
        line.count <= maximumLineLength ? line : String(line.prefix(maximumLineLength - 1)) + "…"
    }
}
