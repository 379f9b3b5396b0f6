import COpenSSL
import Foundation

/// Every EVP_PKEY in the module is created and freed here; callers only see PEM/DER bytes.
enum Ed25519 {
    /// Normalized encodings of one key pair's public half (and the raw private key, when known).
    struct Encodings {
        var privateKey: ProtectedBytes?
        var publicPEM: String
        /// SubjectPublicKeyInfo DER.
        var publicDER: Data
    }

    static func generate() throws(KeyError) -> Encodings {
        guard let context = EVP_PKEY_CTX_new_id(EVP_PKEY_ED25519, nil) else {
            throw LibCrypto.failure("cannot create an Ed25519 key-generation context")
        }
        defer { EVP_PKEY_CTX_free(context) }
        var key: OpaquePointer?
        guard EVP_PKEY_keygen_init(context) == 1, EVP_PKEY_keygen(context, &key) == 1, let key else {
            throw LibCrypto.failure("Ed25519 key generation failed")
        }
        defer { EVP_PKEY_free(key) }
        return try encodings(of: key, includingPrivate: true)
    }

    /// Parses any private key OpenSSL understands, then insists on Ed25519 so other algorithms get a clear error.
    static func parsePrivate(pem: UnsafeRawBufferPointer, source: String) throws(KeyError) -> Encodings {
        // Caught up front for a clear message; `refusePassphrase` keeps OpenSSL off the terminal regardless.
        if contains(pem, "ENCRYPTED") { throw .encrypted(source: source) }
        guard pem.count > 0, pem.count <= Int(Int32.max), let bio = BIO_new_mem_buf(pem.baseAddress, Int32(pem.count)) else {
            throw .notPEM(source: source)
        }
        let key = PEM_read_bio_PrivateKey(bio, nil, refusePassphrase, nil)
        BIO_free(bio)
        guard let key else {
            LibCrypto.clearErrors()
            // The other half of a key pair is the likeliest mix-up: say so instead of "no PEM key".
            throw contains(pem, "BEGIN PUBLIC KEY") ? .publicHalf(source: source) : .notPEM(source: source)
        }
        defer { EVP_PKEY_free(key) }
        guard EVP_PKEY_get_base_id(key) == EVP_PKEY_ED25519 else { throw .notEd25519(source: source) }
        return try encodings(of: key, includingPrivate: true)
    }

    static func parsePublic(pem: String, source: String) throws(KeyError) -> Encodings {
        let key = LibCrypto.withReadBIO(Data(pem.utf8)) { bio in
            PEM_read_bio_PUBKEY(bio, nil, refusePassphrase, nil)
        }
        guard let key else {
            LibCrypto.clearErrors()
            throw .notPEM(source: source)
        }
        defer { EVP_PKEY_free(key) }
        guard EVP_PKEY_get_base_id(key) == EVP_PKEY_ED25519 else { throw .notEd25519(source: source) }
        return try encodings(of: key, includingPrivate: false)
    }

    /// Whether `text` occurs in `bytes`.
    private static func contains(_ bytes: UnsafeRawBufferPointer, _ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard bytes.count >= needle.count else { return false }
        return (0...(bytes.count - needle.count)).contains { start in needle.indices.allSatisfy { bytes[start + $0] == needle[$0] } }
    }

    /// The key libcrypto builds from the raw private key for one use, freed (and its copy cleared) after `body`.
    static func withKey<Result>(_ privateKey: ProtectedBytes, _ body: (OpaquePointer) throws(KeyError) -> Result) throws(KeyError) -> Result {
        let key = try privateKey.withBytes { raw in
            EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, nil, raw.baseAddress?.assumingMemoryBound(to: UInt8.self), raw.count)
        }
        guard let key else { throw LibCrypto.failure("cannot rebuild the signing key") }
        defer { EVP_PKEY_free(key) }
        return try body(key)
    }

    /// The key's PKCS#8 PEM text, for writing a key file (`keygen`); the running gate never holds it.
    static func privatePEM(_ privateKey: ProtectedBytes) throws(KeyError) -> Data {
        try withKey(privateKey) { key throws(KeyError) in
            try LibCrypto.collect("cannot encode the private key as PKCS#8 PEM") { bio in PEM_write_bio_PrivateKey(bio, key, nil, nil, 0, nil, nil) }
        }
    }

    /// Pure Ed25519 is one-shot: no digest is configured and the whole message is passed at once.
    static func sign(_ message: Data, privateKey: ProtectedBytes) throws(KeyError) -> Data {
        try withKey(privateKey) { key throws(KeyError) in try sign(message, key: key) }
    }

    private static func sign(_ message: Data, key: OpaquePointer) throws(KeyError) -> Data {
        guard let context = EVP_MD_CTX_new() else { throw LibCrypto.failure("cannot allocate a signing context") }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestSignInit(context, nil, nil, nil, key) == 1 else {
            throw LibCrypto.failure("cannot initialize Ed25519 signing")
        }
        var length = 0
        let sized = LibCrypto.withBytes(message) { bytes, count in
            EVP_DigestSign(context, nil, &length, bytes, count)
        }
        guard sized == 1 else { throw LibCrypto.failure("cannot size the Ed25519 signature") }
        var signature = Data(count: length)
        let signed = signature.withUnsafeMutableBytes { output in
            LibCrypto.withBytes(message) { bytes, count in
                EVP_DigestSign(context, output.baseAddress!.assumingMemoryBound(to: UInt8.self), &length, bytes, count)
            }
        }
        guard signed == 1 else { throw LibCrypto.failure("Ed25519 signing failed") }
        return signature.prefix(length)
    }

    static func verify(_ signature: Data, message: Data, publicDER: Data) -> Bool {
        defer { LibCrypto.clearErrors() }  // a bad signature queues errors nobody will read
        let key = publicDER.withUnsafeBytes { raw -> OpaquePointer? in
            guard raw.count > 0 else { return nil }
            var cursor: UnsafePointer<UInt8>? = raw.baseAddress?.assumingMemoryBound(to: UInt8.self)
            return d2i_PUBKEY(nil, &cursor, raw.count)
        }
        guard let key else { return false }
        defer { EVP_PKEY_free(key) }
        guard EVP_PKEY_get_base_id(key) == EVP_PKEY_ED25519, let context = EVP_MD_CTX_new() else { return false }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestVerifyInit(context, nil, nil, nil, key) == 1 else { return false }
        let verified = LibCrypto.withBytes(signature) { signatureBytes, signatureCount in
            LibCrypto.withBytes(message) { messageBytes, messageCount in
                EVP_DigestVerify(context, signatureBytes, signatureCount, messageBytes, messageCount)
            }
        }
        return verified == 1
    }

    private static func encodings(of key: OpaquePointer, includingPrivate: Bool) throws(KeyError) -> Encodings {
        var privateKey: ProtectedBytes?
        if includingPrivate {
            // Straight from libcrypto into memory of its own: the raw 32 bytes, never a PEM or DER copy.
            privateKey = ProtectedBytes(capacity: 64) { memory in
                var length = memory.count
                let got = EVP_PKEY_get_raw_private_key(key, memory.baseAddress?.assumingMemoryBound(to: UInt8.self), &length)
                return got == 1 ? length : nil
            }
            guard privateKey != nil else { throw LibCrypto.failure("cannot read the raw private key") }
        }
        let publicPEM = try LibCrypto.collect("cannot encode the public key as PEM") { bio in
            PEM_write_bio_PUBKEY(bio, key)
        }
        let derLength = i2d_PUBKEY(key, nil)
        guard derLength > 0 else { throw LibCrypto.failure("cannot encode the public key as DER") }
        var der = Data(count: Int(derLength))
        let written = der.withUnsafeMutableBytes { raw -> Int32 in
            var cursor = raw.baseAddress?.assumingMemoryBound(to: UInt8.self)
            return i2d_PUBKEY(key, &cursor)
        }
        guard written == derLength else { throw LibCrypto.failure("cannot encode the public key as DER") }
        return Encodings(privateKey: privateKey, publicPEM: String(decoding: publicPEM, as: UTF8.self), publicDER: der)
    }
}

/// Declines every passphrase request so decoding an encrypted key fails instead of reading the terminal.
private func refusePassphrase(
    _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int32, _ forWriting: Int32, _ context: UnsafeMutableRawPointer?
) -> Int32 {
    0
}
