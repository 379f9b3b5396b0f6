import CGit2

/// The thin layer over libgit2's process-wide state and error reporting.
///
/// Threading: libgit2 is initialised once per process (never shut down — the
/// OS reclaims it at exit). After that, libgit2 is safe to use from many threads
/// as long as each repository handle and every object obtained from it is used
/// by one thread at a time. `GitRepository` is deliberately not `Sendable` so the
/// compiler enforces this: open one repository per task that needs it.
enum LibGit2 {
    /// Swift runs a `static let` initialiser exactly once, atomically, even
    /// under concurrent first access — which is what `git_libgit2_init` needs.
    ///
    /// Ownership validation (git's `safe.directory`) is turned off: it keeps git from running programs a repository of
    /// another owner configures (`core.fsmonitor`, hooks, filters), and libgit2, which only reads here, runs none. A
    /// gate started with `sudo` (root, so that it can make namespaces) must read the clone of the user who invoked it.
    private static let initialization: Int32 = {
        let result = git_libgit2_init()
        _ = cfa_git_set_owner_validation(0)
        return result
    }()

    /// Call before any other libgit2 function.
    static func ensureInitialized() {
        _ = initialization
    }

    /// libgit2's explanation of the most recent failure on this thread.
    static func lastErrorMessage() -> String {
        guard let error = git_error_last(), let message = error.pointee.message else {
            return "unknown libgit2 error"
        }
        return String(cString: message)
    }

    /// Turns a negative libgit2 return code into `GitError.libgit2`.
    static func check(_ code: Int32, _ operation: String) throws(GitError) {
        if code < 0 {
            throw GitError.libgit2(operation: operation, message: lastErrorMessage())
        }
    }

    /// The 40-hex form of an object id.
    static func hex(_ oid: UnsafePointer<git_oid>) -> String {
        var buffer = [CChar](repeating: 0, count: Int(GIT_OID_HEXSZ) + 1)
        git_oid_tostr(&buffer, buffer.count, oid)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Drops the trailing `/` libgit2 puts on directory paths (but keeps a bare `/`).
    static func directoryPath(_ cPath: UnsafePointer<CChar>) -> String {
        var path = String(cString: cPath)
        while path.count > 1 && path.hasSuffix("/") {
            path.removeLast()
        }
        return path
    }
}
