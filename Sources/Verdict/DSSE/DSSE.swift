import Foundation

/// Dead Simple Signing Envelope (DSSE v1) over in-toto statements.
public enum DSSE {
    static let payloadType = "application/vnd.in-toto+json"

    /// The exact bytes that are signed: `"DSSEv1" SP LEN(type) SP type SP LEN(body) SP body`,
    /// lengths being ASCII decimal byte counts. Binding the type prevents a payload being
    /// reinterpreted as another kind of document.
    static func preAuthenticationEncoding(payloadType: String, payload: Data) -> Data {
        let type = Data(payloadType.utf8)
        var encoded = Data("DSSEv1 \(type.count) ".utf8)
        encoded.append(type)
        encoded.append(Data(" \(payload.count) ".utf8))
        encoded.append(payload)
        return encoded
    }

    public static func sign(statement: Statement, with key: SigningKey) throws(KeyError) -> Envelope {
        try signStatement(statement, with: key)
    }

    /// Signs any in-toto statement (a verdict, a review): the one place envelopes are made.
    static func signStatement(_ statement: some Encodable, with key: SigningKey) throws(KeyError) -> Envelope {
        let payload: Data
        do {
            payload = try VerdictCoding.encoder(.payload).encode(statement)
        } catch {
            // Unreachable with VerdictCoding's settings (non-finite doubles become strings).
            throw .crypto(reason: "cannot serialize the statement: \(error)")
        }
        let signature = try key.sign(preAuthenticationEncoding(payloadType: payloadType, payload: payload))
        return Envelope(
            payloadType: payloadType,
            payload: payload.base64EncodedString(),
            signatures: [Envelope.Signature(keyid: key.publicKey.keyID, sig: signature.base64EncodedString())]
        )
    }

    /// Returns the statement only if a signature by `key` verifies over the envelope's PAE.
    /// Signatures by other keys are ignored, so co-signed verdicts still open.
    public static func open(_ envelope: Envelope, trusting key: PublicKey) throws(VerificationError) -> Statement {
        try decodeStatement(verifiedPayload(envelope, trusting: key))
    }

    /// The payload bytes, only if a signature by `key` verifies over the envelope's PAE: shared by every
    /// statement kind, which then decodes and checks its own predicate type.
    static func verifiedPayload(_ envelope: Envelope, trusting key: PublicKey) throws(VerificationError) -> Data {
        guard envelope.payloadType == payloadType else { throw .wrongPayloadType(envelope.payloadType) }
        guard !envelope.signatures.isEmpty else { throw .noSignatures }
        let keyID = key.keyID
        let claimed = envelope.signatures.filter { $0.keyid == keyID }
        guard !claimed.isEmpty else {
            throw .keyMismatch(expected: keyID, found: envelope.signatures.map(\.keyid))
        }
        guard let payload = decodeBase64(envelope.payload) else {
            throw .statementMalformed(reason: "payload is not base64")
        }
        let signedBytes = preAuthenticationEncoding(payloadType: envelope.payloadType, payload: payload)
        let verified = claimed.contains { signature in
            decodeBase64(signature.sig).map { key.isValidSignature($0, for: signedBytes) } ?? false
        }
        guard verified else { throw .badSignature }
        return payload
    }

    /// The statement inside an envelope, with no signature checked: for showing a verdict to a person,
    /// never for trusting it (that is `open`).
    public static func unverifiedStatement(in envelope: Envelope) throws(VerificationError) -> Statement {
        guard envelope.payloadType == payloadType else { throw .wrongPayloadType(envelope.payloadType) }
        guard let payload = decodeBase64(envelope.payload) else {
            throw .statementMalformed(reason: "payload is not base64")
        }
        return try decodeStatement(payload)
    }

    private static func decodeStatement(_ payload: Data) throws(VerificationError) -> Statement {
        let statement: Statement
        do {
            statement = try VerdictCoding.decoder().decode(Statement.self, from: payload)
        } catch let error as DecodingError {
            throw .statementMalformed(reason: error.briefReason)
        } catch {
            throw .statementMalformed(reason: "\(error)")
        }
        guard statement.type == Statement.type else {
            throw .statementMalformed(reason: "_type is '\(statement.type)', expected '\(Statement.type)'")
        }
        guard statement.predicateType == Statement.predicateType else {
            throw .statementMalformed(
                reason: "predicateType is '\(statement.predicateType)', expected '\(Statement.predicateType)'")
        }
        return statement
    }

    /// DSSE allows standard or URL-safe base64, padded or not.
    static func decodeBase64(_ text: String) -> Data? {
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        let remainder = standard.utf8.count % 4
        if remainder != 0 { standard += String(repeating: "=", count: 4 - remainder) }
        return Data(base64Encoded: standard)
    }
}
