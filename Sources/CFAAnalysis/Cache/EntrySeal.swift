/// Authenticates cache entries with a secret the code under test cannot read.
///
/// A checksum catches damage, not forgery: anything that can write to `.git` — a build plugin or a test of
/// the change the gate is judging — could plant an entry with benign facts under the blob id of a file that
/// breaks the rules. `run` therefore seals its entries with a MAC keyed by a secret derived from its signing
/// key, and reads only entries sealed with that key: with a key from `--key` or the environment (as in CI),
/// a planted entry is refused. Sealed and unsealed entries live apart (the seal's key id is part of the
/// identity), so `analyze` neither reads nor spoils the gate's entries.
public struct EntrySeal: Sendable {
    /// Names the secret without revealing it (the signing key's id).
    var keyID: String
    var tagSize: Int
    /// The MAC of an entry's bytes.
    var tag: @Sendable (UnsafeRawBufferPointer) -> [UInt8]

    public init(keyID: String, tagSize: Int, tag: @escaping @Sendable (UnsafeRawBufferPointer) -> [UInt8]) {
        self.keyID = keyID
        self.tagSize = tagSize
        self.tag = tag
    }
}
