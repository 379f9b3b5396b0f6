import Foundation

/// The fixtures of an Xcode app's test folders: what its test bundle's Copy Bundle Resources phase would carry, for the
/// model package's test target to declare as resources.
enum TestResources {
    /// Apple build-tool formats no Linux build can process, and files that describe the bundle rather than ride in it.
    private static let skippedExtensions: Set<String> = [
        "swift", "xcassets", "storyboard", "xib", "xcdatamodeld", "xcdatamodel", "xcmappingmodel", "xcstrings", "xctestplan",
        "xcconfig", "entitlements", "intentdefinition", "xcprivacy",
    ]

    /// Every regular, non-hidden file under the `…Tests` folder of each test file (the nearest folder whose name ends in
    /// `Tests`), minus the skipped formats and `Info.plist`; one per file name, in path order, since SwiftPM, like
    /// Xcode, puts them all at the bundle's top level. Links are left out: a fixture is a committed file, never a path
    /// out of the repository.
    static func find(besides tests: [String], in repositoryRoot: String) -> [String] {
        let folders = Set(tests.compactMap(testFolder))
        var found: [String] = []
        var names: Set<String> = []
        for folder in folders.sorted() {
            guard let entries = FileManager.default.enumerator(atPath: "\(repositoryRoot)/\(folder)") else { continue }
            var inFolder: [String] = []
            while let entry = entries.nextObject() as? String {
                let components = entry.split(separator: "/")
                let name = String(components.last ?? "")
                if name.hasPrefix(".") || skippedExtensions.contains((name as NSString).pathExtension) {
                    entries.skipDescendants()
                    continue
                }
                let path = "\(folder)/\(entry)"
                guard name != "Info.plist", isRegularFile("\(repositoryRoot)/\(path)") else { continue }
                inFolder.append(path)
            }
            for path in inFolder.sorted() where names.insert((path as NSString).lastPathComponent).inserted { found.append(path) }
        }
        return found
    }

    private static func testFolder(of test: String) -> String? {
        let components = test.split(separator: "/").dropLast()
        guard let last = components.lastIndex(where: { $0.hasSuffix("Tests") }) else { return nil }
        return components[...last].joined(separator: "/")
    }

    private static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }
}
