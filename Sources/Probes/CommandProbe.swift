import Foundation
import Verdict

/// A custom checklist item: a shell command run from the repository root; exit status 0 passes.
public struct CommandProbe: Sendable {
    public var command: String

    public init(command: String) {
        self.command = command
    }

    public func run(in context: ProbeContext, logName: String) async -> ProbeOutcome {
        let shell = LoggedCommand(
            executable: "/bin/sh", arguments: ["-c", command], workingDirectory: context.repositoryRoot,
            logName: logName, timeout: context.timeouts.command)
        let result = await shell.run(in: context)
        var evidence = Evidence(logs: result.log.map { [$0] } ?? [])
        if let abnormal = result.termination.abnormalOutcome(running: command, evidence: evidence) {
            evidence.excerpt = OutputExcerpt.tail(of: result.output)
            return ProbeOutcome(status: abnormal.status, summary: abnormal.summary, evidence: evidence)
        }
        if result.termination.succeeded {
            return ProbeOutcome(status: .passed, summary: "`\(command)` exited 0", evidence: evidence)
        }
        evidence.excerpt = OutputExcerpt.tail(of: result.output)
        if case .exited(let code) = result.termination, code == 127 {
            return ProbeOutcome(status: .failed, summary: "`\(command)` exited 127 (command not found?)", evidence: evidence)
        }
        let code = if case .exited(let code) = result.termination { "\(code)" } else { "?" }
        return ProbeOutcome(status: .failed, summary: "`\(command)` exited \(code)", evidence: evidence)
    }
}
