#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// File access for key material, mapped onto `KeyError`.
enum KeyFile {
    /// The most a key file may hold: a PEM private key is a few hundred bytes.
    static let maximumSize = 64 << 10

    /// The file's bytes, read with `read(2)` straight into protected memory (no Foundation copy is left behind).
    static func readProtected(path: String) throws(KeyError) -> ProtectedBytes {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable(path: path) }
        defer { close(descriptor) }
        let bytes = ProtectedBytes(capacity: maximumSize) { memory in
            var total = 0
            while total < memory.count {
                let got = read(descriptor, memory.baseAddress! + total, memory.count - total)
                if got < 0 && errno == EINTR { continue }
                guard got >= 0 else { return nil }
                if got == 0 { return total }
                total += got
            }
            return nil  // larger than any key file
        }
        guard let bytes else { throw .unreadable(path: path) }
        return bytes
    }

    static func readText(path: String) throws(KeyError) -> String {
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable(path: path) }
        guard let text = String(data: data, encoding: .utf8) else { throw .notPEM(source: path) }
        return text
    }

    /// A friendly early check; `AtomicFile`'s `link` still refuses if something appears meanwhile.
    static func exists(_ path: String) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: path)) != nil
    }

    static func store(_ data: Data, at path: String, mode: UInt16, replacing: Bool) throws(KeyError) {
        do throws(AtomicFile.Failure) {
            try AtomicFile.publish(data, at: path, mode: mode, replacing: replacing)
        } catch {
            switch error {
            case .alreadyExists: throw .alreadyExists(path: path)
            case .failed(let reason): throw .writeFailed(path: path, reason: reason)
            }
        }
    }

    static func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }
}
