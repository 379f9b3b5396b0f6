import Checklist
import Foundation
import Git
import Verdict

/// `cfa-gate verify`: the envelope's signature holds for the trusted key, and the statement is about the
/// commit the caller names (HEAD of the repository by default).
public enum VerdictCheck {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// Something the user must supply or fix before anything can be checked (exit 2).
        case setup(String)
        /// The verdict is not authentic or not for this commit (exit 4).
        case rejected(String)

        public var description: String {
            switch self {
            case .setup(let message), .rejected(let message): message
            }
        }
    }

    public struct Checked: Sendable {
        public var statement: Statement
        public var keyID: String
        public var commit: String
        /// The trusted policy the verdict was found to follow, as resolved ("origin/main = refs/remotes/origin/main (abc1234)");
        /// nil when no policy was asked for.
        public var policy: String?
        /// What became of the full logs the verdict names.
        public var logs: LogsCheck
    }

    /// The full logs beside a verdict, compared with the sha256 the signed verdict records for each.
    public struct LogsCheck: Sendable, Equatable {
        /// Logs whose bytes are the recorded ones.
        public var matched: Int
        /// Logs folders that are not beside the verdict (a verdict copied without them): nothing there to compare.
        public var absentFolders: [String]
        /// Files in a logs folder that the verdict does not record (the toolchain's version output, or a file added
        /// later): no signature covers them, so they are named rather than trusted.
        public var unrecorded: [String] = []

        /// One line for the terminal: "3 files match their recorded sha256", or what could not be compared.
        public var summary: String {
            var parts: [String] = []
            if matched > 0 || absentFolders.isEmpty {
                parts.append(matched == 1 ? "1 file matches its recorded sha256" : "\(matched) files match their recorded sha256")
            }
            if !absentFolders.isEmpty {
                parts.append("not checked: \(absentFolders.joined(separator: ", ")) not beside the verdict")
            }
            if !unrecorded.isEmpty {
                parts.append("not recorded in the verdict, so not covered by its signature: \(unrecorded.joined(separator: ", "))")
            }
            return parts.joined(separator: "; ")
        }
    }

    /// The policy a verdict must have been made under: the checklist and configuration at a trusted revision
    /// (`--policy-ref`), or files (`--checklist`, `--config`), a file replacing the revision's of its role.
    public struct PolicyExpectation: Sendable, Equatable {
        public var ref: String?
        var files: [PolicyFileRole: String]

        public init(ref: String? = nil, checklistPath: String? = nil, configurationPath: String? = nil) {
            self.ref = ref
            var files: [PolicyFileRole: String] = [:]
            files[.checklist] = checklistPath
            files[.configuration] = configurationPath
            self.files = files
        }

        public var isEmpty: Bool { ref == nil && files.isEmpty }
    }

    public static func verify(
        verdictPath: String, publicKeyPath: String?, commit: String?, repositoryPath: String?,
        environment: [String: String], policy: PolicyExpectation = PolicyExpectation()
    ) throws(Failure) -> Checked {
        let repository = try? GitRepository.discover(startingAt: Gate.absolute(repositoryPath ?? "."))
        if repositoryPath != nil && repository == nil {
            throw .setup("\(repositoryPath!) is not inside a git repository — pass --repo DIR of a clone")
        }
        let trusted: PublicKey?
        do {
            trusted = try SigningKeyResolver.trustedPublicKey(
                path: publicKeyPath, environment: environment, gitDirectory: repository?.gitDirectory)
        } catch {
            throw .setup("\(error)")
        }
        guard let key = trusted else {
            throw .setup("no public key to trust — pass --pubkey FILE (the .pub written by `cfa-gate keygen`)")
        }

        let envelope: Envelope
        do {
            envelope = try VerdictFile.read(path: verdictPath)
        } catch {
            // A file that is not there is a wrong argument; one that is there but broken is a rejection.
            if case .unreadable = error { throw .setup("\(error)") }
            throw .rejected("\(error)")
        }
        let statement: Statement
        do {
            statement = try DSSE.open(envelope, trusting: key)
        } catch {
            throw .rejected("\(verdictPath): \(error)")
        }

        let expected: String
        if let repository {
            do {
                expected = try repository.resolveCommit(commit ?? "HEAD")
            } catch {
                throw .setup("\(error)")
            }
        } else if let commit, commit.count == 40, commit.allSatisfy(\.isHexDigit) {
            expected = commit.lowercased()
        } else {
            throw .setup("not inside a git repository — pass --repo DIR, or --commit with a full 40-character commit id")
        }
        let recorded = statement.subject.compactMap { $0.digest["gitCommit"] }
        guard recorded.contains(expected) else {
            throw .rejected(
                "\(verdictPath): the verdict is for commit \(recorded.first ?? "(none)"), not \(expected) — run the gate at this commit")
        }
        let trustedPolicy = policy.isEmpty
            ? nil : try checkPolicy(statement.predicate, against: policy, repository: repository, verdictPath: verdictPath)
        let logs = try checkLogs(of: statement.predicate, verdictPath: verdictPath)
        return Checked(statement: statement, keyID: key.keyID, commit: expected, policy: trustedPolicy, logs: logs)
    }

    /// Every policy file's digest in the verdict must equal the expected file's; a role the expectation does not
    /// name (a `--checklist` without `--policy-ref` or `--config`) is expected to have had no file.
    /// - Returns: the trusted policy, as resolved, for the caller to show.
    @discardableResult
    static func checkPolicy(
        _ predicate: GatePredicate, against expectation: PolicyExpectation, repository: GitRepository?, verdictPath: String
    ) throws(Failure) -> String {
        guard let recorded = predicate.policy else {
            throw .rejected(
                "\(verdictPath): the verdict records no policy, so it cannot be shown to follow the protected one — run the gate again with this cfa-gate")
        }
        let packagePath = predicate.repository.packagePath
        var location: PolicyLocation?
        if let ref = expectation.ref {
            guard let repository else { throw .setup("--policy-ref \(ref) needs a repository — run inside a clone or pass --repo DIR") }
            do {
                let resolved = try repository.resolveRevision(ref)
                location = PolicyLocation(
                    source: .ref, commit: resolved.commit, ref: resolved.ref,
                    description: resolved.described(as: ref))
            } catch {
                throw .setup("--policy-ref: \(error)")
            }
        }
        let trusted = expectation.ref ?? "the files given"
        var trustedChecklist: PolicyFile?
        for role in PolicyFileRole.allCases {
            // Not compared: `--require-reviews` applies REV's reviewers to the reviews themselves, so revoking a reviewer
            // on the protected branch takes effect at once without invalidating the machine verdict.
            guard role != .reviewers else { continue }
            let expected: PolicyFile?
            do {
                if let path = expectation.files[role] {
                    expected = try PolicyReader.explicitFile(role, path: path, repositoryRoot: repository?.workingDirectory ?? "/")
                } else if let location, let repository {
                    switch role {
                    case .checklist: expected = try PolicyReader.checklistFile(at: location, repository: repository)
                    case .configuration: expected = try PolicyReader.configurationFile(at: location, repository: repository, packagePath: packagePath)
                    case .baseline:
                        let configuration = try expectation.files[.configuration].map { path throws(GateError) in
                            try PolicyReader.explicitFile(.configuration, path: path, repositoryRoot: repository.workingDirectory)
                        } ?? PolicyReader.configurationFile(at: location, repository: repository, packagePath: packagePath)
                        expected = try PolicyReader.baselineFile(
                            at: location, repository: repository, packagePath: packagePath, configuration: configuration)
                    case .quarantine: expected = try PolicyReader.quarantineFile(at: location, repository: repository)
                    case .reviewers: continue
                    }
                } else {
                    expected = nil
                }
            } catch {
                throw .setup("\(error)")
            }
            if role == .checklist { trustedChecklist = expected }
            let found = recorded.file(role)
            guard found?.sha256 != expected?.sha256 else { continue }
            func describe(_ file: (path: String, sha256: String?)?) -> String {
                guard let file, let digest = file.sha256 else { return "none" }
                return "\(file.path), sha256 \(digest.prefix(12))…"
            }
            throw .rejected(
                "\(verdictPath): policy differs — the verdict's \(role.rawValue) (\(describe(found.map { ($0.path, $0.sha256) }))) "
                    + "is not \(trusted)'s (\(describe(expected.map { ($0.path, $0.sha256) }))): the verdict was not made under that policy")
        }
        try checkIsolation(predicate, against: trustedChecklist, trusted: trusted, verdictPath: verdictPath)
        return location?.description ?? "the files given"
    }

    /// The trusted checklist's `isolation=` decides which guarantees a verdict's probes must have had: `strict`, every one
    /// (a gate that predates the record made a verdict that policy does not accept); `standard` (the default), the ones
    /// that keep the signing key out of reach of every probe and every process of the gate's user (a verdict without a
    /// record, made before it existed, is accepted as before); `best-effort`, none.
    static func checkIsolation(_ predicate: GatePredicate, against checklist: PolicyFile?, trusted: String, verdictPath: String) throws(Failure) {
        let policy = checklist?.text.flatMap { try? Checklist.parse(markdown: $0, path: checklist?.path ?? "") }?.options.isolation ?? .standard
        guard policy != .bestEffort else { return }
        guard let isolation = predicate.isolation else {
            guard policy == .strict else { return }
            throw .rejected("\(verdictPath): \(trusted) requires isolation=strict, but the verdict records nothing of what its probes had")
        }
        // Strict: whatever the record says was missing, named or not; standard: what kept the key out of reach.
        let keyGuarantees = ProbeConfinement.keyGuarantees.map(\.rawValue)
        let missing = policy == .strict ? isolation.missing : isolation.missing.filter(keyGuarantees.contains) + (isolation.keyTakenWithout ?? [])
        var lacking: [String] = []
        for name in missing + (isolation.probeUID == 0 ? ["dropping root"] : []) + (isolation.noNewPrivileges ? [] : ["no_new_privs"])
        where !lacking.contains(name) {
            lacking.append(name)
        }
        guard lacking.isEmpty else {
            let consequence = policy == .strict ? "" : " (so a probe or a process of the gate's user could reach the signing key)"
            throw .rejected(
                "\(verdictPath): \(trusted) requires isolation=\(policy.rawValue), but the verdict's probes ran without "
                    + lacking.joined(separator: ", ") + consequence + " — run the gate again as that policy needs, or opt out with isolation=best-effort there")
        }
    }

    /// Every log the verdict names is compared, byte for byte through its sha256, with the file beside the verdict:
    /// a log rewritten after the run (by a process the change left behind, or by hand) no longer matches the signature.
    /// A whole logs folder that is not there is said, not failed (verdicts are often passed on without their logs);
    /// a file missing from a folder that is there was removed, and fails like an edited one.
    static func checkLogs(of predicate: GatePredicate, verdictPath: String) throws(Failure) -> LogsCheck {
        let folder = URL(fileURLWithPath: Gate.absolute(verdictPath)).deletingLastPathComponent().path
        let files = FileManager.default
        var check = LogsCheck(matched: 0, absentFolders: [])
        for log in predicate.items.flatMap(\.evidence.logs) {
            let logsFolder = log.path.split(separator: "/").dropLast().joined(separator: "/")
            if check.absentFolders.contains(logsFolder) { continue }
            var isFolder: ObjCBool = false
            guard logsFolder.isEmpty || (files.fileExists(atPath: "\(folder)/\(logsFolder)", isDirectory: &isFolder) && isFolder.boolValue) else {
                check.absentFolders.append(logsFolder)
                continue
            }
            guard !log.path.split(separator: "/").contains(".."), let data = files.contents(atPath: "\(folder)/\(log.path)") else {
                throw .rejected("\(log.path): this log, which the verdict records, is missing beside \(verdictPath) — the logs were altered after the run")
            }
            let digest = Digest.sha256Hex(data)
            guard digest == log.sha256 else {
                throw .rejected(
                    "\(log.path): this log differs from the one the verdict records (sha256 \(digest.prefix(12))…, recorded \(log.sha256.prefix(12))…) "
                        + "— it was changed after the run; run the gate again")
            }
            check.matched += 1
        }
        let recorded = Set(predicate.items.flatMap(\.evidence.logs).map(\.path))
        let folders = Set(recorded.map { $0.split(separator: "/").dropLast().joined(separator: "/") }).subtracting(check.absentFolders)
        for logsFolder in folders.sorted() where !logsFolder.isEmpty {
            let names = (try? files.contentsOfDirectory(atPath: "\(folder)/\(logsFolder)")) ?? []
            check.unrecorded += names.sorted().map { "\(logsFolder)/\($0)" }.filter { !recorded.contains($0) }
        }
        return check
    }
}
