import CGit2
import Foundation

extension GitRepository {
    /// The files in the git directory that decide what later `git` commands run: `config` (and `config.worktree`),
    /// where `core.fsmonitor`, `core.hooksPath`, `include.path` and friends name programs and further files, and every
    /// file under `hooks/` and `info/`. Keyed by path (relative to the work tree when inside it), each with a digest of
    /// its content — a symlink by its target — so two listings differ when any of them was changed, added or removed.
    /// A file that cannot be read is listed as such, never left out.
    public func controlFileDigests() -> [String: String] {
        let common = LibGit2.directoryPath(git_repository_commondir(handle))
        var folders = [common]
        if gitDirectory != common { folders.append(gitDirectory) }  // a linked worktree's own config.worktree
        var digests: [String: String] = [:]
        let files = FileManager.default
        for folder in folders {
            for name in ["config", "config.worktree", "packed-refs"] {
                let path = "\(folder)/\(name)"
                if let digest = Self.controlDigest(path) { digests[displayPath(path)] = digest }
            }
        }
        // `refs`: a branch or tag a probe moves or adds is what a later step of the job checks out or pushes.
        for subfolder in ["hooks", "info", "refs"] {
            let root = "\(common)/\(subfolder)"
            guard let walker = files.enumerator(atPath: root) else { continue }
            // Subfolders are listed too, so an added empty folder (or one a file was moved into) counts.
            for case let relative as String in walker {
                let path = "\(root)/\(relative)"
                if let digest = Self.controlDigest(path) { digests[displayPath(path)] = digest }
            }
        }
        return digests
    }

    /// The user's and the system's git configuration, which every later `git` of the CI job reads (a `core.fsmonitor`
    /// set there runs with each of them): `GIT_CONFIG_GLOBAL` or `~/.gitconfig`, `$XDG_CONFIG_HOME/git/config` (or
    /// `~/.config/git/config`), `GIT_CONFIG_SYSTEM` or `/etc/gitconfig`. Keyed by path; a missing file is left out.
    public static func userConfigurationDigests(environment: [String: String]) -> [String: String] {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
        var paths: [String] = []
        if let global = environment["GIT_CONFIG_GLOBAL"], !global.isEmpty { paths.append(global) }
        if let home { paths.append("\(home)/.gitconfig") }
        if let xdg = environment["XDG_CONFIG_HOME"], !xdg.isEmpty {
            paths.append("\(xdg)/git/config")
        } else if let home {
            paths.append("\(home)/.config/git/config")
        }
        paths.append(environment["GIT_CONFIG_SYSTEM"].flatMap { $0.isEmpty ? nil : $0 } ?? "/etc/gitconfig")
        return Dictionary(paths.compactMap { path in controlDigest(path).map { (path, $0) } }, uniquingKeysWith: { first, _ in first })
    }

    /// A digest of what is at `path` without following a symlink; nil when nothing is there.
    private static func controlDigest(_ path: String) -> String? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFLNK:
            return "symlink to " + ((try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?")
        case S_IFDIR:
            return "folder"
        case S_IFREG:
            guard let data = FileManager.default.contents(atPath: path) else { return "unreadable" }
            return "mode \(String(status.st_mode & 0o7777, radix: 8)), blob " + (blobID(of: data) ?? "?")
        default:
            return "special file"
        }
    }

    /// `.git/config` for a file of the work tree's own git directory; the absolute path otherwise.
    private func displayPath(_ path: String) -> String {
        path.hasPrefix(workingDirectory + "/") ? String(path.dropFirst(workingDirectory.count + 1)) : path
    }
}
