import COpenSSL
import Foundation

/// HMAC-SHA256, for authenticating data the gate wrote and reads back later (the analysis cache).
public enum MessageAuthentication {
    public static func hmacSHA256(key: [UInt8], _ data: UnsafeRawBufferPointer) -> [UInt8] {
        var tag = [UInt8](repeating: 0, count: 32)
        var length = 0
        let made = key.withUnsafeBytes { keyBytes in
            EVP_Q_mac(
                nil, "HMAC", nil, "SHA256", nil, keyBytes.baseAddress, keyBytes.count,
                data.baseAddress?.assumingMemoryBound(to: UInt8.self), data.count, &tag, tag.count, &length)
        }
        // HMAC over memory only fails when OpenSSL cannot allocate, which Swift treats as fatal anyway.
        precondition(made != nil && length == 32, "HMAC-SHA256 failed")
        return tag
    }
}
