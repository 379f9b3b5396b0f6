import Foundation
import Testing
@testable import Verdict

@Suite("Ed25519 keys")
struct SigningKeyTests {
    @Test("keyID is the hex SHA-256 of the SubjectPublicKeyInfo DER")
    func keyIDIsDigestOfDER() throws {
        let key = try SigningKey.generate()
        #expect(key.publicKey.der.count == 44)  // Ed25519 SPKI: 12-byte header + 32-byte key
        #expect(key.publicKey.keyID == Digest.sha256Hex(key.publicKey.der))
        #expect(key.publicKey.keyID.count == 64)
    }

    @Test("keyID and DER agree with the openssl CLI")
    func derMatchesOpenSSL() throws {
        let directory = try TemporaryDirectory()
        let key = try SigningKey.generate()
        let path = directory.file("key.pem")
        try key.write(to: path, overwrite: false)
        let der = try OpenSSLCommand.succeed(["pkey", "-in", path, "-pubout", "-outform", "DER"]).standardOutput
        #expect(der == key.publicKey.der)
        let digest = try OpenSSLCommand.succeed(["dgst", "-sha256", "-r", "-"], input: der)
        #expect(digest.text.hasPrefix(key.publicKey.keyID + " "))
    }

    @Test("generated keys are PKCS#8 PEM and differ each time")
    func generatesPKCS8() throws {
        let first = try SigningKey.generate()
        let second = try SigningKey.generate()
        #expect(String(decoding: try Ed25519.privatePEM(first.privateKey), as: UTF8.self).hasPrefix("-----BEGIN PRIVATE KEY-----\n"))
        #expect(first.publicKey.pem.hasPrefix("-----BEGIN PUBLIC KEY-----\n"))
        #expect(first.publicKey != second.publicKey)
    }

    @Test("the public half given as the private key says so and names the private one")
    func publicHalfIsNamed() throws {
        let key = try SigningKey.generate()
        #expect(throws: KeyError.publicHalf(source: "the private key text")) { try SigningKey(pem: key.publicKey.pem) }
        let message = KeyError.publicHalf(source: "ci.pem.pub").description
        #expect(message.hasPrefix("ci.pem.pub is a public key"))
        #expect(message.contains("`--key` takes the private key") && message.contains("cfa-gate keygen"))
        #expect(throws: KeyError.notPEM(source: "the private key text")) { try SigningKey(pem: "not a key") }
    }

    @Test("a key survives a PEM round trip")
    func pemRoundTrip() throws {
        let key = try SigningKey.generate()
        let reloaded = try SigningKey(pem: String(decoding: try Ed25519.privatePEM(key.privateKey), as: UTF8.self))
        #expect(reloaded.publicKey == key.publicKey)
        #expect(try PublicKey(pem: key.publicKey.pem) == key.publicKey)
    }

    @Test("the running key is its raw 32 bytes, loaded from a file through protected memory")
    func rawKeyInProtectedMemory() throws {
        let key = try SigningKey.generate()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString).path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try key.write(to: "\(directory)/key.pem", overwrite: false)
        let loaded = try SigningKey.load(path: "\(directory)/key.pem")
        #expect(loaded.privateKey.count == 32)
        #expect(loaded.publicKey == key.publicKey)
        #expect(try loaded.sign(Data("m".utf8)) == key.sign(Data("m".utf8)))
    }

    @Test("signatures are deterministic Ed25519 and bound to the message")
    func signAndVerify() throws {
        let key = try SigningKey.generate()
        let message = Data("message".utf8)
        let signature = try key.sign(message)
        #expect(signature.count == 64)
        #expect(try key.sign(message) == signature)
        #expect(key.publicKey.isValidSignature(signature, for: message))
        #expect(!key.publicKey.isValidSignature(signature, for: Data("messagE".utf8)))
        #expect(!key.publicKey.isValidSignature(Data(signature.dropLast()), for: message))
        #expect(!(try SigningKey.generate()).publicKey.isValidSignature(signature, for: message))
        #expect(key.publicKey.isValidSignature(try key.sign(Data()), for: Data()))
    }

    @Test("write creates the private key 0600 and the public key 0644, interoperating with openssl")
    func writeAndInteroperate() throws {
        let directory = try TemporaryDirectory()
        let key = try SigningKey.generate()
        let path = directory.file("nested/dir/key.pem")
        try key.write(to: path, overwrite: false)

        #expect(try permissions(path) == 0o600)
        #expect(try permissions(path + ".pub") == 0o644)
        #expect(try directory.contents() == ["nested"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.file("nested/dir")).sorted()
            == ["key.pem", "key.pem.pub"])

        let derivedPublic = try OpenSSLCommand.succeed(["pkey", "-in", path, "-pubout"]).text
        #expect(derivedPublic == (try String(contentsOfFile: path + ".pub", encoding: .utf8)))

        let pae = DSSE.preAuthenticationEncoding(payloadType: DSSE.payloadType, payload: Data("{}".utf8))
        try pae.write(to: URL(fileURLWithPath: directory.file("pae.bin")))
        try key.sign(pae).write(to: URL(fileURLWithPath: directory.file("sig.bin")))
        let verified = try OpenSSLCommand.run([
            "pkeyutl", "-verify", "-pubin", "-inkey", path + ".pub", "-rawin",
            "-in", directory.file("pae.bin"), "-sigfile", directory.file("sig.bin"),
        ])
        #expect(verified.status == 0, "\(verified.standardError)")

        let reloaded = try SigningKey.load(path: path)
        #expect(reloaded.publicKey == key.publicKey)
        #expect(try PublicKey.load(path: path + ".pub") == key.publicKey)
    }

    @Test("a signature made by openssl verifies with our public key")
    func opensslSignatureVerifies() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("cli.pem")
        try OpenSSLCommand.succeed(["genpkey", "-algorithm", "ed25519", "-out", path])
        let message = Data("signed elsewhere".utf8)
        try message.write(to: URL(fileURLWithPath: directory.file("msg.bin")))
        let signature = try OpenSSLCommand.succeed([
            "pkeyutl", "-sign", "-inkey", path, "-rawin", "-in", directory.file("msg.bin"),
        ]).standardOutput
        let key = try SigningKey.load(path: path)
        #expect(key.publicKey.isValidSignature(signature, for: message))
        #expect(try key.sign(message) == signature)  // Ed25519 is deterministic
    }

    @Test("write refuses to overwrite either file unless asked")
    func refusesOverwrite() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("key.pem")
        let original = try SigningKey.generate()
        try original.write(to: path, overwrite: false)
        let replacement = try SigningKey.generate()

        #expect(throws: KeyError.alreadyExists(path: path)) {
            try replacement.write(to: path, overwrite: false)
        }
        try FileManager.default.removeItem(atPath: path)
        #expect(throws: KeyError.alreadyExists(path: path + ".pub")) {
            try replacement.write(to: path, overwrite: false)
        }
        #expect(try directory.contents() == ["key.pem.pub"])  // nothing half-written
        #expect(try PublicKey.load(path: path + ".pub") == original.publicKey)
    }

    @Test("overwrite replaces both files and tightens a loose existing mode to 0600")
    func overwriteReplaces() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("key.pem")
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: path)
        let key = try SigningKey.generate()
        try key.write(to: path, overwrite: true)
        #expect(try permissions(path) == 0o600)
        #expect(try SigningKey.load(path: path).publicKey == key.publicKey)
        #expect(try directory.contents() == ["key.pem", "key.pem.pub"])
    }

    @Test("non-Ed25519 keys from openssl are rejected as notEd25519", arguments: [
        ["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:1024"],
        ["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256"],
        ["genpkey", "-algorithm", "ed448"],
    ])
    func rejectsOtherAlgorithms(generate: [String]) throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("other.pem")
        try OpenSSLCommand.succeed(generate + ["-out", path])
        #expect(throws: KeyError.notEd25519(source: path)) { try SigningKey.load(path: path) }

        try OpenSSLCommand.succeed(["pkey", "-in", path, "-pubout", "-out", path + ".pub"])
        #expect(throws: KeyError.notEd25519(source: path + ".pub")) { try PublicKey.load(path: path + ".pub") }
    }

    @Test("text that is not a PEM key is notPEM")
    func rejectsNonPEM() throws {
        #expect(throws: KeyError.notPEM(source: "the private key text")) { try SigningKey(pem: "hello") }
        #expect(throws: KeyError.notPEM(source: "the private key text")) { try SigningKey(pem: "") }
        let publicPEM = try SigningKey.generate().publicKey.pem
        #expect(throws: KeyError.publicHalf(source: "the private key text")) { try SigningKey(pem: publicPEM) }
        #expect(throws: KeyError.notPEM(source: "the public key text")) { try PublicKey(pem: "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n") }
    }

    @Test("a passphrase-protected key is a clear error, never a terminal prompt")
    func rejectsEncrypted() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("locked.pem")
        try OpenSSLCommand.succeed(["genpkey", "-algorithm", "ed25519", "-aes256", "-pass", "pass:secret", "-out", path])
        #expect(throws: KeyError.encrypted(source: path)) { try SigningKey.load(path: path) }
    }

    @Test("a missing key file is unreadable")
    func missingFile() {
        #expect(throws: KeyError.unreadable(path: "/nonexistent/key.pem")) { try SigningKey.load(path: "/nonexistent/key.pem") }
        #expect(throws: KeyError.unreadable(path: "/nonexistent/key.pub")) { try PublicKey.load(path: "/nonexistent/key.pub") }
    }

    @Test("printing a signing key never reveals the private key")
    func redactedDescription() throws {
        let key = try SigningKey.generate()
        for rendered in [String(describing: key), String(reflecting: key), dumped(key)] {
            #expect(!rendered.contains("PRIVATE"))
            #expect(rendered.contains(key.publicKey.keyID))
        }
    }

    @Test("error descriptions are one line naming the path")
    func errorDescriptions() {
        let errors: [KeyError] = [
            .unreadable(path: "/k"), .notPEM(source: "/k"), .notEd25519(source: "/k"), .encrypted(source: "/k"),
            .writeFailed(path: "/k", reason: "Permission denied"), .alreadyExists(path: "/k"), .crypto(reason: "x"),
        ]
        for error in errors {
            #expect(!error.description.contains("\n"))
            if error != .crypto(reason: "x") { #expect(error.description.contains("/k")) }
        }
    }

    private func permissions(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return try #require(attributes[.posixPermissions] as? Int) & 0o777
    }

    private func dumped(_ key: SigningKey) -> String {
        var text = ""
        dump(key, to: &text)
        return text
    }
}
