/// Reads an item's number as written. cmark-gfm only records a list's start number, so the digits
/// are read from the item's source line at the position cmark-gfm reports for the item.
struct ItemNumberReader {
    private let lines: [ArraySlice<UInt8>]

    init(source: String) {
        lines = Array(source.utf8).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    }

    func number(line: Int, column: Int) -> Int? {
        guard lines.indices.contains(line - 1) else { return nil }
        let bytes = Array(lines[line - 1])
        let markerStart = min(max(column - 1, 0), bytes.count)
        // The column should point at the marker; fall back to the first marker on the line if it does not.
        return Self.marker(in: bytes, from: markerStart) ?? (0..<bytes.count).lazy.compactMap { Self.marker(in: bytes, from: $0) }.first
    }

    /// Digits followed by `.` or `)` starting at `start` (after optional spaces or tabs).
    private static func marker(in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
        let digitsStart = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        // CommonMark allows at most nine digits, which also keeps the value within Int.
        guard index > digitsStart, index - digitsStart <= 9, index < bytes.count,
              bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ")")
        else { return nil }
        return Int(String(decoding: bytes[digitsStart..<index], as: UTF8.self))
    }
}
