import COpenSSL
import Foundation

/// Every EVP_PKEY in the module is created and freed here; callers only see PEM/DER bytes.
enum Ed25519 {
    /// Normalized encodings of one key pair's public half (and private half, when known).
    struct Encodings {
        var privatePEM: String?
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
    static func parsePrivate(pem: String, source: String) throws(KeyError) -> Encodings {
        // Caught up front for a clear message; `refusePassphrase` keeps OpenSSL off the terminal regardless.
        if pem.contains("ENCRYPTED") { throw .encrypted(source: source) }
        let key = LibCrypto.withReadBIO(Data(pem.utf8)) { bio in
            PEM_read_bio_PrivateKey(bio, nil, refusePassphrase, nil)
        }
        guard let key else {
            LibCrypto.clearErrors()
            throw .notPEM(source: source)
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

    /// Pure Ed25519 is one-shot: no digest is configured and the whole message is passed at once.
    static func sign(_ message: Data, privatePEM: String) throws(KeyError) -> Data {
        let key = LibCrypto.withReadBIO(Data(privatePEM.utf8)) { bio in
            PEM_read_bio_PrivateKey(bio, nil, refusePassphrase, nil)
        }
        guard let key else { throw LibCrypto.failure("cannot re-read the signing key") }
        defer { EVP_PKEY_free(key) }
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
        var privatePEM: String?
        if includingPrivate {
            // PEM_write_bio_PrivateKey emits unencrypted PKCS#8 ("BEGIN PRIVATE KEY").
            let pem = try LibCrypto.collect("cannot encode the private key as PKCS#8 PEM") { bio in
                PEM_write_bio_PrivateKey(bio, key, nil, nil, 0, nil, nil)
            }
            privatePEM = String(decoding: pem, as: UTF8.self)
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
        return Encodings(privatePEM: privatePEM, publicPEM: String(decoding: publicPEM, as: UTF8.self), publicDER: der)
    }
}

/// Declines every passphrase request so decoding an encrypted key fails instead of reading the terminal.
private func refusePassphrase(
    _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int32, _ forWriting: Int32, _ context: UnsafeMutableRawPointer?
) -> Int32 {
    0
}
