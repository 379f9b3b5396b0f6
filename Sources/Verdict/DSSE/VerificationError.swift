/// Why a verdict could not be read or trusted.
public enum VerificationError: Error, CustomStringConvertible, Equatable {
    case unreadable(path: String)
    /// The file is not JSON, or not shaped like a DSSE envelope.
    case malformed(path: String, reason: String)
    case wrongPayloadType(String)
    case noSignatures
    /// None of the signatures claims the trusted key; `found` lists the key IDs that do sign it.
    case keyMismatch(expected: String, found: [String])
    /// A signature claims the trusted key but does not verify: the payload or signature was altered.
    case badSignature
    /// Authentic, but the payload is not a cfa-gate in-toto statement this version understands.
    case statementMalformed(reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path):
            return "cannot read the verdict at \(path); check the path and that you may read it"
        case .malformed(let path, let reason):
            return "verdict at \(path) is \(reason) — was it truncated or edited? Re-run the gate to produce a fresh one"
        case .wrongPayloadType(let type):
            return "envelope payloadType is '\(type)', expected '\(DSSE.payloadType)'; this is not a cfa-gate verdict"
        case .noSignatures:
            return "verdict envelope has no signatures; re-run the gate with a signing key"
        case .keyMismatch(let expected, let found):
            let signers = found.isEmpty ? "no key" : found.joined(separator: ", ")
            return "verdict is signed by \(signers), not by the trusted key \(expected); "
                + "verify with the signer's public key or re-run the gate with the trusted key"
        case .badSignature:
            return "verdict signature does not match its contents; it was altered after signing — do not trust it, re-run the gate"
        case .statementMalformed(let reason):
            return "signed verdict payload is not a cfa-gate statement: \(reason); was it produced by a different tool or version?"
        }
    }
}
