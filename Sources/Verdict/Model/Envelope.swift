/// A DSSE envelope: a base64 payload plus signatures over its pre-authentication encoding.
public struct Envelope: Codable, Sendable, Equatable {
    /// One signature; `keyid` and `sig` are the field names the DSSE spec fixes.
    struct Signature: Codable, Sendable, Equatable {
        var keyid: String
        /// Base64 of the raw signature bytes.
        var sig: String

        init(keyid: String, sig: String) {
            self.keyid = keyid
            self.sig = sig
        }
    }

    var payloadType: String
    /// Base64 of the serialized statement.
    var payload: String
    var signatures: [Signature]

    init(payloadType: String, payload: String, signatures: [Signature]) {
        self.payloadType = payloadType
        self.payload = payload
        self.signatures = signatures
    }
}
