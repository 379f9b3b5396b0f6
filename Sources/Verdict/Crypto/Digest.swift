import COpenSSL
import Foundation

/// SHA-256 digests as lowercase hex, the form recorded in verdicts and key IDs.
public enum Digest {
    public static func sha256Hex(_ data: Data) -> String {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let succeeded = LibCrypto.withBytes(data) { bytes, count in
            EVP_Digest(bytes, count, &digest, &length, EVP_sha256(), nil)
        }
        // SHA-256 over memory only fails on allocation failure, which Swift treats as fatal anyway.
        precondition(succeeded == 1, "EVP_Digest(SHA-256) failed")
        return hexText(digest.prefix(Int(length)))
    }

    /// Hashes the file in fixed-size chunks so multi-gigabyte logs never sit in memory.
    package static func sha256Hex(fileAt path: String) throws(KeyError) -> String {
        guard let file = FileHandle(forReadingAtPath: path) else { throw .unreadable(path: path) }
        defer { try? file.close() }
        guard let context = EVP_MD_CTX_new() else { throw LibCrypto.failure("cannot allocate a digest context") }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1 else {
            throw LibCrypto.failure("cannot initialize SHA-256")
        }
        while true {
            let chunk: Data
            do {
                guard let next = try file.read(upToCount: chunkSize), !next.isEmpty else { break }
                chunk = next
            } catch {
                throw .unreadable(path: path)
            }
            let updated = chunk.withUnsafeBytes { EVP_DigestUpdate(context, $0.baseAddress, $0.count) }
            guard updated == 1 else { throw LibCrypto.failure("SHA-256 update failed") }
        }
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard EVP_DigestFinal_ex(context, &digest, &length) == 1 else {
            throw LibCrypto.failure("SHA-256 finalization failed")
        }
        return hexText(digest.prefix(Int(length)))
    }

    private static let chunkSize = 1 << 20

    static func hexText(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}

/// SHA-256 over bytes given piece by piece, for a digest taken while the bytes are copied, so that they are read once.
package final class SHA256Stream {
    private let context: OpaquePointer

    /// Nil when OpenSSL cannot allocate or start a digest.
    package init?() {
        guard let context = EVP_MD_CTX_new() else { return nil }
        guard EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1 else {
            EVP_MD_CTX_free(context)
            return nil
        }
        self.context = context
    }

    deinit { EVP_MD_CTX_free(context) }

    package func update(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.isEmpty || EVP_DigestUpdate(context, bytes.baseAddress, bytes.count) == 1
    }

    /// The digest as lowercase hex; the stream is spent.
    package func finish() -> String? {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard EVP_DigestFinal_ex(context, &digest, &length) == 1 else { return nil }
        return Digest.hexText(digest.prefix(Int(length)))
    }
}
