import CGit2

/// A libgit2 repository handle with a work tree.
///
/// Not `Sendable`: libgit2 allows one thread at a time per handle, so open one
/// repository per task where it is used. The handle is freed in `deinit`.
public final class GitRepository {
    /// The `git_repository *`; owned, freed in `deinit`.
    let handle: OpaquePointer

    /// Absolute path of the work tree root, without a trailing slash.
    public let workingDirectory: String
    /// Absolute path of the git directory (usually `<work tree>/.git`), without a trailing slash.
    public let gitDirectory: String

    private init(handle: OpaquePointer, workingDirectory: String, gitDirectory: String) {
        self.handle = handle
        self.workingDirectory = workingDirectory
        self.gitDirectory = gitDirectory
    }

    deinit {
        git_repository_free(handle)
    }

    /// Like `git`: finds the repository containing `path` by walking up its parents.
    ///
    /// Unlike `git`, environment variables such as `GIT_DIR` are not consulted.
    /// - Throws: `notARepository(path)` when no repository contains `path`;
    ///   `bareRepository(path)` when the repository found has no work tree.
    public static func discover(startingAt path: String) throws(GitError) -> GitRepository {
        LibGit2.ensureInitialized()
        var opened: OpaquePointer?
        // Flags 0: search upwards, stop at file-system boundaries — git's default.
        let code = git_repository_open_ext(&opened, path, 0, nil)
        if code == GIT_ENOTFOUND.rawValue {
            throw GitError.notARepository(path)
        }
        try LibGit2.check(code, "open repository at \(path)")
        guard let repository = opened else {
            throw GitError.libgit2(operation: "open repository at \(path)", message: "no handle returned")
        }
        guard git_repository_is_bare(repository) == 0, let workdir = git_repository_workdir(repository) else {
            git_repository_free(repository)
            throw GitError.bareRepository(path)
        }
        return GitRepository(
            handle: repository,
            workingDirectory: LibGit2.directoryPath(workdir),
            gitDirectory: LibGit2.directoryPath(git_repository_path(repository))
        )
    }
}

/// Spelled out so that sharing a handle across tasks is a compile-time error.
@available(*, unavailable, message: "libgit2 handles must be used from one task at a time; open one per task")
extension GitRepository: Sendable {}
