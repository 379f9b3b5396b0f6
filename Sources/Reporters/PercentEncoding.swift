/// Percent-encoding of paths for the formats that link to files; each format says which bytes may stay.
enum PercentEncoding {
    static let asciiLettersAndDigits = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)

    /// Every UTF-8 byte not in `kept` becomes `%XX` (uppercase hex).
    static func encode(_ text: String, keeping kept: Set<UInt8>) -> String {
        var encoded = ""
        for byte in text.utf8 {
            if kept.contains(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += "%" + String(hexDigits[Int(byte >> 4)]) + String(hexDigits[Int(byte & 0x0F)])
            }
        }
        return encoded
    }

    private static let hexDigits = Array("0123456789ABCDEF")
}
