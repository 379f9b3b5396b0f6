/// The policy a verdict was judged under: which checklist and analyser configuration (and any further policy
/// file) decided it, where they were read from, and their digests. `verify --policy-ref` compares these
/// digests with the protected branch's files, so a verdict made under the change's own rules is rejected.
public struct PolicyRecord: Codable, Sendable, Equatable {
    /// Where the policy as a whole came from; a file given on the command line is marked on its own entry.
    public var source: PolicySource
    /// Full commit id the policy files were read from (nil for `file` sources and the built-in checklist alone).
    public var revision: String?
    /// The full ref `revision` was taken from (`refs/remotes/origin/main`), so a short name's meaning is on record;
    /// absent for a commit id, a first parent, or files.
    public var ref: String?
    /// One line: how that revision was chosen ("merge-base of HEAD with main (abc1234)", "--policy-ref origin/main").
    public var description: String
    public var files: [PolicyFileRecord]
    /// What the change would alter in the policy if merged; shown to the reviewer, never obeyed. Absent when nothing.
    public var changes: [PolicyChange]?

    public init(
        source: PolicySource, revision: String?, ref: String? = nil, description: String, files: [PolicyFileRecord],
        changes: [PolicyChange]? = nil
    ) {
        self.source = source
        self.revision = revision
        self.ref = ref
        self.description = description
        self.files = files
        self.changes = changes
    }

    public func file(_ role: PolicyFileRole) -> PolicyFileRecord? { files.first { $0.role == role } }
}

public enum PolicySource: String, Codable, Sendable, Equatable {
    /// The base revision of the change (the same base the inventory diff uses).
    case base
    /// A trusted revision named with `--policy-ref`.
    case ref
    /// A file named on the command line (`--checklist`, `--config`).
    case file
    /// The change's own commit: there was no base (a first commit).
    case change
}

/// What a policy file is for. A further policy file (a findings baseline, say) is one more case.
public enum PolicyFileRole: String, Codable, Sendable, Equatable, CaseIterable {
    case checklist
    case configuration
    /// The findings baseline (`.cfa-gate-baseline.json`): known findings that do not fail an item.
    case baseline
    /// The test quarantine (`gate/quarantine.md`): tests that run but do not fail the item until their expiry.
    case quarantine
    /// Who may sign off the manual items (`gate/reviewers`): one `NAME KEY [items=N,…]` per line.
    case reviewers
}

public struct PolicyFileRecord: Codable, Sendable, Equatable {
    public var role: PolicyFileRole
    /// Repository-relative path (or the path given on the command line); `(built in) …` for the built-in checklist.
    public var path: String
    public var source: PolicySource
    /// Lowercase hex SHA-256 of the file's bytes; nil when there was no such file (the defaults applied).
    public var sha256: String?
    /// The git blob id when the file was read from git objects.
    var blob: String?

    public init(role: PolicyFileRole, path: String, source: PolicySource, sha256: String?, blob: String? = nil) {
        self.role = role
        self.path = path
        self.source = source
        self.sha256 = sha256
        self.blob = blob
    }
}

/// One thing the change would alter in the policy, or one suppression it adds.
public struct PolicyChange: Codable, Sendable, Equatable {
    public enum Kind: String, Codable, Sendable, Equatable {
        case itemAdded, itemRemoved, itemRebound, itemRetitled
        case checklistOption
        case ruleWeakened, ruleStrengthened
        case configurationOption
        /// The change's version of a policy file could not be read as policy at all.
        case unreadable
        /// The change edits a policy file in a way none of the other kinds describes.
        case fileEdited
        case suppressionAdded
        /// A finding the change's baseline would accept that the trusted baseline does not.
        case baselineEntryAdded
        /// A test the change's quarantine would excuse that the trusted quarantine does not (or not as long).
        case quarantineEntryAdded
        /// A reviewer the change's `gate/reviewers` would add (or allow more items) that the trusted one does not.
        case reviewerAdded
        /// What the change adds to its own build (`Package.swift` and native sources): code that runs in the build or in
        /// the test process, where it could rewrite what the tests report. Shown to the reviewer, like a policy edit.
        case buildTargetAdded, buildTargetChanged
        case unsafeFlagsAdded, linkerSettingAdded, pluginAdded, packageDependencyAdded
        /// A C, C++, Objective-C or assembly source file added under the package.
        case nativeSourceAdded
    }

    var kind: Kind
    /// The policy file or source file concerned, repository-relative.
    public var file: String
    public var line: Int?
    /// One line for the reviewer: "item 3 rebound from `cfa CFA-X` to `command: true`".
    public var summary: String

    public init(kind: Kind, file: String, line: Int? = nil, summary: String) {
        self.kind = kind
        self.file = file
        self.line = line
        self.summary = summary
    }

    /// An edit of a file the gate reads as policy from the base (the checklist, `.cfa-gate.json`, the baseline, the
    /// quarantine, `gate/reviewers`): `--policy-ref HEAD` would apply it. Suppressions and build changes are not policy
    /// read from a ref, so no ref applies them.
    public var editsPolicyFile: Bool {
        switch kind {
        case .itemAdded, .itemRemoved, .itemRebound, .itemRetitled, .checklistOption, .ruleWeakened, .ruleStrengthened,
            .configurationOption, .unreadable, .fileEdited, .baselineEntryAdded, .quarantineEntryAdded, .reviewerAdded:
            true
        case .suppressionAdded, .buildTargetAdded, .buildTargetChanged, .unsafeFlagsAdded, .linkerSettingAdded, .pluginAdded,
            .packageDependencyAdded, .nativeSourceAdded:
            false
        }
    }
}
