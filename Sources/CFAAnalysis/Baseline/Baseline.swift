import Foundation

/// The findings a team has accepted as known, so that the gate fails only on new ones.
///
/// An entry is a finding's fingerprint (rule, file, message; see `FindingFingerprint`) with how many such
/// findings the file holds. A finding that matches an entry is `baselined`: reported, never failing. Entries
/// no longer found are `fixed`. Entries are added only by writing the file again (`cfa-gate baseline`),
/// never by the gate, so the file can only shrink unless someone deliberately rewrites it in a change.
///
/// The file is JSON, keys sorted and entries ordered by file, rule and message, so that its diff reads well in
/// review:
///
///     {
///       "findings" : [
///         { "file" : "App/…/OrdersFeature.swift", "message" : "OrdersFeature uses DispatchQueue; …",
///           "rule" : "CFA-NO-GCD-LOCKS", "count" : 2 }
///       ],
///       "version" : 1
///     }
///
/// `count` is written only when it is above 1. Entries hold the readable fingerprint, not a hash of it: what a
/// reviewer reads is exactly what is matched, so an entry cannot look harmless while accepting something else.
public struct Baseline: Sendable, Equatable {
    static let version = 1
    static let defaultFileName = ".cfa-gate-baseline.json"

    public struct Entry: Sendable, Equatable, Comparable {
        public var fingerprint: FindingFingerprint
        /// How many findings with this fingerprint the file holds; at least 1.
        public var count: Int

        init(_ fingerprint: FindingFingerprint, count: Int = 1) {
            self.fingerprint = fingerprint
            self.count = count
        }

        public static func < (lhs: Entry, rhs: Entry) -> Bool { (lhs.fingerprint, lhs.count) < (rhs.fingerprint, rhs.count) }
    }

    /// Sorted, one per fingerprint.
    public private(set) var entries: [Entry]
    /// Where the baseline was read from, as errors and reports name it ("" for one made from findings).
    var path: String

    /// Entries with the same fingerprint are merged by adding their counts.
    public init(entries: [Entry], path: String = "") {
        var counts: [FindingFingerprint: Int] = [:]
        for entry in entries where entry.count > 0 { counts[entry.fingerprint, default: 0] += entry.count }
        self.entries = counts.map { Entry($0.key, count: $0.value) }.sorted()
        self.path = path
    }

    /// Every finding given, except adoption findings: an app that is not CFA at all would otherwise pass every rule
    /// vacuously.
    public init(findings: [Finding], path: String = "") {
        self.init(entries: findings.filter(Self.canBaseline).map { Entry(FindingFingerprint($0)) }, path: path)
    }

    public var findingCount: Int { entries.reduce(0) { $0 + $1.count } }

    static func canBaseline(_ finding: Finding) -> Bool {
        finding.rule != AdoptionRule.id && finding.rule != SourceLink.id && finding.rule != SourceUnreadable.id
    }

    /// What `change` accepts beyond `base`: entries `base` lacks, and the extra count of those it holds fewer of.
    /// The gate shows these as a policy change, since a change that baselines its own new findings would
    /// otherwise pass unnoticed.
    public static func additions(from base: Baseline, to change: Baseline) -> [Entry] {
        let before = Dictionary(uniqueKeysWithValues: base.entries.map { ($0.fingerprint, $0.count) })
        return change.entries.compactMap { entry in
            let extra = entry.count - before[entry.fingerprint, default: 0]
            return extra > 0 ? Entry(entry.fingerprint, count: extra) : nil
        }
    }
}

// MARK: - Applying

extension Baseline {
    /// Moves the findings the baseline accepts from `findings` to `baselined`, and lists the entries it no longer
    /// finds in `fixedBaseline`. Where a file holds more identical findings than its entry counts, the last ones
    /// (by line) stay findings. Only entries for files under `scope` (the analysed folder) can be fixed.
    public func apply(to result: AnalysisResult, scope: String = "") -> AnalysisResult {
        var remaining = Dictionary(uniqueKeysWithValues: entries.map { ($0.fingerprint, $0.count) })
        var applied = result
        applied.findings = []
        applied.baselined = []
        for finding in result.findings {
            let fingerprint = FindingFingerprint(finding)
            if Self.canBaseline(finding), let left = remaining[fingerprint], left > 0 {
                remaining[fingerprint] = left - 1
                applied.baselined.append(finding)
            } else {
                applied.findings.append(finding)
            }
        }
        let folder = scope == "." ? "" : scope
        applied.fixedBaseline = entries.compactMap { entry in
            let left = remaining[entry.fingerprint, default: 0]
            let file = entry.fingerprint.file
            guard left > 0, folder.isEmpty || file == "." || file.hasPrefix(folder + "/") else { return nil }
            return Entry(entry.fingerprint, count: left)
        }
        applied.baseline = path
        return applied
    }
}

// MARK: - The file

extension Baseline {
    /// Reads a baseline from its bytes. `path` names it in errors; the bytes may come from the working tree or,
    /// when the gate reads policy from the base revision, from a git object.
    /// Anything but a well-formed version-1 baseline is an error: a baseline that cannot be read must never
    /// accept everything.
    public static func parse(_ data: Data, path: String) throws(BaselineError) -> Baseline {
        guard let object = try? JSONSerialization.jsonObject(with: data), let root = object as? [String: Any] else {
            throw .invalid(path: path, reason: "not a JSON object")
        }
        if let unknown = root.keys.filter({ !["version", "findings"].contains($0) }).sorted().first {
            throw .invalid(path: path, reason: "unknown key \"\(unknown)\"")
        }
        guard let version = root["version"] else { throw .invalid(path: path, reason: "no \"version\"") }
        struct Header: Decodable { var version: Int }
        guard (try? JSONDecoder().decode(Header.self, from: data))?.version == Self.version else {
            throw .unsupportedVersion(path: path, version: "\(version)")
        }
        let list = root["findings"] as? [Any] ?? []
        for (offset, element) in list.enumerated() {
            if let fields = element as? [String: Any], let unknown = fields.keys.filter({ !Record.keys.contains($0) }).sorted().first {
                throw .invalid(path: path, reason: "findings[\(offset)] has unknown key \"\(unknown)\"")
            }
        }
        let records: [Record]
        do {
            records = try JSONDecoder().decode(Document.self, from: data).findings
        } catch let DecodingError.keyNotFound(key, context) {
            throw .invalid(path: path, reason: "\(place(context.codingPath + [key])) is missing")
        } catch let DecodingError.typeMismatch(_, context) {
            throw .invalid(path: path, reason: "\(place(context.codingPath)) has the wrong type")
        } catch let DecodingError.valueNotFound(_, context) {
            throw .invalid(path: path, reason: "\(place(context.codingPath)) is null")
        } catch {
            throw .invalid(path: path, reason: "\(error)")
        }
        var seen: Set<FindingFingerprint> = []
        var entries: [Entry] = []
        for (offset, record) in records.enumerated() {
            let place = "findings[\(offset)]"
            let fingerprint = FindingFingerprint(rule: record.rule, file: record.file, message: record.message)
            if [fingerprint.rule, fingerprint.file, fingerprint.message].contains("") {
                throw .invalid(path: path, reason: "\(place) has an empty rule, file or message")
            }
            if fingerprint.rule == AdoptionRule.id {
                throw .invalid(path: path, reason: "\(place) baselines \(AdoptionRule.id), which cannot be baselined — adopt CFA first")
            }
            if let count = record.count, count < 1 {
                throw .invalid(path: path, reason: "\(place).count is \(count); a count is at least 1")
            }
            guard seen.insert(fingerprint).inserted else {
                throw .invalid(path: path, reason: "\(place) repeats an earlier entry; give that entry a count instead")
            }
            entries.append(Entry(fingerprint, count: record.count ?? 1))
        }
        return Baseline(entries: entries, path: path)
    }

    /// `findings[3].count`, as a user finds it in the file.
    private static func place(_ codingPath: [any CodingKey]) -> String {
        codingPath.reduce("") { text, key in
            if let index = key.intValue { return "\(text)[\(index)]" }
            return text.isEmpty ? key.stringValue : "\(text).\(key.stringValue)"
        }
    }

    private struct Document: Codable {
        var version: Int
        var findings: [Record]
    }

    private struct Record: Codable {
        static let keys: Set<String> = ["rule", "file", "message", "count"]
        var rule: String
        var file: String
        var message: String
        /// Written only above 1.
        var count: Int?
    }

    /// The file's bytes: sorted keys, entries in order, a final line break. The same baseline gives the same bytes.
    public func encoded() -> Data {
        let document = Document(
            version: Self.version,
            findings: entries.map { entry in
                Record(rule: entry.fingerprint.rule, file: entry.fingerprint.file, message: entry.fingerprint.message,
                       count: entry.count > 1 ? entry.count : nil)
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings and integers cannot fail.
        return ((try? encoder.encode(document)) ?? Data()) + Data("\n".utf8)
    }
}

/// Why a baseline could not be used. Each is a configuration error (exit 2): the gate never runs as if a
/// baseline it could not read accepted everything, nor as if it accepted nothing without saying so.
public enum BaselineError: Error, Equatable, CustomStringConvertible {
    case unreadable(path: String)
    case invalid(path: String, reason: String)
    case unsupportedVersion(path: String, version: String)
    /// `.cfa-gate.json` names a baseline that is not there.
    case missing(path: String)
    /// `.cfa-gate.json` names a baseline outside the repository.
    case outsideRepository(path: String, configuration: String)

    public var description: String {
        switch self {
        case .unreadable(let path): "\(path): cannot read the baseline"
        case .invalid(let path, let reason):
            "\(path): not a valid cfa-gate baseline: \(reason) — fix it, or write it again with `cfa-gate baseline`"
        case .unsupportedVersion(let path, let version):
            "\(path): baseline version \(version) is not one this cfa-gate reads (version \(Baseline.version)) — write it again with `cfa-gate baseline`"
        case .missing(let path):
            "\(path): the baseline named in .cfa-gate.json does not exist — write it with `cfa-gate baseline`, or remove the \"baseline\" key"
        case .outsideRepository(let path, let configuration):
            "\(configuration): \"baseline\": \"\(path)\" is outside the repository — name a file inside it"
        }
    }
}
