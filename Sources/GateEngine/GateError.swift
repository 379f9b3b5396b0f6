import CFAAnalysis
import Checklist
import Git
import Verdict

/// Why a gate could not start or finish. Each maps to a documented exit code.
public enum GateError: Error, Equatable, CustomStringConvertible {
    case repository(GitError)
    case checklist(ChecklistError)
    case checklistUnreadable(path: String)
    case unknownRule(checklist: String, line: Int?, rule: String)
    case analysisConfiguration(ConfigurationFile.LoadError)
    case baseline(BaselineError)
    case noPackage(path: String)
    case key(KeyError)
    case keyInsideWorkTree(path: String)
    /// `CFA_GATE_SIGNING_KEY` holds no PEM text and names no file (its value is never printed: it may be a mangled key).
    case keyVariableNamesNoFile
    /// The key's text is in the environment of a process above the gate, where a probe could read it.
    case keyInAncestorEnvironment(pid: Int32, command: String)
    /// A key other than the clone's own, not read: a probe or a process of the gate's user could reach it here.
    case keyInReach(origin: String, reach: [String], fixes: [String])
    /// A key file (not the clone's own) that the probes' user could open, not read.
    case keyFileInReach(path: String, probeUID: UInt32)
    /// A policy file named on the command line that cannot be read.
    case policyFileUnreadable(path: String)
    /// A `gate/reviewers` line that does not read.
    case reviewers(path: String, line: Int, reason: String)
    /// `--timings VERDICT` that cannot be read as a verdict.
    case timingsUnreadable(path: String, reason: String)
    /// No unprivileged user for a root gate's probes (`probe-user=`).
    case probeUser(checklist: String, reason: String)
    case verdictWrite(VerdictFileError)
    case logs(path: String, reason: String)
    case interrupted

    public var description: String {
        switch self {
        case .repository(let error): "\(error)"
        case .checklist(let error): "\(error)"
        case .checklistUnreadable(let path): "\(path): cannot read the checklist — check the path given with --checklist"
        case .unknownRule(let checklist, let line, let rule):
            "\(checklist):\(line.map(String.init) ?? "?"): \(rule.isEmpty ? "`cfa` names no rule" : "unknown rule \(rule) in a `cfa` binding")"
                + " — run `cfa-gate analyze --help` for the rule ids"
        case .analysisConfiguration(let error): "\(error)"
        case .baseline(let error): "\(error)"
        case .noPackage(let path):
            "\(path): no such folder for the package — pass --package-path DIR (relative to the repository) or set package-path in the checklist"
        case .key(let error): "\(error)"
        case .keyVariableNamesNoFile:
            "\(KeyProtection.signingKeyVariable) holds neither PEM text (`-----BEGIN PRIVATE KEY-----` …) nor the path of an existing key file — "
                + "set it to the private key's PEM text or to a key file's absolute path outside the clone, or pass `--key -` with the key on standard input"
        case .keyInsideWorkTree(let path):
            "\(path): the signing key is inside the repository's working tree, where every probe can read it — "
                + "keep it outside the clone (e.g. in $RUNNER_TEMP), or pass the PEM text in \(KeyProtection.signingKeyVariable)"
        case .keyInAncestorEnvironment(let pid, let command):
            "the signing key is in the environment of process \(pid) (\(command)), which started the gate and stays readable to every probe"
                + " — start the gate with `exec`, or pass the key by file descriptor (`--key /dev/fd/3 3<key.pem`)"
        case .keyInReach(let origin, let reach, let fixes):
            "\(origin): the signing key was not read, since here it would be in reach of \(reach.joined(separator: "; and "))"
                + " — \(fixes.joined(separator: "; ")); or, where nothing better is possible, set isolation=best-effort in the protected checklist"
        case .keyFileInReach(let path, let probeUID):
            "\(path): the signing key was not read, since the probes (uid \(probeUID)) could open this file too — hand it over on standard"
                + " input (`--key - < \(path)`), or keep it where they cannot read it; or, where nothing better is possible, set"
                + " isolation=best-effort in the protected checklist"
        case .policyFileUnreadable(let path): "\(path): cannot read this policy file — check the path"
        case .reviewers(let path, let line, let reason): "\(path):\(line): \(reason)"
        case .timingsUnreadable(let path, let reason):
            "\(path): cannot read test durations from it (\(reason)) — pass a verdict written by `cfa-gate run`, or leave out --timings"
        case .probeUser(let checklist, let reason): "\(checklist): \(reason)"
        case .verdictWrite(let error): "\(error)"
        case .logs(let path, let reason): "\(path): cannot keep the probe logs: \(reason)"
        case .interrupted: "interrupted: the probes were stopped and no verdict was written"
        }
    }

    /// 2 for anything the user must fix before a run can happen; 3 when the run itself could not complete;
    /// 130 for Ctrl-C, as shells report it.
    public var exitCode: Int32 {
        switch self {
        case .repository, .checklist, .checklistUnreadable, .unknownRule, .analysisConfiguration, .baseline, .noPackage, .key,
             .keyInsideWorkTree, .keyVariableNamesNoFile, .keyInAncestorEnvironment, .keyInReach, .keyFileInReach, .policyFileUnreadable,
             .timingsUnreadable, .reviewers, .probeUser: 2
        case .verdictWrite, .logs: 3
        case .interrupted: 130
        }
    }
}
