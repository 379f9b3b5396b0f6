import Foundation

/// Where the links cfa-gate prints open: the documentation installed beside the binary, the repository it was
/// built from, or a repository browser at the commit it was installed from. Never a host of its own: the
/// documentation is files, and a link must open on the machine that printed it (or on GitHub, for a report
/// read there).
///
/// Chosen once per process, first match wins:
/// 1. `CFA_GATE_DOCS`: a URL (`https://github.com/OWNER/REPO/blob/COMMIT`) or a folder holding the repository's
///    `README.md` and `Documentation/`.
/// 2. `<bin>/../share/doc/cfa-gate/source.txt`: the URL `Scripts/install.sh` wrote, when the installed commit is
///    on a GitHub remote and its documentation was committed as installed.
/// 3. `<bin>/../share/doc/cfa-gate`: the copy `Scripts/install.sh` made, as a `file://` URL.
/// 4. The nearest folder above the executable with `Package.swift` and `Documentation/` (run from `.build/…`).
/// 5. The checkout the binary was compiled from.
public enum DocumentationHome {
    public static let variable = "CFA_GATE_DOCS"
    /// The installed documentation folder, relative to the folder of the executable.
    public static let installedFolder = "../share/doc/cfa-gate"
    /// The file in `installedFolder` naming the repository browser's URL of the installed commit.
    public static let sourceFileName = "source.txt"

    /// The base every printed link starts with, without a trailing `/`.
    public static let base: String = locate(
        environment: ProcessInfo.processInfo.environment,
        executable: URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath())

    static func locate(environment: [String: String], executable: URL, compiledRoot: URL = compiledRoot) -> String {
        let manager = FileManager.default
        if let setting = environment[variable]?.trimmingCharacters(in: .whitespaces), !setting.isEmpty {
            return setting.contains("://") ? trimmed(setting) : fileURL(URL(fileURLWithPath: setting))
        }
        let binFolder = executable.deletingLastPathComponent()
        let installed = binFolder.appendingPathComponent(installedFolder).standardizedFileURL
        if let source = try? String(contentsOf: installed.appendingPathComponent(sourceFileName), encoding: .utf8),
            let line = source.split(whereSeparator: \.isNewline).first.map({ $0.trimmingCharacters(in: .whitespaces) }),
            line.hasPrefix("https://")
        {
            return trimmed(line)
        }
        if isDocumentationRoot(installed, manager) { return fileURL(installed) }
        var folder = binFolder
        while folder.path != "/" {
            if isDocumentationRoot(folder, manager), manager.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return fileURL(folder)
            }
            folder = folder.deletingLastPathComponent()
        }
        return fileURL(compiledRoot)
    }

    /// The repository root this file was compiled in: `Sources/CFAAnalysis/Documentation/` is three folders down.
    static var compiledRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    private static func isDocumentationRoot(_ folder: URL, _ manager: FileManager) -> Bool {
        manager.fileExists(atPath: folder.appendingPathComponent(DocumentationLink.reference.path).path)
    }

    /// A percent-encoded `file://` URL of the folder, so a path with spaces is still one URL.
    private static func fileURL(_ folder: URL) -> String {
        trimmed(URL(fileURLWithPath: folder.standardizedFileURL.path, isDirectory: true).absoluteString)
    }

    private static func trimmed(_ url: String) -> String {
        url.hasSuffix("/") ? String(url.dropLast()) : url
    }
}
