import COpenSSL
import Foundation

/// Memory-BIO and error-queue plumbing shared by the libcrypto call sites; nothing here escapes a function.
enum LibCrypto {
    /// Empties libcrypto's thread-local error queue into one line; stale entries would otherwise
    /// be blamed on a later, unrelated call.
    static func failure(_ what: String) -> KeyError {
        var details: [String] = []
        while case let code = ERR_get_error(), code != 0 {
            var buffer = [CChar](repeating: 0, count: 256)
            ERR_error_string_n(code, &buffer, buffer.count)
            details.append(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return .crypto(reason: details.isEmpty ? what : "\(what): \(details.joined(separator: "; "))")
    }

    /// Discards queued errors after an expected failure (e.g. parsing text that is not a key).
    static func clearErrors() {
        ERR_clear_error()
    }

    /// Calls `body` with a read-only memory BIO over `bytes`; the BIO is freed before returning.
    static func withReadBIO<Result>(_ bytes: Data, _ body: (OpaquePointer) -> Result?) -> Result? {
        guard !bytes.isEmpty, bytes.count <= Int(Int32.max) else { return nil }
        return bytes.withUnsafeBytes { raw -> Result? in
            guard let bio = BIO_new_mem_buf(raw.baseAddress, Int32(raw.count)) else { return nil }
            defer { BIO_free(bio) }
            return body(bio)
        }
    }

    /// Lets `write` fill a memory BIO (it must return 1 on success) and returns what it wrote.
    static func collect(_ what: String, _ write: (OpaquePointer) -> Int32) throws(KeyError) -> Data {
        guard let bio = BIO_new(BIO_s_mem()) else { throw failure("cannot allocate a memory BIO") }
        defer { BIO_free(bio) }
        guard write(bio) == 1 else { throw failure(what) }
        let pending = Int(BIO_ctrl_pending(bio))
        var output = Data(count: pending)
        let read = output.withUnsafeMutableBytes { BIO_read(bio, $0.baseAddress, Int32(pending)) }
        guard read == Int32(pending) else { throw failure("\(what): short read from memory BIO") }
        return output
    }

    /// Calls `body` with a pointer that is valid even for empty data (some EVP calls reject NULL).
    static func withBytes<Result>(_ data: Data, _ body: (UnsafePointer<UInt8>, Int) -> Result) -> Result {
        if data.isEmpty {
            var placeholder: UInt8 = 0
            return body(&placeholder, 0)
        }
        return data.withUnsafeBytes { raw in
            body(raw.baseAddress!.assumingMemoryBound(to: UInt8.self), raw.count)
        }
    }
}
