import Foundation

/// An Ed25519 private key, held as its raw 32 bytes in memory of their own (`ProtectedBytes`: out of core dumps, wiped
/// when the last copy of the key goes), never as PEM text: a signing gate keeps no readable copy of the key file around.
///
/// Printing or dumping a `SigningKey` shows only its key ID, never the private key.
public struct SigningKey: Sendable {
    let privateKey: ProtectedBytes
    public let publicKey: PublicKey

    public static func generate() throws(KeyError) -> SigningKey {
        try SigningKey(Ed25519.generate())
    }

    /// Accepts PKCS#8 (and OpenSSL's older) PEM; any algorithm other than Ed25519 is `.notEd25519`.
    public init(pem: String) throws(KeyError) {
        try self.init(pem: pem, source: "the private key text")
    }

    init(pem: String, source: String) throws(KeyError) {
        var bytes = Array(pem.utf8)
        defer { _ = bytes.withUnsafeMutableBytes { $0.initializeMemory(as: UInt8.self, repeating: 0) } }
        var encodings: Result<Ed25519.Encodings, KeyError> = .failure(.notPEM(source: source))
        bytes.withUnsafeBytes { raw in encodings = Result { () throws(KeyError) in try Ed25519.parsePrivate(pem: raw, source: source) } }
        try self.init(encodings.get())
    }

    private init(_ encodings: Ed25519.Encodings) throws(KeyError) {
        guard let privateKey = encodings.privateKey else { throw .crypto(reason: "private key encoding missing") }
        self.privateKey = privateKey
        self.publicKey = PublicKey(normalizedPEM: encodings.publicPEM, der: encodings.publicDER)
    }

    /// Reads the key file straight into protected memory (`-` or `/dev/stdin`: standard input), parses it there, and
    /// keeps only the raw key; the file's text is wiped with that memory.
    public static func load(path: String) throws(KeyError) -> SigningKey {
        let text = try KeyFile.readProtected(path: path == "-" ? "/dev/stdin" : path)
        return try SigningKey(text.withBytes { raw throws(KeyError) in try Ed25519.parsePrivate(pem: raw, source: path) })
    }

    /// The base64 lines of the key's PEM text: what gives the key away wherever its text is found (a process's
    /// environment), whatever line breaks or escapes surround them there. Encoded for the look, then dropped.
    package var pemBodyLines: [String] {
        guard let pem = try? Ed25519.privatePEM(privateKey) else { return [] }
        return SigningKey.bodyLines(of: String(decoding: pem, as: UTF8.self))
    }

    /// The base64 lines of any PEM text: every line but the `-----` markers.
    package static func bodyLines(of pem: String) -> [String] {
        pem.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("-----") }
    }

    /// Ed25519 signature (64 bytes) over `message`.
    public func sign(_ message: Data) throws(KeyError) -> Data {
        try Ed25519.sign(message, privateKey: privateKey)
    }

    /// Writes PKCS#8 PEM at `path` with mode 0600 (created with that mode, never world-readable
    /// even briefly) and the PEM public key at `path + ".pub"` (0644). Missing parent directories
    /// are created. Refuses to replace either file unless `overwrite` is true.
    public func write(to path: String, overwrite: Bool) throws(KeyError) {
        let publicPath = path + ".pub"
        if !overwrite {
            // Check both first so we never leave a private key without its public half.
            for existing in [path, publicPath] where KeyFile.exists(existing) {
                throw .alreadyExists(path: existing)
            }
        }
        try KeyFile.store(Ed25519.privatePEM(privateKey), at: path, mode: 0o600, replacing: overwrite)
        do throws(KeyError) {
            try KeyFile.store(Data(publicKey.pem.utf8), at: publicPath, mode: 0o644, replacing: overwrite)
        } catch {
            // Without overwrite the private key is ours from moments ago: undo it rather than leave half a pair.
            if !overwrite { KeyFile.remove(path) }
            throw error
        }
    }
}

extension SigningKey: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "SigningKey(keyID: \(publicKey.keyID))" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: ["keyID": publicKey.keyID]) }
}
