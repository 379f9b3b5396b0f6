import Foundation

/// Writes report files after a run; each is derived from the signed verdict, so it says nothing the verdict does not.
enum ReportFiles {
    struct WriteError: Error, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "\(path): cannot write the report: \(reason)" }
    }

    static func write(_ text: String, to path: String) throws(WriteError) {
        do {
            let url = URL(fileURLWithPath: path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url, options: .atomic)
        } catch {
            throw WriteError(path: path, reason: error.localizedDescription)
        }
    }
}
