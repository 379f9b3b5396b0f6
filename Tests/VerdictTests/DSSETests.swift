import Foundation
import Testing
@testable import Verdict

@Suite("DSSE sign and open")
struct DSSETests {
    let key: SigningKey
    let envelope: Envelope

    init() throws {
        key = try SigningKey.generate()
        envelope = try DSSE.sign(statement: Fixtures.statement(), with: key)
    }

    @Test("sign then open returns the same statement")
    func roundTrip() throws {
        #expect(envelope.payloadType == "application/vnd.in-toto+json")
        #expect(envelope.signatures.map(\.keyid) == [key.publicKey.keyID])
        let opened = try DSSE.open(envelope, trusting: key.publicKey)
        #expect(opened == Fixtures.statement())
    }

    @Test("the signature covers the PAE of the decoded payload")
    func signatureCoversPAE() throws {
        let payload = try #require(Data(base64Encoded: envelope.payload))
        let signature = try #require(Data(base64Encoded: envelope.signatures[0].sig))
        #expect(signature.count == 64)
        let pae = DSSE.preAuthenticationEncoding(payloadType: DSSE.payloadType, payload: payload)
        #expect(key.publicKey.isValidSignature(signature, for: pae))
        #expect(!key.publicKey.isValidSignature(signature, for: payload))
    }

    @Test("the payload is compact JSON with sorted keys")
    func compactPayload() throws {
        let payload = try #require(Data(base64Encoded: envelope.payload))
        let text = String(decoding: payload, as: UTF8.self)
        #expect(!text.contains("\n"))
        #expect(text.hasPrefix(#"{"_type":"https://in-toto.io/Statement/v1","predicate":{"#))
    }

    @Test("a flipped byte in any position of the payload is rejected", arguments: [0, 17, 200])
    func tamperedPayload(position: Int) throws {
        var payload = try #require(Data(base64Encoded: envelope.payload))
        payload[position] ^= 0x01
        var tampered = envelope
        tampered.payload = payload.base64EncodedString()
        #expect(throws: VerificationError.badSignature) {
            try DSSE.open(tampered, trusting: key.publicKey)
        }
    }

    @Test("a flipped byte in the signature is rejected", arguments: [0, 31, 63])
    func tamperedSignature(position: Int) throws {
        var signature = try #require(Data(base64Encoded: envelope.signatures[0].sig))
        signature[position] ^= 0x80
        var tampered = envelope
        tampered.signatures[0].sig = signature.base64EncodedString()
        #expect(throws: VerificationError.badSignature) {
            try DSSE.open(tampered, trusting: key.publicKey)
        }
    }

    @Test("a changed payloadType is rejected before anything else")
    func wrongPayloadType() {
        var changed = envelope
        changed.payloadType = "application/json"
        #expect(throws: VerificationError.wrongPayloadType("application/json")) {
            try DSSE.open(changed, trusting: key.publicKey)
        }
    }

    @Test("a wrong key is rejected with keyMismatch listing the keyids found")
    func wrongKey() throws {
        let other = try SigningKey.generate()
        #expect(throws: VerificationError.keyMismatch(expected: other.publicKey.keyID, found: [key.publicKey.keyID])) {
            try DSSE.open(envelope, trusting: other.publicKey)
        }
    }

    @Test("a signature relabelled with the trusted keyid still fails verification")
    func forgedKeyID() throws {
        let other = try SigningKey.generate()
        var forged = envelope
        forged.signatures[0].keyid = other.publicKey.keyID
        #expect(throws: VerificationError.badSignature) {
            try DSSE.open(forged, trusting: other.publicKey)
        }
    }

    @Test("an envelope without signatures is rejected")
    func unsigned() {
        var unsigned = envelope
        unsigned.signatures = []
        #expect(throws: VerificationError.noSignatures) {
            try DSSE.open(unsigned, trusting: key.publicKey)
        }
    }

    @Test("a co-signature by another key does not prevent opening")
    func coSigned() throws {
        var coSigned = envelope
        coSigned.signatures.insert(Envelope.Signature(keyid: "someone-else", sig: "AAAA"), at: 0)
        #expect(try DSSE.open(coSigned, trusting: key.publicKey) == Fixtures.statement())
    }

    @Test("URL-safe unpadded base64 is accepted, as DSSE allows")
    func urlSafeBase64() throws {
        func urlSafe(_ text: String) -> String {
            text.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
        }
        var converted = envelope
        converted.payload = urlSafe(envelope.payload)
        converted.signatures[0].sig = urlSafe(envelope.signatures[0].sig)
        #expect(try DSSE.open(converted, trusting: key.publicKey) == Fixtures.statement())
    }

    @Test("an authentic payload of another predicate type is statementMalformed")
    func otherPredicateType() throws {
        var statement = Fixtures.statement()
        statement.predicateType = "https://slsa.dev/provenance/v1"
        let signed = try DSSE.sign(statement: statement, with: key)
        #expect(throws: VerificationError.self) {
            try DSSE.open(signed, trusting: key.publicKey)
        }
        do {
            _ = try DSSE.open(signed, trusting: key.publicKey)
        } catch {
            guard case .statementMalformed(let reason) = error else {
                Issue.record("expected statementMalformed, got \(error)")
                return
            }
            #expect(reason.contains("predicateType"))
        }
    }

    @Test("an authentic payload that is not a statement is statementMalformed naming the field")
    func signedGarbage() throws {
        let payload = Data(#"{"_type":"https://in-toto.io/Statement/v1"}"#.utf8)
        let signature = try key.sign(DSSE.preAuthenticationEncoding(payloadType: DSSE.payloadType, payload: payload))
        let envelope = Envelope(
            payloadType: DSSE.payloadType, payload: payload.base64EncodedString(),
            signatures: [Envelope.Signature(keyid: key.publicKey.keyID, sig: signature.base64EncodedString())])
        #expect(throws: VerificationError.statementMalformed(reason: "missing field 'subject'")) {
            try DSSE.open(envelope, trusting: key.publicKey)
        }
    }
}
