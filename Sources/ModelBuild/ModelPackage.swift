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
    /// Files of the test folders that are not Swift (fixtures such as `Fixtures/response.json`), repository paths: the
    /// test target declares them as resources, so a test reading one through `Bundle.module` (SwiftPM's spelling, under
    /// `#if SWIFT_PACKAGE`) finds it at the bundle's top level, where Xcode's Copy Bundle Resources puts it too.
    public var testResources: [String] = []
    /// Repository path → the Features, ViewModels, repositories and AppModel the file declares: what the floors count.
    public var layerMembers: [String: [ModelLayerMember]] = [:]
    /// The Xcode build settings the targets compile with, and what of them was not passed.
    public var xcodeSettings = XcodeBuildSettings()

    /// `Sources/<App>` and `Tests/<App>Tests`, relative to the package.
    public var sourceFolder: String { "Sources/\(selection.appModule)" }
    public var testFolder: String { "Tests/\(testModule)" }
    /// The test target's module, in which the test frameworks name the tests: `HabitsTests.HabitsFeatureTests/adds()`.
    public var testModule: String { "\(selection.appModule)Tests" }
    public static let networkingFile = "ModelBuildNetworking.swift"

    /// Writes the package into `directory`, which must not exist yet or is emptied first.
    static func assemble(_ selection: ModelSelection, repositoryRoot: String, into directory: String, settings: XcodeBuildSettings)
        throws(ModelBuildError) -> ModelPackage
    {
        var package = ModelPackage(directory: directory, selection: selection, packageName: "\(selection.appModule)Model")
        package.xcodeSettings = settings
        package.testResources = TestResources.find(besides: selection.tests, in: repositoryRoot)
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
        // Sources are links, so a diagnostic names the committed file; resources are copies, since SwiftPM copies a linked
        // resource as a link, and a test bundle carries no links (`TestRunfiles`).
        func link(_ paths: [String], under folder: String, copying: Bool = false) throws(ModelBuildError) {
            for path in paths {
                let linkPath = "\(directory)/\(folder)/\(path)"
                do {
                    try files.createDirectory(atPath: (linkPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                    if copying {
                        try files.copyItem(atPath: "\(repositoryRoot)/\(path)", toPath: linkPath)
                    } else {
                        try files.createSymbolicLink(atPath: linkPath, withDestinationPath: "\(repositoryRoot)/\(path)")
                    }
                } catch {
                    throw .assembly(path: linkPath, reason: error.localizedDescription)
                }
            }
        }
        try write(package.manifest(), to: "Package.swift")
        try write(Self.networkingSource, to: "\(package.sourceFolder)/\(Self.networkingFile)")
        try link(selection.sources, under: package.sourceFolder)
        try link(selection.tests, under: package.testFolder)
        try link(package.testResources, under: package.testFolder, copying: true)
        ProbeOwnership.hand(directory)
        return package
    }

    static let networkingSource = """
        // Written by cfa-gate's model build: on Linux, URLSession and URLRequest live in FoundationNetworking.
        #if canImport(FoundationNetworking)
        @_exported import FoundationNetworking
        #endif

        """

    /// The manifest; every Swift setting in it comes from `SwiftTargetSettings`'s own tables, never the project's text.
    func manifest() -> String {
        let app = selection.appModule
        let appSettings = xcodeSettings.appSettings
        let testSettings = xcodeSettings.testSettings
        func swiftSettings(_ settings: SwiftTargetSettings, languageMode: Bool) -> String {
            let entries = settings.manifestEntries(includingLanguageMode: languageMode)
            return entries.isEmpty ? "" : ", swiftSettings: [" + entries.joined(separator: ", ") + "]"
        }
        let resources = testResources.isEmpty ? "" : ", resources: [" + testResources.map { ".process(\(Self.swiftLiteral($0)))" }.joined(separator: ", ") + "]"
        let testTarget = ".testTarget(name: \"\(testModule)\", dependencies: [\"\(app)\"], path: \"\(testFolder)\"\(resources)"
            + "\(swiftSettings(testSettings, languageMode: testSettings.languageMode != appSettings.languageMode))),"
        let tests = selection.tests.isEmpty ? "" : "\n        \(testTarget)"
        // `defaultIsolation` came with tools version 6.2; otherwise 6.0, which older toolchains load too.
        let tools = appSettings.needsTools62 || (!selection.tests.isEmpty && testSettings.needsTools62) ? "6.2" : "6.0"
        return """
            // swift-tools-version:\(tools)
            // Written by cfa-gate's model build: the app's files that compile on this platform, linked as committed.
            import PackageDescription

            let package = Package(
                name: "\(packageName)",
                targets: [
                    .target(name: "\(app)", path: "\(sourceFolder)"\(swiftSettings(appSettings, languageMode: false))),\(tests)
                ],
                swiftLanguageModes: [.\(appSettings.languageMode.rawValue)]
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

extension ModelPackage {
    /// A Swift string literal of `text` that the manifest cannot read as anything else: every scalar but letters,
    /// digits and a few path characters is written as `\u{…}`, since the text is a repository path the change chose.
    static func swiftLiteral(_ text: String) -> String {
        let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._- ".unicodeScalars)
        let body = text.unicodeScalars.map { plain.contains($0) ? String($0) : "\\u{\(String($0.value, radix: 16))}" }.joined()
        return "\"\(body)\""
    }
}
