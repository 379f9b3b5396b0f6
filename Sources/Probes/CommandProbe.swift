import Foundation
import Verdict

/// A custom checklist item: a shell command run from the repository root; exit status 0 passes.
public struct CommandProbe: Sendable {
    var command: String

    public init(command: String) {
        self.command = command
    }

    public func run(in context: ProbeContext, logName: String) async -> ProbeOutcome {
        let shell = LoggedCommand(
            executable: "/bin/sh", arguments: ["-c", command], workingDirectory: context.repositoryRoot,
            logName: logName, timeout: context.timeouts.command)
        let result = await shell.run(in: context)
        return judge(result).noting(leftovers: result.leftovers)
    }

    private func judge(_ result: LoggedCommand.Result) -> ProbeOutcome {
        var evidence = Evidence(logs: result.log.map { [$0] } ?? [])
        if let abnormal = result.termination.abnormalOutcome(running: command, evidence: evidence) {
            evidence.excerpt = OutputExcerpt.tail(of: result.output)
            return ProbeOutcome(status: abnormal.status, summary: abnormal.summary, evidence: evidence)
        }
        if result.termination.succeeded {
            return ProbeOutcome(status: .passed, summary: "`\(command)` exited 0", evidence: evidence)
        }
        evidence.excerpt = OutputExcerpt.tail(of: result.output)
        // Only a normal exit reaches here: the abnormal endings were handled above.
        guard case .exited(let code) = result.termination else { return .error("`\(command)` ended abnormally", evidence: evidence) }
        let hint = code == 127 ? " (command not found?)" : ""
        return ProbeOutcome(status: .failed, summary: "`\(command)` exited \(code)\(hint)", evidence: evidence)
    }
}
