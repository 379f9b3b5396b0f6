import Foundation

/// Reads and writes verdict envelopes as pretty-printed JSON files.
public enum VerdictFile {
    /// Atomic: writes a temporary file in the same directory, fsyncs, renames; creates parent
    /// directories. On any failure nothing new (and no temporary file) is left at `path`;
    /// an existing verdict is replaced only on success.
    public static func write(_ envelope: Envelope, to path: String) throws(VerdictFileError) {
        let data = try encoded(envelope)
        do throws(AtomicFile.Failure) {
            try AtomicFile.publish(data, at: path, mode: 0o644, replacing: true)
        } catch {
            switch error {
            case .failed(let reason): throw .writeFailed(path: path, reason: reason)
            case .alreadyExists: throw .writeFailed(path: path, reason: "a file appeared at that path while writing")
            }
        }
    }

    /// The bytes `write` puts in a file: pretty-printed JSON and a final newline.
    public static func encoded(_ envelope: Envelope) throws(VerdictFileError) -> Data {
        var data: Data
        do {
            data = try VerdictCoding.encoder(.file).encode(envelope)
        } catch {
            throw .encodingFailed(reason: "\(error)")
        }
        data.append(UInt8(ascii: "\n"))
        return data
    }

    public static func read(path: String) throws(VerificationError) -> Envelope {
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable(path: path) }
        return try read(data, path: path)
    }

    /// The envelope in bytes already read from `path` (named in errors): to digest and verify the very same bytes.
    public static func read(_ data: Data, path: String) throws(VerificationError) -> Envelope {
        guard !data.isEmpty else { throw .malformed(path: path, reason: "empty") }
        // Parse twice so "not JSON" (truncation) and "JSON of the wrong shape" get different messages.
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw .malformed(path: path, reason: "not valid JSON")
        }
        let envelope: Envelope
        do {
            envelope = try VerdictCoding.decoder().decode(Envelope.self, from: data)
        } catch let error as DecodingError {
            throw .malformed(path: path, reason: "not a DSSE envelope (\(error.briefReason))")
        } catch {
            throw .malformed(path: path, reason: "not a DSSE envelope (\(error))")
        }
        guard DSSE.decodeBase64(envelope.payload) != nil else {
            throw .malformed(path: path, reason: "a DSSE envelope whose payload is not base64")
        }
        return envelope
    }
}
