import CFAAnalysis
import Checklist
import Foundation
import Probes
import Verdict

/// One policy file's bytes and where they came from.
struct PolicyFile: Sendable, Equatable {
    var role: PolicyFileRole
    /// Repository-relative where it was read from git objects; as given for a command-line file.
    var path: String
    var source: PolicySource
    /// The git blob id, when read from git objects.
    var blobID: String?
    /// nil when there is no such file: the defaults apply (the built-in checklist carries its own text).
    var data: Data?

    init(role: PolicyFileRole, path: String, source: PolicySource, blobID: String? = nil, data: Data?) {
        self.role = role
        self.path = path
        self.source = source
        self.blobID = blobID
        self.data = data
    }

    var sha256: String? { data.map(Digest.sha256Hex) }
    var text: String? { data.map { String(decoding: $0, as: UTF8.self) } }

    var record: PolicyFileRecord {
        PolicyFileRecord(role: role, path: path, source: source, sha256: sha256, blob: blobID)
    }
}

/// What decides a verdict besides the code under test: the checklist, the analyser configuration, and any
/// further policy file. By default all of them are read from git objects at the change's base, never from
/// the change's working tree, so nothing the change edits can loosen the rules it is judged by.
///
/// Adding a policy file (a findings baseline, say): give `PolicyFileRole` a case, read it in
/// `PolicyReader.read` after the files it depends on (its bytes and display path are then
/// `file(.baseline)`), and describe its edits in `PolicyComparison`. `verify` compares every file the
/// verdict records, so it needs nothing more.
struct Policy: Sendable, Equatable {
    var source: PolicySource
    /// The commit the files were read from (nil when every file came from the command line).
    var revision: String?
    /// The full ref that commit was taken from (`refs/remotes/origin/main`), when it came from a ref.
    var ref: String?
    /// How that revision was chosen, for the verdict and the terminal.
    var description: String
    var files: [PolicyFile]

    init(source: PolicySource, revision: String?, description: String, files: [PolicyFile]) {
        self.source = source
        self.revision = revision
        self.description = description
        self.files = files
    }

    func file(_ role: PolicyFileRole) -> PolicyFile? { files.first { $0.role == role } }

    func record(changes: [PolicyChange]) -> PolicyRecord {
        PolicyRecord(
            source: source, revision: revision, ref: ref, description: description, files: files.map(\.record),
            changes: changes.isEmpty ? nil : changes)
    }

    /// The checklist, parsed; named in errors by its path.
    func checklist() throws(GateError) -> Checklist {
        guard let file = file(.checklist) else { throw .checklistUnreadable(path: "(no checklist)") }
        return try Self.parsedChecklist(file)
    }

    /// The analyser configuration, parsed; the defaults when the policy has none.
    func configuration() throws(GateError) -> AnalysisConfiguration {
        guard let file = file(.configuration) else { return AnalysisConfiguration() }
        return try Self.parsedConfiguration(file)
    }

    /// The findings baseline, parsed; nil when the policy has none.
    func baseline() throws(GateError) -> Baseline? {
        guard let file = file(.baseline), file.data != nil else { return nil }
        return try Self.parsedBaseline(file)
    }

    static func parsedBaseline(_ file: PolicyFile) throws(GateError) -> Baseline {
        do {
            return try Baseline.parse(file.data ?? Data(), path: file.path)
        } catch {
            throw .baseline(error)
        }
    }

    /// Who may sign off the manual items; nobody when the policy has no reviewers file.
    static func parsedReviewers(_ file: PolicyFile) throws(GateError) -> ReviewerList {
        guard let text = file.text else { return ReviewerList(reviewers: []) }
        return try ReviewerList.parse(text, path: file.path)
    }

    static func parsedChecklist(_ file: PolicyFile) throws(GateError) -> Checklist {
        guard let text = file.text else { throw .checklistUnreadable(path: file.path) }
        do {
            return try Checklist.parse(markdown: text, path: file.path)
        } catch {
            throw .checklist(error)
        }
    }

    static func parsedConfiguration(_ file: PolicyFile) throws(GateError) -> AnalysisConfiguration {
        guard let text = file.text else { return AnalysisConfiguration() }
        do {
            return try ConfigurationFile.parse(text: text, path: file.path)
        } catch {
            throw .analysisConfiguration(error)
        }
    }
}
