/// Why a key could not be loaded, generated, stored or used.
public enum KeyError: Error, CustomStringConvertible, Equatable {
    /// `path` does not exist or cannot be read.
    case unreadable(path: String)
    /// `source` (a path or "PEM text") holds no PEM key of the expected kind.
    case notPEM(source: String)
    /// `source` holds a public key where the private key was asked for (`--key ci.pem.pub`).
    case publicHalf(source: String)
    /// `source` holds a valid key of another algorithm.
    case notEd25519(source: String)
    /// `source` holds a passphrase-protected private key, which cfa-gate cannot unlock non-interactively.
    case encrypted(source: String)
    case writeFailed(path: String, reason: String)
    case alreadyExists(path: String)
    /// libcrypto reported an internal failure.
    case crypto(reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path):
            return "cannot read \(path); check that the file exists and that you may read it"
        case .notPEM(let source):
            return "\(source) does not contain a PEM key ('-----BEGIN PRIVATE KEY-----' or '-----BEGIN PUBLIC KEY-----'); "
                + "create an Ed25519 key with `openssl genpkey -algorithm ed25519 -out key.pem`"
        case .publicHalf(let source):
            return "\(source) is a public key ('-----BEGIN PUBLIC KEY-----'), the half that verifies; `--key` takes the private "
                + "key that signs ('-----BEGIN PRIVATE KEY-----', the file without `.pub`; `cfa-gate keygen --out FILE` makes both)"
        case .notEd25519(let source):
            return "\(source) is not an Ed25519 key, the only kind cfa-gate signs with; create one with `openssl genpkey -algorithm ed25519 -out key.pem`"
        case .encrypted(let source):
            return "\(source) is passphrase-protected; cfa-gate needs an unencrypted PKCS#8 key: "
                + "`openssl pkey -in \(source) -out unlocked.pem` (then keep unlocked.pem mode 0600)"
        case .writeFailed(let path, let reason):
            return "cannot write key to \(path): \(reason); check that the directory is writable"
        case .alreadyExists(let path):
            return "refusing to overwrite the existing key at \(path); move it away or choose another path "
                + "(verdicts signed with the old key need its public key to verify)"
        case .crypto(let reason):
            return "OpenSSL failed: \(reason); make sure libcrypto is OpenSSL 3 with Ed25519 support"
        }
    }
}
