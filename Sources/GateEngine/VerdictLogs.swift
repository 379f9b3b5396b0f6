import Foundation
import Verdict

/// Moves a run's logs from their staging folder to `<verdict name>.logs/` beside the verdict.
///
/// Logs are staged inside `.git` while probes run so that writing them never makes the working tree
/// dirty; they move only once the run has finished.
struct VerdictLogs {
    /// The logs folder's path relative to the verdict file's folder, as written into the verdict.
    var relativeFolder: String

    /// `<verdict name>.logs` beside the verdict.
    static func folder(beside verdictPath: String) -> String {
        let verdictURL = URL(fileURLWithPath: verdictPath)
        return verdictURL.deletingLastPathComponent().appendingPathComponent(verdictURL.deletingPathExtension().lastPathComponent + ".logs").path
    }

    static func keep(staging: String, beside verdictPath: String) throws(GateError) -> VerdictLogs {
        let verdictURL = URL(fileURLWithPath: verdictPath)
        let destination = folder(beside: verdictPath)
        let folderName = URL(fileURLWithPath: destination).lastPathComponent
        let files = FileManager.default
        do {
            try files.createDirectory(atPath: verdictURL.deletingLastPathComponent().path, withIntermediateDirectories: true)
            if files.fileExists(atPath: destination) { try files.removeItem(atPath: destination) }
            try files.moveItem(atPath: staging, toPath: destination)
        } catch {
            throw .logs(path: destination, reason: error.localizedDescription)
        }
        return VerdictLogs(relativeFolder: folderName)
    }

    func relocate(_ item: ItemResult) -> ItemResult {
        var moved = item
        moved.evidence.logs = item.evidence.logs.map { log in
            var kept = log
            kept.path = "\(relativeFolder)/\(log.path)"
            return kept
        }
        return moved
    }
}
