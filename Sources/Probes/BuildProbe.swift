import Foundation
import Verdict

/// `swift build` in the package, extra checklist arguments passed through (`-Xswiftc -warnings-as-errors`), after the
/// package was evaluated where it is read-only (`PackageEvaluation`); a build that evaluated a manifest again is `error`.
public struct BuildProbe: Sendable {
    var arguments: [String]

    public init(arguments: [String] = []) {
        self.arguments = arguments
    }

    /// `evaluation`: the lane's evaluation of the package; nil evaluates it first.
    public func run(in context: ProbeContext, logName: String, evaluation given: PackageEvaluation? = nil) async -> ProbeOutcome {
        guard let swift = context.swiftExecutable else { return .swiftMissing }
        let evaluation: PackageEvaluation
        if let given { evaluation = given } else { evaluation = await PackageEvaluation.run(in: context) }
        if let failure = evaluation.failure { return failure }
        let command = LoggedCommand(
            executable: swift, arguments: ["build"] + context.swiftPMOptions + arguments, workingDirectory: context.packageDirectory,
            logName: logName, timeout: context.timeouts.build, reaperMark: ProbeContext.swiftPMReaperMark)
        // Diagnostics are read as the log streams past: the log itself is never held whole.
        var errorCollector = CompilerDiagnostics.Collector(repositoryRoot: context.repositoryRoot)
        var warningCollector = CompilerDiagnostics.Collector(repositoryRoot: context.repositoryRoot, severities: ["warning"])
        // SwiftPM itself can crash (a `try!` on an argument it cannot parse): its one-line reason, not the register dump
        // its backtrace ends with, is what the reader needs.
        var crash = CrashOutput()
        let result = await command.run(in: context) { line in
            errorCollector.consume(line.text)
            warningCollector.consume(line.text)
            crash.consume(line.text)
        }
        var outcome = judge(result, errors: errorCollector.diagnostics, warnings: warningCollector.diagnostics, crash: crash, in: context)
            .noting(leftovers: result.leftovers)
        outcome.evidence.logs += evaluation.log.map { [$0] } ?? []
        if let line = evaluation.pluginsLine { outcome.evidence.excerpt.append(line) }
        if let reevaluated = evaluation.reevaluation(in: context, by: (["swift", "build"] + arguments).joined(separator: " ")) {
            return .error(reevaluated, evidence: outcome.evidence)
        }
        return outcome
    }

    private func judge(
        _ result: LoggedCommand.Result, errors: [Diagnostic], warnings: [Diagnostic], crash: CrashOutput, in context: ProbeContext
    ) -> ProbeOutcome {
        let displayed = (["swift", "build"] + arguments).joined(separator: " ")
        var evidence = Evidence(logs: result.log.map { [$0] } ?? [])
        if let abnormal = result.termination.abnormalOutcome(running: displayed, evidence: evidence, exceededOutputLimit: result.exceededOutputLimit) {
            if case .signalled = result.termination, result.exceededOutputLimit == nil, let reason = crash.crashLine {
                evidence.excerpt = crash.excerpt(otherwise: result.output)
                return ProbeOutcome(status: abnormal.status, summary: "\(abnormal.summary): \(reason)", evidence: evidence)
            }
            evidence.excerpt = OutputExcerpt.tail(of: result.output)
            return ProbeOutcome(status: abnormal.status, summary: abnormal.summary, evidence: evidence)
        }
        if result.termination.succeeded {
            let warningNote = warnings.isEmpty ? "" : " with \(warnings.count) warning\(warnings.count == 1 ? "" : "s")"
            evidence.diagnostics = warnings
            return ProbeOutcome(status: .passed, summary: "`\(displayed)` succeeded\(warningNote)", evidence: evidence)
        }
        evidence.diagnostics = errors + warnings.prefix(CompilerDiagnostics.maximumDiagnostics - errors.count)
        evidence.excerpt = errors.isEmpty ? OutputExcerpt.tail(of: result.output) : []
        return ProbeOutcome(status: .failed, summary: Self.failureSummary(displayed, errors: errors), evidence: evidence)
    }

    static func failureSummary(_ command: String, errors: [Diagnostic]) -> String {
        // The evidence then carries the log's last lines as the excerpt; the closing summary prints them and the log's path.
        guard let first = errors.first else { return "`\(command)` failed without a compiler error line: see the end of its log" }
        let location = [first.file, first.line.map(String.init)].compactMap { $0 }.joined(separator: ":")
        let count = errors.count == CompilerDiagnostics.maximumDiagnostics ? "\(errors.count)+" : "\(errors.count)"
        return "`\(command)` failed: \(count) error\(errors.count == 1 ? "" : "s")\(ItemResult.firstDiagnosticMarker)\(location): \(first.message)"
    }
}

extension ProbeOutcome {
    static let swiftMissing = ProbeOutcome.error(
        "`swift` was not found on PATH — install a Swift toolchain or put its usr/bin on PATH")
}
