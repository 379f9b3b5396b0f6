/// The size syntax of the checklist's `output-limit` option: a whole number with a binary unit — `512KiB`, `256MiB`,
/// `1GiB` (`K`, `M`, `G` mean the same) — or plain bytes (`65536`).
public enum ByteSize {
    private static let units: [(suffixes: [String], bytes: Int64)] = [
        (["GiB", "G"], 1 << 30), (["MiB", "M"], 1 << 20), (["KiB", "K"], 1 << 10), (["B", ""], 1),
    ]

    /// Parses a positive size of at most 1 TiB; nil for anything else.
    public static func parse(_ text: String) -> Int64? {
        let trimmed = text.trimmingWhitespace()
        let digits = trimmed.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 13, let amount = Int64(digits), amount > 0 else { return nil }
        let suffix = String(trimmed.dropFirst(digits.count))
        guard let unit = units.first(where: { $0.suffixes.contains(suffix) }) else { return nil }
        let (total, overflow) = amount.multipliedReportingOverflow(by: unit.bytes)
        return !overflow && total <= 1 << 40 ? total : nil
    }

    /// `1 GiB`, `256 MiB`, `1536 KiB`, `100 bytes`: the largest unit that divides the size exactly.
    public static func format(_ bytes: Int64) -> String {
        for (name, size) in [("GiB", Int64(1) << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)] where bytes >= size && bytes % size == 0 {
            return "\(bytes / size) \(name)"
        }
        return "\(bytes) bytes"
    }
}
