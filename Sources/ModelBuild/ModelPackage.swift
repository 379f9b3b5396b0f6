import CFAAnalysis
import Foundation

/// A SwiftPM package of the gate's own, outside the repository, whose targets are the chosen app files as committed:
/// each is a symbolic link to the repository's file, under its repository path, so nothing of the app is copied,
/// rewritten or stubbed, and a compiler diagnostic's path maps back to the repository by dropping the target folder.
///
/// The one file of its own is `ModelBuildNetworking.swift`: on Linux `URLSession` lives in FoundationNetworking, and
/// an app written for Apple platforms reaches it through Foundation alone.
public struct ModelPackage: Sendable, Equatable {
    /// The package folder (in the run's private folder).
    public var directory: String
    public var selection: ModelSelection
    public var packageName: String
    /// Repository path → the Features, ViewModels, repositories and AppModel the file declares: what the floors count.
    public var layerMembers: [String: [ModelLayerMember]] = [:]

    /// `Sources/<App>` and `Tests/<App>Tests`, relative to the package.
    public var sourceFolder: String { "Sources/\(selection.appModule)" }
    public var testFolder: String { "Tests/\(testModule)" }
    /// The test target's module, in which the test frameworks name the tests: `HabitsTests.HabitsFeatureTests/adds()`.
    public var testModule: String { "\(selection.appModule)Tests" }
    public static let networkingFile = "ModelBuildNetworking.swift"

    /// Writes the package into `directory`, which must not exist yet or is emptied first.
    static func assemble(_ selection: ModelSelection, repositoryRoot: String, into directory: String, languageMode: String)
        throws(ModelBuildError) -> ModelPackage
    {
        let package = ModelPackage(directory: directory, selection: selection, packageName: "\(selection.appModule)Model")
        let files = FileManager.default
        try? files.removeItem(atPath: directory)
        func write(_ text: String, to relative: String) throws(ModelBuildError) {
            let path = "\(directory)/\(relative)"
            do {
                try files.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            } catch {
                throw .assembly(path: path, reason: error.localizedDescription)
            }
        }
        func link(_ paths: [String], under folder: String) throws(ModelBuildError) {
            for path in paths {
                let linkPath = "\(directory)/\(folder)/\(path)"
                do {
                    try files.createDirectory(atPath: (linkPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                    try files.createSymbolicLink(atPath: linkPath, withDestinationPath: "\(repositoryRoot)/\(path)")
                } catch {
                    throw .assembly(path: linkPath, reason: error.localizedDescription)
                }
            }
        }
        try write(package.manifest(languageMode: languageMode), to: "Package.swift")
        try write(Self.networkingSource, to: "\(package.sourceFolder)/\(Self.networkingFile)")
        try link(selection.sources, under: package.sourceFolder)
        try link(selection.tests, under: package.testFolder)
        ProbeOwnership.hand(directory)
        return package
    }

    static let networkingSource = """
        // Written by cfa-gate's model build: on Linux, URLSession and URLRequest live in FoundationNetworking.
        #if canImport(FoundationNetworking)
        @_exported import FoundationNetworking
        #endif

        """

    func manifest(languageMode: String) -> String {
        let app = selection.appModule
        let tests = selection.tests.isEmpty ? "" : "\n        .testTarget(name: \"\(testModule)\", dependencies: [\"\(app)\"], path: \"\(testFolder)\"),"
        return """
            // swift-tools-version:6.0
            // Written by cfa-gate's model build: the app's files that compile on this platform, linked as committed.
            import PackageDescription

            let package = Package(
                name: "\(packageName)",
                targets: [
                    .target(name: "\(app)", path: "\(sourceFolder)"),\(tests)
                ],
                swiftLanguageModes: [.\(languageMode)]
            )

            """
    }

    /// The repository path of a file the package compiles, from the path the compiler names it by; nil for the
    /// package's own file or a path outside the package.
    public func repositoryPath(ofCompiled path: String) -> String? {
        for folder in [sourceFolder, testFolder] {
            let prefix = "\(directory)/\(folder)/"
            if path.hasPrefix(prefix), !path.hasSuffix("/\(Self.networkingFile)") { return String(path.dropFirst(prefix.count)) }
        }
        return nil
    }
}

/// Why the model package could not be made: the `build` and `test` items are then `error`.
public enum ModelBuildError: Error, Equatable, CustomStringConvertible {
    case swiftcMissing(besides: String)
    case assembly(path: String, reason: String)
    case nothingToCompile(summary: String)

    public var description: String {
        switch self {
        case .swiftcMissing(let swift):
            "\(swift): no `swiftc` beside it, so the modules this toolchain has cannot be asked — install a whole Swift toolchain"
        case .assembly(let path, let reason):
            "\(path): the model package could not be written: \(reason) — check the run's private folder is writable"
        case .nothingToCompile(let summary):
            "\(summary): no app file compiles on this platform — put the Apple-only parts behind `#if canImport(…)` or a repository protocol"
        }
    }
}
