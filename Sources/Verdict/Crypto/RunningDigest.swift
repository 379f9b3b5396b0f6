import COpenSSL

/// SHA-256 over bytes that arrive in pieces (a log as a process writes it), so the digest a verdict records for a
/// log is computed while the log streams to disk, never over the whole log held in memory.
///
/// A class because it owns libcrypto's digest context, freed once; not `Sendable`: one reader feeds it.
public final class RunningDigest {
    private let context: OpaquePointer
    public private(set) var byteCount = 0

    public init() {
        // Allocating and initializing a SHA-256 context fails only when memory does, which Swift treats as fatal.
        guard let context = EVP_MD_CTX_new() else { preconditionFailure("EVP_MD_CTX_new failed") }
        precondition(EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1, "EVP_DigestInit_ex(SHA-256) failed")
        self.context = context
    }

    deinit {
        EVP_MD_CTX_free(context)
    }

    public func update(_ bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        precondition(EVP_DigestUpdate(context, bytes.baseAddress, bytes.count) == 1, "EVP_DigestUpdate failed")
        byteCount += bytes.count
    }

    /// The digest of everything fed so far, as lowercase hex; the context goes on accepting bytes.
    public func hex() -> String {
        guard let copy = EVP_MD_CTX_new() else { preconditionFailure("EVP_MD_CTX_new failed") }
        defer { EVP_MD_CTX_free(copy) }
        precondition(EVP_MD_CTX_copy_ex(copy, context) == 1, "EVP_MD_CTX_copy_ex failed")
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        precondition(EVP_DigestFinal_ex(copy, &digest, &length) == 1, "EVP_DigestFinal_ex failed")
        return Digest.hexText(digest.prefix(Int(length)))
    }
}
