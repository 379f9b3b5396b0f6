import Verdict

/// The items of one checklist section, which become one `<testsuite>`.
struct JUnitSuite: Sendable {
    /// Suite name for items that sit under no heading.
    static let unsectionedName = "Checklist"

    var name: String
    var items: [ItemResult]

    /// One suite per section, ordered by each section's first item; a section that appears again later in the
    /// checklist keeps its items together rather than producing two suites with the same name.
    static func grouping(_ items: [ItemResult]) -> [JUnitSuite] {
        var suites: [JUnitSuite] = []
        var indexByName: [String: Int] = [:]
        for item in items {
            let name = item.section ?? unsectionedName
            if let index = indexByName[name] {
                suites[index].items.append(item)
            } else {
                indexByName[name] = suites.count
                suites.append(JUnitSuite(name: name, items: [item]))
            }
        }
        return suites
    }

    /// `cfa-gate.<slug>` ("checklist" when the title has no ASCII letter or digit): Jenkins splits a classname at dots into package
    /// and class, so the slug holds only lowercase ASCII letters, digits and single hyphens.
    var classname: String { "cfa-gate.\(Self.slug(name))" }

    static func slug(_ title: String) -> String {
        var slug = ""
        for character in title.lowercased() {
            if character.isASCII, character.isLetter || character.isNumber {
                slug.append(character)
            } else if !slug.isEmpty, slug.last != "-" {
                slug.append("-")
            }
        }
        while slug.last == "-" { slug.removeLast() }
        return slug.isEmpty ? "checklist" : slug
    }

    var counts: JUnitCounts { JUnitCounts(items) }
}

/// The totals JUnit readers show: manual items count as skipped, since nobody has passed them yet.
struct JUnitCounts: Sendable {
    var tests = 0, failures = 0, errors = 0, skipped = 0
    var seconds = 0.0

    init(_ items: [ItemResult]) {
        tests = items.count
        for item in items {
            switch item.status {
            case .passed: break
            case .failed: failures += 1
            case .error: errors += 1
            case .skipped, .manual: skipped += 1
            }
            seconds += JUnitTime.clamped(item.durationSeconds)
        }
    }
}

enum JUnitTime {
    /// A verdict may record a non-finite or negative duration (see `VerdictCoding`); JUnit readers expect a
    /// non-negative decimal, so those become zero, and an absurdly large one is capped so it cannot overflow.
    static func clamped(_ seconds: Double) -> Double {
        seconds.isFinite && seconds > 0 ? min(seconds, maximum) : 0
    }

    /// About 31 years: far beyond any time limit a probe can have.
    private static let maximum = 1e9

    /// Seconds with millisecond precision, independent of locale.
    static func text(_ seconds: Double) -> String {
        let milliseconds = Int((clamped(seconds) * 1000).rounded())
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }
}
