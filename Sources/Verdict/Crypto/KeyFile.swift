import Foundation

/// File access for key material, mapped onto `KeyError`.
enum KeyFile {
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
