/// Tests kept in a folder that mirrors the source tree (item 23): `MetronomeTests/AppModel tests/Features/Metronome/`
/// for `Metronome/2 - AppModel/Features/Metronome/MetronomeManager.swift`, with files named by behavior
/// (`LaunchAccessTests.swift`) rather than by type. Real CFA apps keep Feature tests this way; without it they would be
/// told to add a file whose tests they already have.
///
/// A `…Tests.swift` file counts as a type's tests only when all of these hold, so a folder shared by several types, or
/// a file about something else, never silences a finding:
/// - its folder, or a folder above it, mirrors the type's folder: at least the last two folders of the type's path
///   match (see `mirrorName`);
/// - no other type of the same role has its folder mirrored as deeply (two Features in one folder are ambiguous; a
///   Feature in a mirrored subfolder owns that subfolder's tests);
/// - its name is not that of another type of the app (`UserDefaultsPresetRepositoryTests.swift`), nor another
///   Feature's name without its pattern's fixed part;
/// - it exercises the type: names it, or calls a function declared in another test file that constructs it
///   (`makeTestMetronome()`).
enum MirroredTestFolder {
    /// The first such test file, in path order, for `entry` among the types of `role`.
    static func test(for entry: CodebaseIndex.Entry, role: Role, in index: CodebaseIndex) -> String? {
        let source = mirrorNames(ofFolderOf: entry.file)
        guard source.count >= minimumMatch, !index.isTestFile(entry.file) else { return nil }
        // Worked out only once a file mirrors the type's folder: most types have their named test file and never get here.
        var otherNames: Set<String>?
        var helpers: [String: Set<String>]?
        var rivals: [[String]]?
        for path in index.testPaths where path.hasSuffix(testSuffix) {
            let folders = mirrorNames(ofFolderOf: path)
            guard let depth = mirrorDepth(of: folders, source), let file = index.file(path) else { continue }
            let others = otherNames ?? namesOfOtherTypes(than: entry.name, in: index)
            otherNames = others
            guard !others.contains(stem(of: path)) else { continue }
            let constructing = helpers ?? helpersConstructing(entry.name, in: index)
            helpers = constructing
            guard names(entry.name, in: file) || calls(constructing, from: file) else { continue }
            let otherFolders = rivals ?? index.entries(with: role)
                .filter { $0.name != entry.name && !$0.declaration.isPreviewOnly && !index.isTestFile($0.file) }.map { mirrorNames(ofFolderOf: $0.file) }
            rivals = otherFolders
            if !otherFolders.contains(where: { (mirrorDepth(of: folders, $0) ?? 0) >= depth }) { return path }
        }
        return nil
    }

    private static let testSuffix = "Tests.swift"
    /// The type's own folder and the one above it: one shared name (`Orders`) is too weak to tie a file to a type.
    private static let minimumMatch = 2

    /// A folder name as test trees mirror it: `FeatureTests` for `Features`, `AppModel tests` for `2 - AppModel`,
    /// `MetronomeTests` for `Metronome` — normalized as other folder names, then without a trailing `tests` and `s`.
    static func mirrorName(_ folder: some StringProtocol) -> String {
        var name = Substring(FolderName.normalized(folder))
        for suffix in ["tests", "test", "s"] where name.hasSuffix(suffix) && name.count > suffix.count {
            name = name.dropLast(suffix.count)
        }
        return String(name)
    }

    private static func mirrorNames(ofFolderOf path: String) -> [String] {
        path.split(separator: "/").dropLast().map(mirrorName)
    }

    /// How many of the test file's folders, from the top, end in a copy of the source folder's last folders (at
    /// least `minimumMatch` of them); the deepest such prefix, or nil.
    static func mirrorDepth(of testFolders: [String], _ sourceFolders: [String]) -> Int? {
        for depth in stride(from: testFolders.count, through: minimumMatch, by: -1) {
            let matched = zip(testFolders[..<depth].reversed(), sourceFolders.reversed()).prefix { $0 == $1 }.count
            if matched >= minimumMatch { return depth }
        }
        return nil
    }

    /// `LaunchAccess` for `…/LaunchAccessTests.swift`.
    private static func stem(of path: String) -> String {
        String((path.split(separator: "/").last ?? "").dropLast(testSuffix.count))
    }

    /// Names a test file may carry that tie it to another type: the app's other types, and its other Features'
    /// names without their pattern's fixed part (`Progress` for `ProgressManager`).
    private static func namesOfOtherTypes(than type: String, in index: CodebaseIndex) -> Set<String> {
        var names: Set<String> = []
        for entry in index.allEntries where entry.name != type && !index.isTestFile(entry.file) {
            names.insert(entry.name)
            if entry.role == .feature {
                names.formUnion(TestFileLookup.featureStems(of: entry.name, index.configuration).filter { $0 != type })
            }
        }
        return names
    }

    /// True when the file's code names `type`: a reference, an annotation, or a call of its initializer.
    private static func names(_ type: String, in file: FileFacts) -> Bool {
        scopes(of: file).contains { scope in
            scope.references.contains { $0.name == type } || scope.calls.contains { constructs(type, $0.shape) || $0.shape.base == type }
        }
    }

    private static func constructs(_ type: String, _ call: CallShape) -> Bool {
        (call.base == nil && call.name == type) || (call.name == "init" && call.base == type)
    }

    /// Functions declared in test files whose bodies construct `type`, by name, with the files declaring them.
    private static func helpersConstructing(_ type: String, in index: CodebaseIndex) -> [String: Set<String>] {
        var helpers: [String: Set<String>] = [:]
        for path in index.testPaths {
            guard let file = index.file(path) else { continue }
            for scope in scopes(of: file) {
                for call in scope.calls where constructs(type, call.shape) {
                    if let member = call.member { helpers[member, default: []].insert(path) }
                }
            }
        }
        return helpers
    }

    /// True when the file calls a helper declared in another test file; one declared only in the same file proves
    /// nothing more than the file naming the type would.
    private static func calls(_ helpers: [String: Set<String>], from file: FileFacts) -> Bool {
        scopes(of: file).contains { scope in
            scope.calls.contains { call in helpers[call.shape.name].map { !$0.subtracting([file.path]).isEmpty } ?? false }
        }
    }

    private static func scopes(of file: FileFacts) -> [ScopeFacts] {
        [file.fileScope] + file.types.map(\.scope)
    }
}
