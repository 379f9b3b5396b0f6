import Foundation

/// An Ed25519 public key, held as bytes so it is freely `Sendable`.
public struct PublicKey: Sendable, Equatable {
    /// Normalized "BEGIN PUBLIC KEY" PEM.
    let pem: String
    /// SubjectPublicKeyInfo DER.
    let der: Data

    /// Hex SHA-256 of `der`; the DSSE `keyid` of signatures made with the matching private key.
    public var keyID: String { Digest.sha256Hex(der) }

    init(pem: String) throws(KeyError) {
        try self.init(pem: pem, source: "the public key text")
    }

    init(pem: String, source: String) throws(KeyError) {
        let parsed = try Ed25519.parsePublic(pem: pem, source: source)
        self.init(normalizedPEM: parsed.publicPEM, der: parsed.publicDER)
    }

    init(normalizedPEM: String, der: Data) {
        self.pem = normalizedPEM
        self.der = der
    }

    public static func load(path: String) throws(KeyError) -> PublicKey {
        try PublicKey(pem: KeyFile.readText(path: path), source: path)
    }

    /// True only if `signature` is a valid Ed25519 signature of exactly `message` by this key.
    func isValidSignature(_ signature: Data, for message: Data) -> Bool {
        Ed25519.verify(signature, message: message, publicDER: der)
    }

    /// Two encodings of the same key are the same key.
    public static func == (lhs: PublicKey, rhs: PublicKey) -> Bool {
        lhs.der == rhs.der
    }
}

extension PublicKey {
    /// Base64 of the SubjectPublicKeyInfo DER: the body of the `.pub` PEM on one line, as `gate/reviewers` lists keys.
    public var derBase64: String { der.base64EncodedString() }

    /// A key given as the base64 of its DER (a `gate/reviewers` entry); `source` names it in errors.
    public init(derBase64 text: String, source: String) throws(KeyError) {
        guard let der = Data(base64Encoded: text), !der.isEmpty else { throw .notPEM(source: source) }
        let body = der.base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
        try self.init(pem: "-----BEGIN PUBLIC KEY-----\n\(body)\n-----END PUBLIC KEY-----\n", source: source)
    }
}
