/// The program that produced the verdict.
public struct ToolInfo: Codable, Sendable, Equatable {
    public var name: String
    public var version: String

    public init(name: String, version: String) {
        self.name = name
        self.version = version
    }
}

/// The checklist file the gate ran; the digest pins exactly which revision of it.
public struct ChecklistInfo: Codable, Sendable, Equatable {
    public var path: String
    /// Lowercase hex SHA-256 of the checklist file's bytes.
    public var sha256: String
    public var title: String?

    public init(path: String, sha256: String, title: String? = nil) {
        self.path = path
        self.sha256 = sha256
        self.title = title
    }
}

/// The repository state the gate judged.
public struct RepositoryInfo: Codable, Sendable, Equatable {
    /// Full hex object id of the commit.
    public var commit: String
    /// Full hex object id of the commit's tree.
    public var tree: String
    /// Nil for a detached HEAD.
    public var branch: String?
    /// Directory of the Swift package, relative to the repository root.
    public var packagePath: String

    public init(commit: String, tree: String, branch: String? = nil, packagePath: String) {
        self.commit = commit
        self.tree = tree
        self.branch = branch
        self.packagePath = packagePath
    }
}

/// Which key signed the verdict and where the runner obtained it.
public struct SignerInfo: Codable, Sendable, Equatable {
    /// Hex SHA-256 of the signer's SubjectPublicKeyInfo DER, as in `PublicKey.keyID`.
    public var keyID: String
    /// How the key was supplied: "local", "file" or "environment".
    public var source: String
    public var note: String?

    public init(keyID: String, source: String, note: String? = nil) {
        self.keyID = keyID
        self.source = source
        self.note = note
    }
}
