import Foundation

/// One example of a rule, the SwiftLint way: a few files laid over `CompliantApp` (replacing a file of the
/// same path, or added beside it). A `↓` in a file marks the exact place, line and column, of each finding
/// the rule must report there; an example without any `↓` must give no finding of the rule at all. The
/// examples are run by one test and shown on the rule's reference page, so the two cannot disagree.
struct RuleExample: Sendable, Equatable {
    static let marker: Character = "↓"

    struct File: Sendable, Equatable {
        var path: String
        /// The source with its markers.
        var text: String

        /// Replacements that `compliant(_:movedTo:replacing:)` could not make; the runner reports them.
        var unmatchedEdits: [String] = []

        init(_ path: String, _ text: String) {
            self.path = path
            self.text = text
        }

        /// A file of the compliant app, optionally at another path, with text replaced (each original must
        /// occur in it), so an example shows its one change without repeating the rest of the file.
        static func compliant(_ path: String, movedTo newPath: String? = nil, replacing edits: KeyValuePairs<String, String> = [:]) -> File {
            var file = File(newPath ?? path, CompliantApp.files[path] ?? "")
            if CompliantApp.files[path] == nil { file.unmatchedEdits.append("\(path) is not a file of the compliant app") }
            for (original, replacement) in edits {
                if file.text.contains(original) {
                    file.text = file.text.replacingOccurrences(of: original, with: replacement)
                } else {
                    file.unmatchedEdits.append("`\(original)` is not in \(path)")
                }
            }
            return file
        }
    }

    /// Where a marker stands, in the file without its markers: 1-based line, 1-based UTF-8 column (the
    /// columns findings use).
    struct Marker: Sendable, Hashable, Comparable, CustomStringConvertible {
        var file: String
        var line: Int
        var column: Int

        static func < (lhs: Marker, rhs: Marker) -> Bool {
            (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
        }

        var description: String { "\(file):\(line):\(column)" }
    }

    var files: [File]
    /// Files of the compliant app this example deletes (a test file that is missing, say).
    var removedFiles: [String]
    /// The example's `.cfa-gate.json`, when it needs one (a root view with another name).
    var configurationJSON: String?

    init(_ files: File..., removing removedFiles: [String] = [], configuration configurationJSON: String? = nil) {
        self.files = files
        self.removedFiles = removedFiles
        self.configurationJSON = configurationJSON
    }

    /// An example whose only file is `text` at `path`.
    init(_ path: String, _ text: String, removing removedFiles: [String] = [], configuration configurationJSON: String? = nil) {
        self.init(File(path, text), removing: removedFiles, configuration: configurationJSON)
    }

    /// True when the rule must report something here.
    var isTriggering: Bool { !markers.isEmpty }

    var markers: [Marker] {
        files.flatMap { file in
            file.text.components(separatedBy: "\n").enumerated().flatMap { index, line -> [Marker] in
                var markers: [Marker] = []
                var column = 1
                for character in line {
                    if character == Self.marker {
                        markers.append(Marker(file: file.path, line: index + 1, column: column))
                    } else {
                        column += character.utf8.count
                    }
                }
                return markers
            }
        }.sorted()
    }

    /// The app the example describes: the compliant app with the example's files (markers removed) laid
    /// over it.
    var app: [String: String] {
        var app = CompliantApp.files
        for path in removedFiles { app[path] = nil }
        for file in files { app[file.path] = file.text.filter { $0 != Self.marker } }
        return app
    }

    /// Runs every rule of the catalogue over the example's app, as `cfa-gate analyze` would over those
    /// files, and keeps the findings of `ruleID`.
    func findings(of ruleID: String) throws -> [Finding] {
        let configuration = try configurationJSON.map { try JSONDecoder().decode(AnalysisConfiguration.self, from: Data($0.utf8)) }
        let facts = app.map { FactExtractor.facts(path: $0.key, source: $0.value) }.sorted { $0.path < $1.path }
        return Analyzer.check(facts, configuration: configuration ?? AnalysisConfiguration()).findings.filter { $0.rule == ruleID }
    }

    /// How the findings of `ruleID` differ from the markers, one line per difference; empty when the
    /// example holds.
    func mismatches(for ruleID: String) -> [String] {
        let edits = files.flatMap(\.unmatchedEdits)
        guard edits.isEmpty else { return edits }
        let reported: [Finding]
        do {
            reported = try findings(of: ruleID)
        } catch {
            return ["the example's configuration is not a valid .cfa-gate.json: \(error)"]
        }
        // Compared as lists, so two findings at one marker are one too many.
        var unmatched = markers
        var unexpected: [String] = []
        for finding in reported {
            let place = Marker(file: finding.file, line: finding.line, column: finding.column)
            if let index = unmatched.firstIndex(of: place) {
                unmatched.remove(at: index)
            } else {
                unexpected.append("unexpected finding: \(finding.compilerStyle)")
            }
        }
        let missing = unmatched.map { "expected a finding at \($0), none there" }
        return missing + unexpected
    }
}
