import Foundation
import Testing
@testable import Verdict

@Suite("DSSE pre-authentication encoding")
struct PreAuthenticationEncodingTests {
    @Test("matches the DSSE spec example byte for byte")
    func specExample() {
        let encoded = DSSE.preAuthenticationEncoding(
            payloadType: "http://example.com/HelloWorld", payload: Data("hello world".utf8))
        #expect(encoded == Data("DSSEv1 29 http://example.com/HelloWorld 11 hello world".utf8))
    }

    @Test("lengths count UTF-8 bytes, not characters")
    func byteLengths() {
        let encoded = DSSE.preAuthenticationEncoding(payloadType: "t/é", payload: Data("ü".utf8))
        #expect(encoded == Data("DSSEv1 4 t/é 2 ü".utf8))
    }

    @Test("empty payload still carries its zero length")
    func emptyPayload() {
        let encoded = DSSE.preAuthenticationEncoding(payloadType: "x", payload: Data())
        #expect(encoded == Data("DSSEv1 1 x 0 ".utf8))
    }
}
