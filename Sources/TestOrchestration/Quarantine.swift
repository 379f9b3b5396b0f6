import Foundation
import Verdict

/// Tests whose failures do not fail the item until an expiry date, each with an owner and a reason.
///
/// Read from a Markdown table (`gate/quarantine.md`):
///
///     | Test | Owner | Expires | Reason |
///     |------|-------|---------|--------|
///     | `AppTests.SyncTests/testRetry` | @sam | 2027-01-31 | times out on CI, #412 |
///
/// Lines outside the table are prose and ignored.
public struct Quarantine: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var test: String
        public var owner: String
        /// `YYYY-MM-DD`; the entry holds through this day, UTC.
        public var expires: String
        public var reason: String
        public var line: Int

        public init(test: String, owner: String, expires: String, reason: String, line: Int) {
            self.test = test
            self.owner = owner
            self.expires = expires
            self.reason = reason
            self.line = line
        }

        /// Expired once the UTC day `today` is after `expires` (ISO dates compare as strings).
        func isExpired(today: String) -> Bool { today > expires }
    }

    var path: String?
    public var entries: [Entry]

    public init(path: String? = nil, entries: [Entry] = []) {
        self.path = path
        self.entries = entries
    }

    public enum ParseError: Error, Equatable, CustomStringConvertible {
        case malformedRow(path: String, line: Int, reason: String)
        case repeatedTest(path: String, line: Int, test: String, firstLine: Int)

        public var description: String {
            switch self {
            case .malformedRow(let path, let line, let reason):
                return "\(path):\(line): \(reason) — write a row as | `Module.Suite/test` | owner | YYYY-MM-DD | reason |"
            case .repeatedTest(let path, let line, let test, let firstLine):
                return "\(path):\(line): `\(test)` is already quarantined at line \(firstLine) — keep one row per test"
            }
        }
    }

    public static func parse(_ text: String, path: String) throws(ParseError) -> Quarantine {
        var entries: [Entry] = []
        var firstLine: [String: Int] = [:]
        var sawHeader = false
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = offset + 1
            let trimmed = rawLine.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("|") else {
                sawHeader = false
                continue
            }
            var cells = trimmed.dropFirst().split(separator: "|", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            if cells.last == "" { cells.removeLast() }
            if !sawHeader {
                // The first row of a table is its header.
                sawHeader = true
                continue
            }
            if cells.allSatisfy({ $0.allSatisfy { "-: ".contains($0) } }) { continue }
            guard cells.count == 4 else {
                throw .malformedRow(path: path, line: line, reason: "a quarantine row needs 4 cells, this one has \(cells.count)")
            }
            let test = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            guard !test.isEmpty else { throw .malformedRow(path: path, line: line, reason: "the row names no test") }
            guard !cells[1].isEmpty else { throw .malformedRow(path: path, line: line, reason: "`\(test)` has no owner") }
            guard isDate(cells[2]) else {
                throw .malformedRow(path: path, line: line, reason: "`\(cells[2])` is not an expiry date YYYY-MM-DD")
            }
            guard !cells[3].isEmpty else { throw .malformedRow(path: path, line: line, reason: "`\(test)` has no reason") }
            if let first = firstLine[test] { throw .repeatedTest(path: path, line: line, test: test, firstLine: first) }
            firstLine[test] = line
            entries.append(Entry(test: test, owner: cells[1], expires: cells[2], reason: cells[3], line: line))
        }
        return Quarantine(path: path, entries: entries)
    }

    /// The entry that covers `test` today, if any and not expired.
    func activeEntry(for test: String, today: String) -> Entry? {
        entries.first { $0.test == test && !$0.isExpired(today: today) }
    }

    /// Today's UTC date as `YYYY-MM-DD`.
    public static func today(_ now: Date = Date()) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day], from: now)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    private static func isDate(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let month = Int(parts[1]), let day = Int(parts[2])
        else { return false }
        return (1...12).contains(month) && (1...31).contains(day)
    }
}
