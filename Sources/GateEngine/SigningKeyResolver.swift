import Foundation
import Sandbox
import Probes
import Verdict

/// Picks the key a verdict is signed with: `--key FILE`, else `CFA_GATE_SIGNING_KEY` (a path or the PEM
/// text itself), else a key kept inside the repository's `.git` folder, created on first use.
public enum SigningKeyResolver {
    static let environmentVariable = ChildProcess.signingKeyVariable

    static func localKeyPath(gitDirectory: String) -> String {
        "\(gitDirectory)/cfa-gate/local-signing-key.pem"
    }

    /// The key, how the verdict describes it, and where its public half is when there is a file for it.
    struct Resolved: Sendable {
        var key: SigningKey
        var signer: SignerInfo
        var publicKeyPath: String?
    }

    /// How a key other than the clone's own is given (`--key -`, `--key FILE`, the variable), for a message; nil for the
    /// local key. Reads nothing: where the key would be in reach, it must not be read at all.
    static func origin(keyPath: String?, environment: [String: String]) -> String? {
        if let keyPath { return "--key \(keyPath)" }
        if let value = environment[environmentVariable], !value.isEmpty { return environmentVariable }
        return nil
    }

    static func resolve(
        keyPath: String?, environment: [String: String], gitDirectory: String
    ) throws(GateError) -> Resolved {
        do {
            if let keyPath {
                let key = try SigningKey.load(path: keyPath)
                let publicPath = FileManager.default.fileExists(atPath: keyPath + ".pub") ? keyPath + ".pub" : nil
                return Resolved(key: key, signer: SignerInfo(keyID: key.publicKey.keyID, source: "file", note: nil), publicKeyPath: publicPath)
            }
            if let value = environment[environmentVariable], !value.isEmpty {
                let key = value.contains("-----BEGIN") ? try SigningKey(pem: value) : try SigningKey.load(path: value)
                return Resolved(key: key, signer: SignerInfo(keyID: key.publicKey.keyID, source: "environment", note: nil), publicKeyPath: nil)
            }
            let path = localKeyPath(gitDirectory: gitDirectory)
            let key: SigningKey
            if FileManager.default.fileExists(atPath: path) {
                key = try SigningKey.load(path: path)
            } else {
                key = try SigningKey.generate()
                try FileManager.default.createDirectory(
                    atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try key.write(to: path, overwrite: false)
            }
            let note = "signed by a key local to this clone (\(path).pub); it shows the verdict is intact, not who made it"
                + " — use --key or \(environmentVariable) in CI"
            return Resolved(
                key: key, signer: SignerInfo(keyID: key.publicKey.keyID, source: "local", note: note), publicKeyPath: path + ".pub")
        } catch let error as KeyError {
            throw .key(error)
        } catch {
            throw .key(.writeFailed(path: localKeyPath(gitDirectory: gitDirectory), reason: error.localizedDescription))
        }
    }

    /// The public key a check trusts: the file named (`--pubkey`), else `defaultPublicKey`; nil when there is none.
    static func trustedPublicKey(path: String?, environment: [String: String], gitDirectory: String?) throws(GateError) -> PublicKey? {
        if let path {
            do {
                return try PublicKey.load(path: path)
            } catch {
                throw .key(error)
            }
        }
        return try defaultPublicKey(environment: environment, gitDirectory: gitDirectory)
    }

    /// The public key `verify` trusts when none is named: the environment's key, else this clone's local key.
    public static func defaultPublicKey(environment: [String: String], gitDirectory: String?) throws(GateError) -> PublicKey? {
        do {
            if let value = environment[environmentVariable], !value.isEmpty {
                return (value.contains("-----BEGIN") ? try SigningKey(pem: value) : try SigningKey.load(path: value)).publicKey
            }
            guard let gitDirectory else { return nil }
            let path = localKeyPath(gitDirectory: gitDirectory) + ".pub"
            return FileManager.default.fileExists(atPath: path) ? try PublicKey.load(path: path) : nil
        } catch {
            throw .key(error)
        }
    }
}
