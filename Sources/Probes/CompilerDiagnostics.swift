import Foundation
import Verdict

/// Reads the compiler's own diagnostic lines (`path:line:column: error: message`) out of a build log.
///
/// The compiler has no other stable channel on the command line; this is the same form editors and
/// Xcode consume, so it is parsed as a format, not guessed at.
enum CompilerDiagnostics {
    static let maximumDiagnostics = 50

    static func parse(_ output: String, repositoryRoot: String, severities: Set<String> = ["error"]) -> [Diagnostic] {
        var collector = Collector(repositoryRoot: repositoryRoot, severities: severities)
        for line in output.split(separator: "\n") { collector.consume(line) }
        return collector.diagnostics
    }

    /// Collects diagnostics line by line as a log streams past: at most `maximumDiagnostics` of the wanted severities,
    /// each once, so what it holds is bounded whatever the compiler (or a build plugin) prints.
    struct Collector {
        let repositoryRoot: String
        let severities: Set<String>
        private(set) var diagnostics: [Diagnostic] = []
        private var seen = Set<String>()

        init(repositoryRoot: String, severities: Set<String> = ["error"]) {
            self.repositoryRoot = repositoryRoot
            self.severities = severities
        }

        mutating func consume(_ line: Substring) {
            // A native byte search first: most lines of a log are not diagnostics, and a build can print a gigabyte.
            guard diagnostics.count < CompilerDiagnostics.maximumDiagnostics,
                line.containsBytes(": error: ") || line.containsBytes(": warning: "),
                let diagnostic = CompilerDiagnostics.parseLine(String(line), repositoryRoot: repositoryRoot),
                let severity = diagnostic.severity, severities.contains(severity)
            else { return }
            // The driver repeats a diagnostic once per compile job that sees the file; keep it once.
            let key = "\(diagnostic.file ?? ""):\(diagnostic.line ?? 0):\(diagnostic.column ?? 0):\(diagnostic.message)"
            guard seen.insert(key).inserted else { return }
            diagnostics.append(diagnostic)
        }
    }

    /// `file:line:column: severity: message`, or `file:line: severity: message`.
    static func parseLine(_ line: String, repositoryRoot: String) -> Diagnostic? {
        for severity in ["error", "warning"] {
            guard let marker = line.range(of: ": \(severity): ") else { continue }
            let location = line[..<marker.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
            guard location.count >= 2, let lineNumber = Int(location[1]), lineNumber > 0 else { continue }
            let column = location.count >= 3 ? Int(location[2]) : nil
            let message = String(line[marker.upperBound...]).trimmingCharacters(in: .whitespaces)
            return Diagnostic(
                kind: .compiler, file: RepositoryPath.relative(String(location[0]), to: repositoryRoot),
                line: lineNumber, column: column, severity: severity, message: OutputExcerpt.clip(message))
        }
        return nil
    }
}

/// Paths in verdicts and reports are repository-relative, so they read the same on every machine.
public enum RepositoryPath {
    /// `path` relative to `root`; a path outside `root` is returned as it is.
    public static func relative(_ path: String, to root: String) -> String {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// The folder `path` names inside `root`: "" for `root` itself, or for a folder outside it.
    public static func folder(_ path: String, inside root: String) -> String {
        let relative = relative(path, to: root)
        return relative == path ? "" : relative
    }
}
