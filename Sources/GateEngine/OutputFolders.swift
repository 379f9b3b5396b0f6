#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// The folders the gate writes into after the probes (the verdict, its logs, the reports), as they were before the
/// probes ran: a probe that replaces one with a link (`reports/` → `~/.ssh`) must not make the gate write through it.
///
/// Each folder is resolved before the probes, and again once every process of the change has ended (the final sweep,
/// or the namespace, has killed them all, so nothing can swap it back in between); a folder that no longer resolves to
/// the same place, or a file the gate would replace that became a link, is a run error and nothing is written there.
public struct OutputFolders: Sendable, Equatable {
    private var resolved: [String: String]

    /// `paths` are the files the gate will write; their folders are what is recorded.
    public static func snapshot(_ paths: [String]) -> OutputFolders {
        OutputFolders(resolved: Dictionary(paths.map { ($0, Self.resolvedFolder(of: $0)) }, uniquingKeysWith: { first, _ in first }))
    }

    /// One line per path that may not be written now.
    public func check() -> [String] {
        resolved.keys.sorted().compactMap { path in
            let now = Self.resolvedFolder(of: path)
            if now != resolved[path] {
                return "\(path): its folder now leads to \(now) instead of \(resolved[path] ?? "?"): a probe replaced it with a link —"
                    + " nothing was written there"
            }
            var status = stat()
            if lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK {
                return "\(path) is a link a probe planted: nothing was written through it — remove it"
            }
            return nil
        }
    }

    /// The folder's real path, from its nearest existing ancestor (a folder the gate will create does not exist yet).
    static func resolvedFolder(of path: String) -> String {
        var folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        var missing: [String] = []
        while !FileManager.default.fileExists(atPath: folder.path), folder.path != "/" {
            missing.insert(folder.lastPathComponent, at: 0)
            folder.deleteLastPathComponent()
        }
        return ([folder.resolvingSymlinksInPath().path] + missing).joined(separator: "/")
    }
}
