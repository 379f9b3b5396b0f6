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

    init(path: String, content: Content, size: Int, contentKey: String? = nil) {
        self.path = path
        self.content = content
        self.size = size
        self.contentKey = contentKey
    }

    public static func text(_ text: String, path: String, contentKey: String? = nil) -> SourceInput {
        SourceInput(path: path, content: .text(text), size: text.utf8.count, contentKey: contentKey)
    }
}

/// Finds the Swift files of a working tree, leaving out build products, dependencies and hidden folders.
enum SourceDiscovery {
    static let alwaysExcluded: Set<String> = [".build", "DerivedData", "Pods", "Carthage"]

    /// The Swift files under `scope` (a folder inside the repository, relative to its root; "" for all of it).
    /// `include`/`exclude` are relative to the scope; the paths returned are relative to the repository root,
    /// so findings read the same from the root, in editors and in code scanning.
    static func swiftFiles(repositoryRoot: String, scope: String = "", configuration: AnalysisConfiguration) -> [SourceInput] {
        let prefix = scope.isEmpty || scope == "." ? "" : (scope.hasSuffix("/") ? scope : scope + "/")
        let root = URL(fileURLWithPath: repositoryRoot + (prefix.isEmpty ? "" : "/" + prefix)).standardizedFileURL
        let rootPath = root.path.hasSuffix("/") ? root.path : root.path + "/"
        guard let walker = FileManager.default.enumerator(
            at: root, includingPropertiesForKeys: [.isDirectoryKey, .fileSizeKey, .isSymbolicLinkKey],
            options: [.skipsHiddenFiles])
        else { return [] }
        var found: [SourceInput] = []
        for case let url as URL in walker {
            let absolute = url.standardizedFileURL.path
            guard absolute.hasPrefix(rootPath) else { continue }
            let relative = String(absolute.dropFirst(rootPath.count))
            let values = try? url.resourceValues(forKeys: [.isDirectoryKey, .fileSizeKey, .isSymbolicLinkKey])
            if values?.isDirectory == true {
                if alwaysExcluded.contains(url.lastPathComponent) || isExcluded(relative, configuration) { walker.skipDescendants() }
                continue
            }
            guard url.pathExtension == "swift", values?.isSymbolicLink != true, isIncluded(relative, configuration),
                !isExcluded(relative, configuration)
            else { continue }
            found.append(SourceInput(path: prefix + relative, content: .file(absolutePath: absolute), size: values?.fileSize ?? 0))
        }
        return found.sorted { $0.path < $1.path }
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
