import CFAAnalysis
import Checklist
import Foundation
import Git
import Probes
import Verdict

/// The revision policy files are read from, and why that one.
struct PolicyLocation: Sendable, Equatable {
    var source: PolicySource
    /// Full commit id; nil only when there is no revision at all (every file given on the command line).
    var commit: String?
    /// The full ref the commit was taken from (`refs/remotes/origin/main`); nil for a commit id or no ref.
    var ref: String?
    var description: String

    init(source: PolicySource, commit: String?, ref: String? = nil, description: String) {
        self.source = source
        self.commit = commit
        self.ref = ref
        self.description = description
    }
}

/// A policy read and parsed: the files with their digests, the checklist, and the package it gates.
struct LoadedPolicy: Sendable {
    var policy: Policy
    var checklist: Checklist
    /// Repository-relative package folder, "." at the root: the command line's, else the checklist's own.
    var packagePath: String
}

/// Reads policy files from git objects at a revision (never the working tree), or from files named on the
/// command line.
enum PolicyReader {
    /// Reads every policy file, in order: the checklist (its `package-path` tells where the package's own
    /// configuration is), then the analyser configuration. A further policy file is read here, after the
    /// files it depends on, with `committed` or `explicitFile`.
    ///
    /// - Parameters:
    ///   - explicit: files named on the command line, by role; they replace what the revision holds.
    ///   - packagePath: `--package-path` (or, in `verify`, the package the verdict recorded); else the checklist's.
    static func read(
        at location: PolicyLocation, repository: GitRepository, explicit: [PolicyFileRole: String] = [:], packagePath: String?
    ) throws(GateError) -> LoadedPolicy {
        let root = repository.workingDirectory
        var files: [PolicyFile] = []
        if let path = explicit[.checklist] {
            files.append(try explicitFile(.checklist, path: path, repositoryRoot: root))
        } else {
            files.append(try checklistFile(at: location, repository: repository))
        }
        let checklist = try Policy.parsedChecklist(files[0])
        let package = Gate.normalizedPackagePath(packagePath ?? checklist.options.packagePath ?? ".")
        if let path = explicit[.configuration] {
            files.append(try explicitFile(.configuration, path: path, repositoryRoot: root))
        } else {
            files.append(try configurationFile(at: location, repository: repository, packagePath: package))
        }
        files.append(try baselineFile(at: location, repository: repository, packagePath: package, configuration: files[1]))
        files.append(try quarantineFile(at: location, repository: repository))
        let reviewers = try reviewersFile(at: location, repository: repository)
        _ = try Policy.parsedReviewers(reviewers)  // a malformed line stops the run here, naming the line
        files.append(reviewers)

        let source = files.allSatisfy { $0.source == .file } ? PolicySource.file : location.source
        var policy = Policy(source: source, revision: location.commit, description: location.description, files: files)
        policy.ref = location.ref
        return LoadedPolicy(policy: policy, checklist: checklist, packagePath: package)
    }

    /// The policy files at a revision, unparsed: to describe the change's own versions, which may not parse.
    static func files(at location: PolicyLocation, repository: GitRepository, packagePath: String) throws(GateError) -> Policy {
        var files = [
            try checklistFile(at: location, repository: repository),
            try configurationFile(at: location, repository: repository, packagePath: packagePath),
        ]
        // A configuration that does not read says so as a change of its own; its baseline cannot be found then.
        if let baseline = try? baselineFile(at: location, repository: repository, packagePath: packagePath, configuration: files[1]) {
            files.append(baseline)
        }
        files.append(try quarantineFile(at: location, repository: repository))
        files.append(try reviewersFile(at: location, repository: repository))
        return Policy(source: location.source, revision: location.commit, description: location.description, files: files)
    }

    /// `gate/cfa-change-gate.md` at the revision; the checklist built into cfa-gate when it has none.
    static func checklistFile(at location: PolicyLocation, repository: GitRepository) throws(GateError) -> PolicyFile {
        if let committed = try committed(.checklist, candidates: [Checklist.shippedRelativePath], at: location, repository: repository) {
            return committed
        }
        return PolicyFile(
            role: .checklist, path: "(built in) \(Checklist.shippedRelativePath)", source: location.source,
            data: Data(Checklist.shippedMarkdown.utf8))
    }

    /// The package's `.cfa-gate.json` at the revision, else the root's; a file-less entry (the defaults) when neither.
    static func configurationFile(at location: PolicyLocation, repository: GitRepository, packagePath: String) throws(GateError) -> PolicyFile {
        let candidates = ConfigurationFile.candidatePaths(scope: packagePath)
        return try committed(.configuration, candidates: candidates, at: location, repository: repository)
            ?? PolicyFile(role: .configuration, path: candidates.last ?? AnalysisConfiguration.fileName, source: location.source, data: nil)
    }

    /// The findings baseline that `configuration` (a policy file of the same revision) points to, or the default
    /// file beside it; a file-less entry when there is none. A baseline the configuration names but the
    /// revision lacks is an error, as it is in the working tree: never "nothing is known".
    static func baselineFile(
        at location: PolicyLocation, repository: GitRepository, packagePath: String, configuration file: PolicyFile
    ) throws(GateError) -> PolicyFile {
        let configuration = try Policy.parsedConfiguration(file)
        let folder = file.data == nil ? nil : String(file.path.dropLast(AnalysisConfiguration.fileName.count))
        let place: BaselineFile.Location
        do {
            place = try BaselineFile.location(
                configuration: configuration, configurationFolder: folder, scope: packagePath == "." ? "" : packagePath)
        } catch {
            throw .baseline(error)
        }
        if let found = try committed(.baseline, candidates: [place.path], at: location, repository: repository) { return found }
        if place.isConfigured, location.commit != nil { throw .baseline(.missing(path: place.path)) }
        return PolicyFile(role: .baseline, path: place.path, source: location.source, data: nil)
    }

    /// `gate/quarantine.md` at the revision, beside the checklist; a file-less entry when there is none.
    static func quarantineFile(at location: PolicyLocation, repository: GitRepository) throws(GateError) -> PolicyFile {
        let path = TestProbe.quarantineRelativePath
        return try committed(.quarantine, candidates: [path], at: location, repository: repository)
            ?? PolicyFile(role: .quarantine, path: path, source: location.source, data: nil)
    }

    /// `gate/reviewers` at the revision; a file-less entry (nobody may sign) when there is none.
    static func reviewersFile(at location: PolicyLocation, repository: GitRepository) throws(GateError) -> PolicyFile {
        let path = ReviewerList.relativePath
        return try committed(.reviewers, candidates: [path], at: location, repository: repository)
            ?? PolicyFile(role: .reviewers, path: path, source: location.source, data: nil)
    }

    /// The first of `candidates` the revision holds, from git objects; nil when it holds none (or there is no revision).
    static func committed(
        _ role: PolicyFileRole, candidates: [String], at location: PolicyLocation, repository: GitRepository
    ) throws(GateError) -> PolicyFile? {
        guard let commit = location.commit else { return nil }
        for path in candidates {
            let found: CommittedFile?
            do {
                found = try repository.file(at: commit, path: path)
            } catch {
                throw .repository(error)
            }
            if let found {
                return PolicyFile(role: role, path: path, source: location.source, blobID: found.blobID, data: found.data)
            }
        }
        return nil
    }

    /// A file named on the command line, read as it is now.
    static func explicitFile(_ role: PolicyFileRole, path: String, repositoryRoot: String) throws(GateError) -> PolicyFile {
        let absolute = Gate.absolute(path)
        guard let data = FileManager.default.contents(atPath: absolute) else {
            switch role {
            case .checklist: throw .checklistUnreadable(path: path)
            case .configuration: throw .analysisConfiguration(.unreadable(path: path))
            case .baseline: throw .baseline(.unreadable(path: path))
            case .quarantine: throw .policyFileUnreadable(path: path)
            case .reviewers: throw .policyFileUnreadable(path: path)
            }
        }
        return PolicyFile(role: role, path: RepositoryPath.relative(absolute, to: repositoryRoot), source: .file, data: data)
    }

    /// Where `run` takes its policy from: `--policy-ref REV`, else the change's base (the same base the
    /// inventory diff uses), else — HEAD being a first commit — the change's own commit, which the verdict says.
    static func location(
        in repository: GitRepository, head: String, policyRef: String?, base: String?
    ) throws(GateError) -> PolicyLocation {
        do {
            if let policyRef {
                let resolved = try repository.resolveRevision(policyRef)
                return PolicyLocation(
                    source: .ref, commit: resolved.commit, ref: resolved.ref.map { $0 + resolved.suffix },
                    description: "--policy-ref " + resolved.described(as: policyRef))
            }
            let choice = try BaseSelection.choose(in: repository, head: head, explicit: base)
            if let commit = choice.commit {
                return PolicyLocation(source: .base, commit: commit, ref: choice.ref, description: choice.description)
            }
            return PolicyLocation(
                source: .change, commit: head,
                description: "the change's own commit: there is no base to take the policy from (\(choice.description))")
        } catch {
            throw .repository(error)
        }
    }
}
