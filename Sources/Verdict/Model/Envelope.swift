/// A DSSE envelope: a base64 payload plus signatures over its pre-authentication encoding.
public struct Envelope: Codable, Sendable, Equatable {
    /// One signature; `keyid` and `sig` are the field names the DSSE spec fixes.
    public struct Signature: Codable, Sendable, Equatable {
        public var keyid: String
        /// Base64 of the raw signature bytes.
        public var sig: String

        public init(keyid: String, sig: String) {
            self.keyid = keyid
            self.sig = sig
        }
    }

    public var payloadType: String
    /// Base64 of the serialized statement.
    public var payload: String
    public var signatures: [Signature]

    public init(payloadType: String, payload: String, signatures: [Signature]) {
        self.payloadType = payloadType
        self.payload = payload
        self.signatures = signatures
    }
}
