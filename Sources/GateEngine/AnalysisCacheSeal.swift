import CFAAnalysis
import Foundation
import Verdict

/// The facts cache of `run`, sealed with a secret only the holder of the signing key can derive: the key's
/// Ed25519 signature (deterministic) over a fixed label, hashed. Code of the change under test that can
/// write to `.git` cannot forge entries the gate will read, as long as the signing key is out of its reach
/// (`--key` or `CFA_GATE_SIGNING_KEY`; a key kept in `.git` is not).
enum AnalysisCacheSeal {
    static let label = "cfa-gate analysis cache seal v1"

    /// nil when the key cannot sign, and then the run goes without a cache rather than with an unsealed one.
    static func store(gitDirectory: String, tool: ToolInfo, signing: SigningKeyResolver.Resolved) -> FactsStore? {
        guard let signature = try? signing.key.sign(Data(label.utf8)) else { return nil }
        let secret = Array(Digest.sha256Hex(signature).utf8)
        let seal = EntrySeal(keyID: signing.signer.keyID, tagSize: 32) { bytes in MessageAuthentication.hmacSHA256(key: secret, bytes) }
        return FactsStore(directory: FactsStore.directory(gitDirectory: gitDirectory), toolVersion: tool.version, seal: seal)
    }
}
