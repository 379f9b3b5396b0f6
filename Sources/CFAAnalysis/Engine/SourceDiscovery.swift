import Foundation

/// One Swift file to analyse: where it is in the repository, and how to get its text.
public struct SourceInput: Sendable {
    enum Content: Sendable {
        case file(absolutePath: String)
        case text(String)
    }

    /// Repository-relative, `/`-separated.
    var path: String
    var content: Content
    /// Bytes, used to balance parsing across cores.
    var size: Int
    /// Identical content has one key (a git blob id): such files are parsed once and their facts reused.
    var contentKey: String?
    /// Set for a symbolic link that cannot be judged (see `SourceLink`): it is reported, never parsed.
    var unresolvedLink: (target: String, problem: SourceLink.Problem)?

    init(path: String, content: Content, size: Int, contentKey: String? = nil) {
        self.path = path
        self.content = content
        self.size = size
        self.contentKey = contentKey
    }

    /// The finding for an unresolved link; nil for a source to parse.
    var linkFinding: Finding? {
        unresolvedLink.map { SourceLink.finding(path: path, target: $0.target, problem: $0.problem) }
    }

    public static func text(_ text: String, path: String, contentKey: String? = nil) -> SourceInput {
        SourceInput(path: path, content: .text(text), size: text.utf8.count, contentKey: contentKey)
    }
}

/// Finds the Swift files of a working tree, leaving out hidden entries (`.build`, `.git`, as SwiftPM does) and the
/// vendored folders `VendoredFolders` says SwiftPM does not compile.
///
/// Symbolic links are followed, as SwiftPM follows them when it compiles: a linked `.swift` file is a source under the
/// link's own path with its target's content, and a linked folder is walked under the link's path. A link that points
/// outside the repository, at nothing, or back into itself is kept as an unresolved link, which the analysis reports.
enum SourceDiscovery {
    /// The Swift files under `scope` (a folder inside the repository, relative to its root; "" for all of it).
    /// `include`/`exclude` are relative to the scope; the paths returned are relative to the repository root,
    /// so findings read the same from the root, in editors and in code scanning.
    /// `vendoredFolders` relates to the package at `scope`; without it, the manifests there are read now (see
    /// `VendoredFolders(manifests:)`), so that the caller's snapshot and its judgement of folders are of one moment.
    static func swiftFiles(
        repositoryRoot: String, scope: String = "", configuration: AnalysisConfiguration, vendoredFolders: VendoredFolders? = nil
    ) -> [SourceInput] {
        let prefix = scope.isEmpty || scope == "." ? "" : (scope.hasSuffix("/") ? scope : scope + "/")
        let rootPath = URL(fileURLWithPath: repositoryRoot + (prefix.isEmpty ? "" : "/" + prefix)).standardizedFileURL.path
        guard let repository = realPath(repositoryRoot), let root = realPath(rootPath) else { return [] }
        let vendored = vendoredFolders ?? Self.vendoredFolders(packageFolder: root)
        var walk = Walk(repository: repository, prefix: prefix, configuration: configuration, vendored: vendored)
        walk.folder(real: root, relative: "", chain: [root])
        return walk.found.sorted { $0.path < $1.path }
    }

    /// What the manifests in `packageFolder` declare. A manifest that is there but cannot be read could declare any
    /// folder, so it counts as declaring the whole package.
    static func vendoredFolders(packageFolder: String) -> VendoredFolders {
        manifests(inPackage: packageFolder).map(VendoredFolders.init(manifests:)) ?? VendoredFolders(targetFolders: [""])
    }

    /// The texts of the manifests in `packageFolder` (`Package.swift`, `Package@swift-….swift`), read now; nil when one
    /// is there but cannot be read as text.
    static func manifests(inPackage packageFolder: String) -> [String]? {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: packageFolder)) ?? []).filter(VendoredFolders.isManifestName)
        let manifests = names.sorted().map { name in
            FileManager.default.contents(atPath: "\(packageFolder)/\(name)").flatMap { String(validating: $0, as: UTF8.self) }
        }
        return manifests.contains(nil) ? nil : manifests.compactMap { $0 }
    }

    /// One walk of the tree: what it found so far.
    private struct Walk {
        /// The repository's real path: a link whose target resolves outside it cannot be judged.
        var repository: String
        var prefix: String
        var configuration: AnalysisConfiguration
        var vendored: VendoredFolders
        var found: [SourceInput] = []

        /// - Parameters:
        ///   - real: the folder's real path (no link in it), read with `lstat`.
        ///   - relative: its path relative to the scope as the walk shows it (through a linked folder, the link's path).
        ///   - chain: the real paths of the folders being walked, this one last; a link to one of them, or to a folder
        ///     above one, would be walked forever.
        mutating func folder(real: String, relative: String, chain: [String]) {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: real) else { return }
            let siblings = Set(names)
            for name in names.sorted() where !name.hasPrefix(".") {
                let absolute = "\(real)/\(name)"
                let path = relative.isEmpty ? name : "\(relative)/\(name)"
                var status = stat()
                guard lstat(absolute, &status) == 0 else { continue }
                switch status.st_mode & S_IFMT {
                case S_IFDIR:
                    guard !vendored.skips(path, siblings: siblings), !SourceDiscovery.isExcluded(path, configuration) else { continue }
                    folder(real: absolute, relative: path, chain: chain + [absolute])
                case S_IFREG:
                    file(name: name, path: path, content: absolute, size: Int(status.st_size))
                case S_IFLNK:
                    link(name: name, path: path, at: absolute, chain: chain, siblings: siblings)
                default:
                    continue
                }
            }
        }

        mutating func file(name: String, path: String, content absolute: String, size: Int) {
            guard name.hasSuffix(".swift"), SourceDiscovery.isIncluded(path, configuration), !SourceDiscovery.isExcluded(path, configuration)
            else { return }
            found.append(SourceInput(path: prefix + path, content: .file(absolutePath: absolute), size: size))
        }

        mutating func link(name: String, path: String, at absolute: String, chain: [String], siblings: Set<String>) {
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: absolute)) ?? "?"
            let isSwift = name.hasSuffix(".swift")
            func unresolved(_ problem: SourceLink.Problem) {
                guard SourceDiscovery.isIncluded(path, configuration), !SourceDiscovery.isExcluded(path, configuration) else { return }
                var input = SourceInput(path: prefix + path, content: .text(""), size: 0)
                input.unresolvedLink = (target, problem)
                found.append(input)
            }
            guard let resolved = SourceDiscovery.realPath(absolute) else {
                let problem: SourceLink.Problem = errno == ELOOP ? .loop : .dangling
                // Nothing there (or a circle of links): only a link that may name Swift code matters to SwiftPM.
                if isSwift || SourceDiscovery.mayBeFolder(name: name, target: target) { unresolved(problem) }
                return
            }
            var status = stat()
            guard stat(resolved, &status) == 0 else { return }
            let isFolder = status.st_mode & S_IFMT == S_IFDIR
            guard isSwift || isFolder else { return }
            guard resolved == repository || resolved.hasPrefix(repository + "/") else {
                unresolved(.outsideRepository)
                return
            }
            if isFolder {
                guard !vendored.skips(path, siblings: siblings), !SourceDiscovery.isExcluded(path, configuration) else { return }
                guard !chain.contains(where: { $0 == resolved || $0.hasPrefix(resolved + "/") }) else {
                    unresolved(.loop)
                    return
                }
                folder(real: resolved, relative: path, chain: chain + [resolved])
            } else if status.st_mode & S_IFMT == S_IFREG {
                file(name: name, path: path, content: resolved, size: Int(status.st_size))
            }
        }
    }

    /// The path with every link in it resolved; nil when it names nothing (errno says why).
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// A link whose name and target both lack a file extension may be a folder; SwiftPM would compile what is in it.
    static func mayBeFolder(name: String, target: String) -> Bool {
        let last = target.split(separator: "/").last.map(String.init) ?? ""
        return !name.contains(".") && (last == "." || last == ".." || !last.contains("."))
    }

    static func isIncluded(_ path: String, _ configuration: AnalysisConfiguration) -> Bool {
        configuration.include.isEmpty || configuration.include.contains { covers($0, path) }
    }

    static func isExcluded(_ path: String, _ configuration: AnalysisConfiguration) -> Bool {
        configuration.exclude.contains { covers($0, path) }
    }

    /// `Sources/Legacy`, `Sources/Legacy/` and `Sources/Legacy/**` all cover `Sources/Legacy/A.swift`.
    static func covers(_ pattern: String, _ path: String) -> Bool {
        var folder = pattern
        if folder.hasSuffix("/**") { folder.removeLast(3) }
        while folder.hasSuffix("/") { folder.removeLast() }
        if folder.hasPrefix("./") { folder.removeFirst(2) }
        return folder.isEmpty || path == folder || path.hasPrefix(folder + "/")
    }
}
