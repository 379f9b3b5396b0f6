import Foundation
import Testing
@testable import GateEngine
@testable import Verdict

/// `gate/reviewers`: one `NAME KEY [items=N,…]` per line; anything else stops with the line named.
struct ReviewerListTests {
    private let alice = try! SigningKey.generate().publicKey
    private let bob = try! SigningKey.generate().publicKey

    @Test func readsNamesKeysItemsAndComments() throws {
        let list = try ReviewerList.parse(
            "# who may sign\n\nalice \(alice.derBase64)   # lead\nbob\t\(bob.derBase64) items=26,27\n", path: "gate/reviewers")
        #expect(list.reviewers.map(\.name) == ["alice", "bob"])
        #expect(list.reviewers.map(\.line) == [3, 4])
        #expect(list.reviewer(keyID: alice.keyID)?.items == nil)
        #expect(list.reviewer(keyID: bob.keyID)?.items == [26, 27])
        #expect(list.reviewer(keyID: bob.keyID)?.mayReview(27) == true)
        #expect(list.reviewer(keyID: bob.keyID)?.mayReview(3) == false)
    }

    @Test func aMalformedLineIsAnErrorNamingIt() {
        func failure(_ text: String) -> String {
            do {
                _ = try ReviewerList.parse(text, path: "gate/reviewers")
                return "parsed"
            } catch {
                return "\(error)"
            }
        }
        #expect(failure("alice\n").hasPrefix("gate/reviewers:1: expected `NAME KEY [items=N,…]`"))
        #expect(failure("\nalice \(alice.derBase64) items=x\n").hasPrefix("gate/reviewers:2: 'items=x' must list item numbers"))
        #expect(failure("alice \(alice.derBase64) admin\n").hasPrefix("gate/reviewers:1: unexpected 'admin'"))
        #expect(failure("alice \(alice.derBase64)\nalias \(alice.derBase64)\n").hasPrefix("gate/reviewers:2: this key is already listed on line 1"))
        // An RSA or garbage key: not the base64 of an Ed25519 public key.
        #expect(failure("alice MCowBQYDK2VwAyEA\n").hasPrefix("gate/reviewers:1: 'MCowBQYDK2VwAyEA' is not the base64 of an Ed25519 public key"))
        #expect(GateError.reviewers(path: "gate/reviewers", line: 1, reason: "x").exitCode == 2)
    }

    @Test func theChangesOwnAdditionsAreListedAsPolicyChanges() {
        let trusted = PolicyFile(role: .reviewers, path: "gate/reviewers", source: .base, data: Data("alice \(alice.derBase64) items=27\n".utf8))
        let proposed = PolicyFile(
            role: .reviewers, path: "gate/reviewers", source: .change,
            data: Data("alice \(alice.derBase64)\nbob \(bob.derBase64)\n".utf8))
        let changes = PolicyComparison.reviewersChanges(trusted, proposed)
        #expect(changes.map(\.kind) == [.reviewerAdded, .reviewerAdded])
        #expect(changes[0].summary.contains("reviewer alice (key \(alice.keyID.prefix(12))…) would sign for every manual item (was items 27)"))
        #expect(changes[1].summary == "reviewer bob (key \(bob.keyID.prefix(12))…) added for every manual item")
        #expect(changes[1].line == 2)
        // Narrowing or removing only makes the gate stricter: nothing to list as an addition.
        #expect(PolicyComparison.reviewersChanges(proposed, trusted).isEmpty)
    }
}
