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
    private static let initialization: Int32 = git_libgit2_init()

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
