/// The duration syntax shared by the checklist's options comment and the command line:
/// hours, minutes and seconds in that order, each at most once — `90s`, `20m`, `1h`, `1h30m`, `1h0m5s`.
public enum GateDuration {
    private static let units: [(suffix: Character, seconds: Int64)] = [("h", 3600), ("m", 60), ("s", 1)]

    /// Parses a positive whole-second duration; returns nil for anything else (including `0s` and bare numbers).
    public static func parse(_ text: String) -> Duration? {
        var remaining = Substring(text.trimmingWhitespace())
        var nextUnitIndex = 0
        var total: Int64 = 0
        guard !remaining.isEmpty else { return nil }
        while !remaining.isEmpty {
            let digits = remaining.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, digits.count <= 9, let amount = Int64(digits) else { return nil }
            remaining = remaining.dropFirst(digits.count)
            guard let suffix = remaining.first,
                  let unitIndex = units.indices.first(where: { units[$0].suffix == suffix }),
                  unitIndex >= nextUnitIndex
            else { return nil }
            remaining = remaining.dropFirst()
            nextUnitIndex = unitIndex + 1
            total += amount * units[unitIndex].seconds
        }
        return total > 0 ? .seconds(total) : nil
    }

    /// Formats whole seconds (fractions are dropped) in the same syntax `parse` accepts: `30m`, `1h30m`, `45s`.
    public static func format(_ duration: Duration) -> String {
        var seconds = max(duration.components.seconds, 0)
        guard seconds > 0 else { return "0s" }
        var text = ""
        for unit in units where seconds >= unit.seconds {
            text += "\(seconds / unit.seconds)\(unit.suffix)"
            seconds %= unit.seconds
        }
        return text
    }

    /// The duration in seconds, fractions kept: what verdicts and progress lines show.
    public static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
