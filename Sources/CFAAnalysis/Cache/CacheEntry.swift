/// The bytes of one cache entry:
///
///     "CFAFACT4"                 magic and format version
///     u32 length, identity       tool version, executable build, parser library (and the seal's key id)
///     u32 length, key            the git blob id
///     u64 payload length
///     payload                    `FileFacts` in `FactsCodec`'s form
///     tag                        of everything before it: an 8-byte checksum, or the seal's MAC
///
/// Little-endian. An entry is used only when every field matches, the lengths add up exactly and the tag
/// is right, so a truncated, extended, damaged, foreign or misplaced entry is ignored.
enum CacheEntry {
    static let magic = Array("CFAFACT4".utf8)

    static func bytes(identity: String, key: String, payload: [UInt8], seal: EntrySeal? = nil) -> [UInt8] {
        bytes(identity: identity, key: key, seal: seal) { $0.appendBytes(payload) }
    }

    /// The entry with the payload `write` appends, built in one buffer: a large payload (a tree snapshot) is
    /// never copied into place.
    static func bytes(identity: String, key: String, seal: EntrySeal? = nil, payload write: (inout FactsWriter) -> Void) -> [UInt8] {
        var header = magic
        append(Array(identity.utf8), to: &header)
        append(Array(key.utf8), to: &header)
        let lengthAt = header.count
        appendInteger(UInt64(0), to: &header)
        var writer = FactsWriter(continuing: header)
        write(&writer)
        var bytes = writer.takeBytes()
        var length: [UInt8] = []
        appendInteger(UInt64(bytes.count - lengthAt - 8), to: &length)
        bytes.replaceSubrange(lengthAt..<(lengthAt + 8), with: length)
        bytes += tag(bytes[...], seal)
        return bytes
    }

    /// The payload, when the entry is whole and was written by `identity` for `key` (and sealed with `seal`).
    static func payload(of bytes: [UInt8], identity: String, key: String, seal: EntrySeal? = nil) -> ArraySlice<UInt8>? {
        let tagSize = seal?.tagSize ?? 8
        guard bytes.count > magic.count + tagSize else { return nil }
        let body = bytes[..<(bytes.count - tagSize)]
        var offset = 0
        func take(_ count: Int) -> ArraySlice<UInt8>? {
            guard count >= 0, count <= body.count - offset else { return nil }
            defer { offset += count }
            return body[offset..<(offset + count)]
        }
        func field() -> ArraySlice<UInt8>? { integer(UInt32.self).flatMap { take(Int($0)) } }
        func integer<Value: FixedWidthInteger>(_ type: Value.Type) -> Value? {
            take(MemoryLayout<Value>.size).map { slice in slice.reversed().reduce(Value.zero) { ($0 << 8) | Value($1) } }
        }
        guard take(magic.count).map(Array.init) == magic,
            field().map(Array.init) == Array(identity.utf8),
            field().map(Array.init) == Array(key.utf8),
            let length = integer(UInt64.self), length == UInt64(body.count - offset),
            let payload = take(Int(length)),
            equalInConstantTime(tag(body, seal), bytes[body.endIndex...])
        else { return nil }
        return payload
    }

    private static func tag(_ body: ArraySlice<UInt8>, _ seal: EntrySeal?) -> [UInt8] {
        if let seal { return body.withUnsafeBytes(seal.tag) }
        var checksum: [UInt8] = []
        appendInteger(Self.checksum(body), to: &checksum)
        return checksum
    }

    /// Compares every byte whatever the first difference, so a forger learns nothing from the time it takes.
    private static func equalInConstantTime(_ expected: [UInt8], _ found: ArraySlice<UInt8>) -> Bool {
        guard expected.count == found.count else { return false }
        return zip(expected, found).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    private static func append(_ field: [UInt8], to bytes: inout [UInt8]) {
        appendInteger(UInt32(field.count), to: &bytes)
        bytes += field
    }

    private static func appendInteger<Value: FixedWidthInteger>(_ value: Value, to bytes: inout [UInt8]) {
        for shift in stride(from: 0, to: Value.bitWidth, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> shift)) }
    }

    /// A 64-bit checksum of the parts in order, eight bytes at a time (with a final avalanche): it catches
    /// damage, not forgery — it is no signature.
    static func checksum<Part: Collection<UInt8>>(_ parts: Part...) -> UInt64 {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15
        for part in parts {
            hash = mix(hash ^ UInt64(part.count))
            let handled: Void? = part.withContiguousStorageIfAvailable { buffer in
                let raw = UnsafeRawBufferPointer(buffer)
                var index = 0
                while index + 8 <= raw.count {
                    hash = mix(hash ^ UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
                    index += 8
                }
                var tail: UInt64 = 0
                for byte in raw[index...].reversed() { tail = (tail << 8) | UInt64(byte) }
                hash = mix(hash ^ tail)
            }
            if handled == nil {
                for byte in part { hash = mix(hash ^ UInt64(byte)) }
            }
        }
        return hash
    }

    /// One multiply-xorshift round (the finaliser of MurmurHash3's 64-bit variant).
    private static func mix(_ value: UInt64) -> UInt64 {
        var mixed = value
        mixed ^= mixed >> 33
        mixed = mixed &* 0xff51_afd7_ed55_8ccd
        mixed ^= mixed >> 33
        return mixed
    }
}
