import Foundation

/// An Ed25519 private key, held as PKCS#8 PEM so it is freely `Sendable`.
///
/// Printing or dumping a `SigningKey` shows only its key ID, never the private key.
public struct SigningKey: Sendable {
    /// Normalized unencrypted PKCS#8 PEM ("BEGIN PRIVATE KEY").
    let privateKeyPEM: String
    public let publicKey: PublicKey

    public static func generate() throws(KeyError) -> SigningKey {
        try SigningKey(Ed25519.generate())
    }

    /// Accepts PKCS#8 (and OpenSSL's older) PEM; any algorithm other than Ed25519 is `.notEd25519`.
    public init(pem: String) throws(KeyError) {
        try self.init(pem: pem, source: "the private key text")
    }

    init(pem: String, source: String) throws(KeyError) {
        try self.init(Ed25519.parsePrivate(pem: pem, source: source))
    }

    private init(_ encodings: Ed25519.Encodings) throws(KeyError) {
        guard let privatePEM = encodings.privatePEM else { throw .crypto(reason: "private key encoding missing") }
        self.privateKeyPEM = privatePEM
        self.publicKey = PublicKey(normalizedPEM: encodings.publicPEM, der: encodings.publicDER)
    }

    public static func load(path: String) throws(KeyError) -> SigningKey {
        try SigningKey(pem: KeyFile.readText(path: path), source: path)
    }

    /// The base64 lines of the key's PEM text: what gives the key away wherever its text is found (a process's
    /// environment), whatever line breaks or escapes surround them there.
    package var pemBodyLines: [String] {
        SigningKey.bodyLines(of: privateKeyPEM)
    }

    /// The base64 lines of any PEM text: every line but the `-----` markers.
    package static func bodyLines(of pem: String) -> [String] {
        pem.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("-----") }
    }

    /// Ed25519 signature (64 bytes) over `message`.
    public func sign(_ message: Data) throws(KeyError) -> Data {
        try Ed25519.sign(message, privatePEM: privateKeyPEM)
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
        try KeyFile.store(Data(privateKeyPEM.utf8), at: path, mode: 0o600, replacing: overwrite)
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
