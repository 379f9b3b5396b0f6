import CFAAnalysis
import Foundation
import GateTestSupport
import Testing
@testable import ModelBuild

@Suite("Model build: the Xcode target's build settings, read from project.pbxproj and passed to SwiftPM")
struct XcodeSettingsTests {
    private static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// Project: Swift 5, targeted checking, `DEBUG $(inherited)`. The app target (Debug) overrides with Xcode 26's
    /// defaults and a list of conditions; the test target inherits the project's language mode.
    static let counterProject = XcodeProjectText.synchronized(
        app: "Counter",
        project: .init(
            debug: "SWIFT_ACTIVE_COMPILATION_CONDITIONS = \"DEBUG $(inherited)\";\nSWIFT_VERSION = 5.0;\nSWIFT_STRICT_CONCURRENCY = targeted;",
            release: "SWIFT_VERSION = 5.0;"),
        appTarget: .init(
            debug: """
                SWIFT_VERSION = 6.0;
                SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor;
                SWIFT_APPROACHABLE_CONCURRENCY = YES;
                SWIFT_UPCOMING_FEATURE_MEMBER_IMPORT_VISIBILITY = YES;
                SWIFT_ACTIVE_COMPILATION_CONDITIONS = (
                    "$(inherited)",
                    BETA,
                );
                """,
            release: "SWIFT_VERSION = 5.0;\nSWIFT_DEFAULT_ACTOR_ISOLATION = nonisolated;"),
        testTarget: .init(debug: "SWIFT_APPROACHABLE_CONCURRENCY = YES;", release: "SWIFT_VERSION = 6.0;"))

    @Test("an Xcode 16 project's targets, their synchronized folders, and the Debug settings, target over project")
    func readsTargetsAndDebugSettings() throws {
        let project = try XcodeProject.read(Self.bytes(Self.counterProject))
        #expect(project.targets.map(\.name) == ["Counter", "CounterTests"])
        #expect(project.targets.map(\.folders) == [["Counter"], ["CounterTests"]])
        #expect(project.targets.map(\.isApplication) == [true, false])
        #expect(project.targets.map(\.isUnitTest) == [false, true])
        #expect(project.targets[0].owns("Counter/Sub/Tally.swift"))
        #expect(!project.targets[0].owns("CounterTests/TallyTests.swift"))
        let app = project.settings(of: project.targets[0])
        // Debug, as Xcode's test action builds, though the list's default is Release.
        #expect(app.configuration == "Debug")
        #expect(app.settings["SWIFT_VERSION"] == .string("6.0"))
        #expect(app.settings["SWIFT_ACTIVE_COMPILATION_CONDITIONS"]?.words == ["DEBUG", "BETA"])
        #expect(app.settings["SWIFT_STRICT_CONCURRENCY"] == .string("targeted"))
        let tests = project.settings(of: project.targets[1])
        #expect(tests.settings["SWIFT_VERSION"] == .string("5.0"))
        #expect(tests.settings["SWIFT_ACTIVE_COMPILATION_CONDITIONS"]?.words == ["DEBUG"])
    }

    @Test("Xcode's settings map to SwiftPM's: language mode, MainActor isolation, approachable concurrency, features, conditions")
    func mapsSettings() throws {
        let project = try XcodeProject.read(Self.bytes(Self.counterProject))
        let app = SwiftTargetSettings.from(project.settings(of: project.targets[0]).settings)
        #expect(app.languageMode == .v6)
        #expect(app.mainActorByDefault)
        #expect(app.strictConcurrency == nil)
        #expect(app.ignored.map(\.setting) == ["SWIFT_STRICT_CONCURRENCY"])
        // In Swift 6 only the two features it lacks; DEBUG comes with SwiftPM's debug build.
        #expect(app.upcomingFeatures == ["InferIsolatedConformances", "MemberImportVisibility", "NonisolatedNonsendingByDefault"])
        #expect(app.defines == ["BETA"])
        #expect(app.manifestEntries(includingLanguageMode: false) == [
            ".defaultIsolation(MainActor.self)", #".enableUpcomingFeature("InferIsolatedConformances")"#,
            #".enableUpcomingFeature("MemberImportVisibility")"#, #".enableUpcomingFeature("NonisolatedNonsendingByDefault")"#, #".define("BETA")"#,
        ])
        let tests = SwiftTargetSettings.from(project.settings(of: project.targets[1]).settings)
        #expect(tests.languageMode == .v5)
        #expect(!tests.mainActorByDefault)
        #expect(tests.strictConcurrency == .targeted)
        #expect(tests.upcomingFeatures == [
            "DisableOutwardActorInference", "GlobalActorIsolatedTypesUsability", "InferIsolatedConformances", "InferSendableFromCaptures",
            "NonisolatedNonsendingByDefault",
        ])
        #expect(tests.manifestEntries(includingLanguageMode: true).prefix(2) == [
            ".swiftLanguageMode(.v5)", #".enableUpcomingFeature("StrictConcurrency=targeted")"#,
        ])
        #expect(tests.phrases.prefix(2) == ["Swift 5", "strict concurrency targeted"])
    }

    @Test("the language mode: 4.x and 5.x are Swift 5, 6.x Swift 6, anything else Swift 5 and recorded")
    func languageModes() {
        func mode(_ version: String) -> SwiftTargetSettings {
            SwiftTargetSettings.from(["SWIFT_VERSION": .string(version)])
        }
        #expect(mode("4.2").languageMode == .v5)
        #expect(mode("5.0").languageMode == .v5)
        #expect(mode("6.0").languageMode == .v6)
        #expect(mode("6").languageMode == .v6)
        #expect(mode("7.0").languageMode == .v5)
        #expect(mode("7.0").ignored.map(\.setting) == ["SWIFT_VERSION"])
        #expect(SwiftTargetSettings.from([:]).languageMode == .v5)
        #expect(SwiftTargetSettings.from(["SWIFT_STRICT_CONCURRENCY": .string("minimal")]).strictConcurrency == nil)
        #expect(SwiftTargetSettings.from(["SWIFT_STRICT_CONCURRENCY": .string("complete")]).strictConcurrency == .complete)
    }

    @Test("nothing of the project's text reaches the manifest unchecked: unknown features, odd values and flags are recorded, not passed")
    func hostileSettingsAreRecordedNotPassed() {
        let settings = SwiftTargetSettings.from([
            "SWIFT_VERSION": .string("6.0"),
            "SWIFT_UPCOMING_FEATURE_X\")]), .unsafeFlags([\"-load-plugin": .string("YES"),
            "SWIFT_UPCOMING_FEATURE_TELEPORTATION": .string("YES"),
            "SWIFT_UPCOMING_FEATURE_EXISTENTIAL_ANY": .string("maybe"),
            "SWIFT_UPCOMING_FEATURE_CONCISE_MAGIC_FILE": .string("YES"),
            "SWIFT_ACTIVE_COMPILATION_CONDITIONS": .list(["OK_1", "A\"),.unsafeFlags([\"-x\"", "1BAD", "X=1"]),
            "SWIFT_DEFAULT_ACTOR_ISOLATION": .string("SomeActor"),
            "OTHER_SWIFT_FLAGS": .string("-Xfrontend -load-plugin-library"),
            "SWIFT_VERSION[sdk=iphoneos*]": .string("5.0"),
        ])
        let manifest = settings.manifestEntries(includingLanguageMode: true).joined(separator: " ")
        #expect(manifest == #".swiftLanguageMode(.v6) .define("OK_1")"#)
        #expect(!settings.mainActorByDefault)
        let ignored = Dictionary(settings.ignored.map { ($0.setting, $0.reason) }, uniquingKeysWith: { "\($0); \($1)" })
        #expect(ignored["SWIFT_UPCOMING_FEATURE_TELEPORTATION"] == "is not an upcoming feature the gate knows")
        #expect(ignored["SWIFT_UPCOMING_FEATURE_EXISTENTIAL_ANY"] == "is neither YES nor NO")
        #expect(ignored["SWIFT_DEFAULT_ACTOR_ISOLATION"] == "is neither MainActor nor nonisolated")
        #expect(ignored["OTHER_SWIFT_FLAGS"] == "arbitrary compiler flags are not passed")
        #expect(ignored["SWIFT_VERSION[sdk=iphoneos*]"] == "applies only to some SDKs or architectures")
        #expect(settings.ignored.filter { $0.setting == "SWIFT_ACTIVE_COMPILATION_CONDITIONS" }.count == 3)
        // The feature Swift 6 has on anyway is not passed (it would only warn).
        #expect(settings.upcomingFeatures.isEmpty)
    }

    @Test("approachable concurrency's features can be turned off one by one, as in Xcode's build settings")
    func approachableConcurrencyWithAnOverride() {
        let settings = SwiftTargetSettings.from([
            "SWIFT_VERSION": .string("6.0"), "SWIFT_APPROACHABLE_CONCURRENCY": .string("YES"),
            "SWIFT_UPCOMING_FEATURE_NONISOLATED_NONSENDING_BY_DEFAULT": .string("NO"),
        ])
        #expect(settings.upcomingFeatures == ["InferIsolatedConformances"])
    }

    // MARK: The parser

    @Test("quoted strings with escapes, bare tokens, arrays with a trailing comma, data, and both kinds of comment")
    func parsesThePlistSyntax() throws {
        let text = #"""
            // !$*UTF8*$!
            { a = "x\"y\n\U00e9\101\\"; /* c */ b = (one, "two", ); c = <0fbd 7777>; d = {}; e = com.apple.product-type.app-extension;
              f = ( ); 'g' = "$(inherited)"; }
            """#
        let value = try PropertyListText.parse(Self.bytes(text))
        let dictionary = try #require(value.dictionary)
        #expect(dictionary["a"] == .string("x\"y\n\u{e9}A\\"))
        #expect(dictionary["b"] == .array([.string("one"), .string("two")]))
        #expect(dictionary["c"] == .string("<0fbd 7777>"))
        #expect(dictionary["d"] == .dictionary([:]))
        #expect(dictionary["e"] == .string("com.apple.product-type.app-extension"))
        #expect(dictionary["f"] == .array([]))
        #expect(dictionary["g"] == .string("$(inherited)"))
    }

    @Test("hostile input is an error, never a crash or a hang: unterminated, too deep, too large, malformed")
    func hostileInput() {
        func error(_ text: String) -> PropertyListError? {
            do throws(PropertyListError) {
                _ = try PropertyListText.parse(Self.bytes(text))
                return nil
            } catch {
                return error
            }
        }
        #expect(error(#"{ a = "abc"#) == .unterminatedString(offset: 6))
        #expect(error(#"{ a = "abc\"#) == .unterminatedString(offset: 6))
        #expect(error("{ a = b; /* never closed") == .unterminatedComment(offset: 9))
        #expect(error(String(repeating: "(", count: 200_000)) == .tooDeep(limit: PropertyListText.depthLimit))
        #expect(error(String(repeating: "{a=", count: 200_000)) == .tooDeep(limit: PropertyListText.depthLimit))
        #expect(error("{ a = b }") == .unexpected("`}`", offset: 8))
        #expect(error("{ a = b; } extra") == .trailingText(offset: 11))
        #expect(error("( a b )") == .unexpected("`b`", offset: 4))
        #expect(error("") == .unexpected("the end of the file", offset: 0))
        #expect(error("{ a = <12") == .unterminatedString(offset: 6))
        let huge = [UInt8](repeating: 0x20, count: PropertyListText.byteLimit + 1)
        #expect(throws: PropertyListError.tooLarge(bytes: huge.count, limit: PropertyListText.byteLimit)) { try PropertyListText.parse(huge) }
        // Every prefix of a real project is either read or refused.
        let project = Self.bytes(Self.counterProject)
        for end in stride(from: 0, to: project.count, by: 97) {
            _ = try? PropertyListText.parse(Array(project[..<end]))
        }
    }

    @Test("groups that contain each other end the path walk instead of looping")
    func cyclicGroups() throws {
        let text = """
            { objects = {
              P = { isa = PBXProject; targets = (T); };
              G1 = { isa = PBXGroup; children = (G2, F); path = a; };
              G2 = { isa = PBXGroup; children = (G1); path = b; };
              F = { isa = PBXFileReference; path = F.swift; sourceTree = "<group>"; };
              B = { isa = PBXBuildFile; fileRef = F; };
              S = { isa = PBXSourcesBuildPhase; files = (B); };
              T = { isa = PBXNativeTarget; name = App; buildPhases = (S); productType = "com.apple.product-type.application"; };
            }; }
            """
        let project = try XcodeProject.read(Self.bytes(text))
        #expect(project.targets.map(\.name) == ["App"])
        #expect(project.targets[0].files.isEmpty)
    }

    // MARK: Choosing the project and its targets

    /// A classic project (Xcode 15 and before): groups and a Sources phase list the target's files one by one.
    static func classicProject(target: String, folder: String, file: String, settings: String) -> String {
        """
        // !$*UTF8*$!
        { archiveVersion = 1; objectVersion = 56; rootObject = P;
          objects = {
            P /* Project object */ = { isa = PBXProject; buildConfigurationList = PL; mainGroup = M; targets = (T /* \(target) */, ); };
            M = { isa = PBXGroup; children = (G, ); sourceTree = "<group>"; };
            G /* \(folder) */ = { isa = PBXGroup; children = (F, ); path = "\(folder)"; sourceTree = "<group>"; };
            F /* \(file) */ = { isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = "\(file)"; sourceTree = "<group>"; };
            BF = { isa = PBXBuildFile; fileRef = F /* \(file) */; };
            S /* Sources */ = { isa = PBXSourcesBuildPhase; files = (BF, ); };
            T /* \(target) */ = { isa = PBXNativeTarget; buildConfigurationList = TL; buildPhases = (S, ); name = "\(target)";
              productType = "com.apple.product-type.application"; };
            PL = { isa = XCConfigurationList; buildConfigurations = (PD, ); defaultConfigurationName = Debug; };
            TL = { isa = XCConfigurationList; buildConfigurations = (TD, TR, ); defaultConfigurationName = Release; };
            PD = { isa = XCBuildConfiguration; buildSettings = { SWIFT_VERSION = 5.0; }; name = Debug; };
            TD = { isa = XCBuildConfiguration; baseConfigurationReference = X; buildSettings = { \(settings) }; name = Debug; };
            TR = { isa = XCBuildConfiguration; buildSettings = { }; name = Release; };
            X = { isa = PBXFileReference; path = Shared.xcconfig; sourceTree = "<group>"; };
          };
        }
        """
    }

    @Test("of several projects, the one whose targets compile the chosen files; its app and unit-test targets by the files they own")
    func choosesTheProjectOwningTheSources() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cfa-gate-xcode-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let files = [
            // Alphabetically first and at the root, but its target compiles nothing the model build chose.
            "Aardvark.xcodeproj/project.pbxproj": Self.classicProject(
                target: "Aardvark", folder: "Aardvark", file: "Main.swift", settings: "SWIFT_VERSION = 6.0;"),
            "Apps/Counter.xcodeproj/project.pbxproj": Self.counterProject,
            "Tools/Legacy.xcodeproj/project.pbxproj": Self.classicProject(
                target: "Legacy", folder: "Legacy Sources", file: "Old.swift", settings: "SWIFT_STRICT_CONCURRENCY = complete;"),
            "Broken.xcodeproj/project.pbxproj": "{ objects = { a = \"never closed",
        ]
        for (path, text) in files {
            try FileManager.default.createDirectory(atPath: "\(root)/\((path as NSString).deletingLastPathComponent)", withIntermediateDirectories: true)
            try text.write(toFile: "\(root)/\(path)", atomically: true, encoding: .utf8)
        }
        let counter = XcodeBuildSettings.read(
            repositoryRoot: root, sources: ["Apps/Counter/Tally.swift"], tests: ["Apps/CounterTests/TallyTests.swift"])
        #expect(counter.project == "Apps/Counter.xcodeproj")
        #expect(counter.app?.name == "Counter")
        #expect(counter.app?.configuration == "Debug")
        #expect(counter.app?.swift.mainActorByDefault == true)
        #expect(counter.tests?.name == "CounterTests")
        #expect(counter.testSettings.languageMode == .v5)
        #expect(counter.notes.contains { $0.hasPrefix("`Broken.xcodeproj/project.pbxproj` has a string opened at byte") })
        // A classic project: the Sources phase's file, through its group's path; the .xcconfig base is recorded as not read.
        let legacy = XcodeBuildSettings.read(repositoryRoot: root, sources: ["Tools/Legacy Sources/Old.swift"], tests: [])
        #expect(legacy.project == "Tools/Legacy.xcodeproj")
        #expect(legacy.app?.name == "Legacy")
        #expect(legacy.app?.swift.strictConcurrency == .complete)
        #expect(legacy.tests == nil)
        #expect(legacy.notes.contains("`Shared.xcconfig` (an .xcconfig of Legacy) was not read: outside the project's folder, missing or too large"))
        // No target lists the file: the project whose folder holds it, the closest one.
        let loose = XcodeBuildSettings.read(repositoryRoot: root, sources: ["Apps/Loose.swift"], tests: [])
        #expect(loose.project == "Apps/Counter.xcodeproj")
        #expect(XcodeBuildSettings.read(repositoryRoot: root, sources: ["Loose.swift"], tests: []).project == "Aardvark.xcodeproj")
        let none = XcodeBuildSettings.read(repositoryRoot: "\(root)/Apps/Counter", sources: ["Tally.swift"], tests: [])
        #expect(none.project == nil)
        #expect(none.notes == ["no Xcode project; Xcode's defaults are used"])
    }

    @Test("the model package's manifest carries the app target's settings and the test target's own, with tools version 6.2 for MainActor")
    func manifestCarriesTheSettings() async throws {
        let fixture = try GitFixture()
        try fixture.makeRepository(committing: [
            "Counter.xcodeproj/project.pbxproj": Self.counterProject,
            "Counter/Tally.swift": "final class Tally { var count = 0 }\n",
            "CounterTests/TallyTests.swift": "import Testing\n@testable import Counter\n\nstruct TallyTests { @Test func counts() {} }\n",
        ])
        let package = try await ModelBuild.prepare(
            repositoryRoot: fixture.root, swift: try ToolchainSwift.path(), workFolder: fixture.path(".git/model-work"), cacheFolder: nil,
            environment: fixture.isolatedEnvironment, configuration: AnalysisConfiguration())
        let manifest = try String(contentsOfFile: "\(package.directory)/Package.swift", encoding: .utf8)
        #expect(manifest.hasPrefix("// swift-tools-version:6.2\n"))
        #expect(manifest.contains(
            #".target(name: "Counter", path: "Sources/Counter", swiftSettings: [.defaultIsolation(MainActor.self), "#
                + #".enableUpcomingFeature("InferIsolatedConformances"), .enableUpcomingFeature("MemberImportVisibility"), "#
                + #".enableUpcomingFeature("NonisolatedNonsendingByDefault"), .define("BETA")]),"#))
        #expect(manifest.contains(#"path: "Tests/CounterTests", swiftSettings: [.swiftLanguageMode(.v5), "#
            + #".enableUpcomingFeature("StrictConcurrency=targeted"), .enableUpcomingFeature("DisableOutwardActorInference"), "#))
        #expect(manifest.contains("swiftLanguageModes: [.v6]"))
        #expect(package.xcodeSettings.project == "Counter.xcodeproj")
    }

    @Test("every setting the tables can write is one this toolchain accepts: a package with all of them builds without a warning about them")
    func theToolchainAcceptsEveryMappedSetting() throws {
        var everything: [String: XcodeProject.SettingValue] = [
            "SWIFT_DEFAULT_ACTOR_ISOLATION": .string("MainActor"), "SWIFT_APPROACHABLE_CONCURRENCY": .string("YES"),
            "SWIFT_ACTIVE_COMPILATION_CONDITIONS": .string("DEBUG BETA"),
        ]
        for suffix in SwiftTargetSettings.upcomingFeatures.keys { everything["\(SwiftTargetSettings.upcomingPrefix)\(suffix)"] = .string("YES") }
        var swift5 = everything
        swift5["SWIFT_VERSION"] = .string("5.0")
        swift5["SWIFT_STRICT_CONCURRENCY"] = .string("targeted")
        var swift6 = everything
        swift6["SWIFT_VERSION"] = .string("6.0")
        let five = SwiftTargetSettings.from(swift5)
        let six = SwiftTargetSettings.from(swift6)
        #expect(five.upcomingFeatures.count == SwiftTargetSettings.upcomingFeatures.count)
        #expect(five.ignored.isEmpty && six.ignored.isEmpty)
        let fixture = try GitFixture()
        func target(_ name: String, _ settings: SwiftTargetSettings) -> String {
            ".target(name: \"\(name)\", path: \"\(name)\", swiftSettings: [\(settings.manifestEntries(includingLanguageMode: true).joined(separator: ", "))]),"
        }
        try fixture.write("Package.swift", """
            // swift-tools-version:6.2
            import PackageDescription

            let package = Package(name: "Everything", targets: [
                \(target("Five", five))
                \(target("Six", six))
            ])

            """)
        // A global of a non-Sendable class compiles in Swift 6 only with MainActor isolation; `BETA` must be defined.
        let source = "final class Box { var value = 0 }\nlet shared = Box()\n#if BETA\nfunc bump() { shared.value += 1 }\n#endif\n"
        try fixture.write("Five/Box.swift", source)
        try fixture.write("Six/Box.swift", source + "func check() { bump() }\n")
        let build = try fixture.run("/usr/bin/env", ["swift", "build"], environment: SwiftPackageFixture.environment(for: fixture))
        let output = build.standardOutput + build.standardError
        #expect(build.status == 0, "\(output)")
        #expect(!output.contains("feature"), "\(output)")
    }

    private struct SupportedFeatures: Decodable {
        struct Feature: Decodable {
            var name: String
            var enabled_in: String?
        }

        struct Kinds: Decodable {
            var upcoming: [Feature]
        }

        var features: Kinds
    }

    /// An unknown upcoming feature is silently ignored by the compiler, so a misspelt table entry would never show in a
    /// build: the table is checked against the toolchain's own list instead, with the language mode that has each on.
    @Test("the table of upcoming features is the toolchain's: each name is one it lists, on in Swift 6 exactly when it says so")
    func theFeatureTableIsTheToolchains() throws {
        let frontend = URL(fileURLWithPath: try ToolchainSwift.path()).deletingLastPathComponent().appendingPathComponent("swift-frontend").path
        let fixture = try GitFixture()
        let listed = try fixture.run(frontend, ["-print-supported-features"], environment: fixture.isolatedEnvironment)
        #expect(listed.status == 0, "\(listed.standardError)")
        let supported = try JSONDecoder().decode(SupportedFeatures.self, from: Data(listed.standardOutput.utf8)).features.upcoming
        let versions = Dictionary(supported.map { ($0.name, $0.enabled_in) }, uniquingKeysWith: { first, _ in first })
        for (suffix, feature) in SwiftTargetSettings.upcomingFeatures {
            #expect(versions[feature.name] != nil, "SWIFT_UPCOMING_FEATURE_\(suffix): \(feature.name) is not an upcoming feature of this toolchain")
            let onIn = versions[feature.name] ?? nil
            #expect((onIn == "6") == (feature.onIn == .v6), "\(feature.name) is on in Swift \(onIn ?? "none")")
        }
        #expect(versions["StrictConcurrency"] != nil)
    }

    @Test("an .xcconfig base is read under its configuration's own settings, with its includes; one outside the project is not")
    func readsTheXcconfigBase() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cfa-gate-xcconfig-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let files = [
            "App.xcodeproj/project.pbxproj": Self.classicProject(
                target: "App", folder: "App", file: "Main.swift", settings: "SWIFT_ACTIVE_COMPILATION_CONDITIONS = \"$(inherited) TARGET\";"),
            "App/Shared.xcconfig": """
                // Shared settings
                #include "Base.xcconfig"
                #include? "Missing.xcconfig"
                #include "../../outside.xcconfig"
                SWIFT_VERSION = 6.0 // the app's
                SWIFT_ACTIVE_COMPILATION_CONDITIONS = $(inherited) SHARED;
                """,
            "App/Base.xcconfig": "SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor\nSWIFT_ACTIVE_COMPILATION_CONDITIONS = BASE\n",
            "outside.xcconfig": "SWIFT_UPCOMING_FEATURE_EXISTENTIAL_ANY = YES\n",
        ]
        for (path, text) in files {
            try FileManager.default.createDirectory(atPath: "\(root)/\((path as NSString).deletingLastPathComponent)", withIntermediateDirectories: true)
            try text.write(toFile: "\(root)/\(path)", atomically: true, encoding: .utf8)
        }
        // The project's file reference names the .xcconfig inside the app's group.
        let project = try String(contentsOfFile: "\(root)/App.xcodeproj/project.pbxproj", encoding: .utf8)
            .replacingOccurrences(of: "children = (F, );", with: "children = (F, X, );")
        try project.write(toFile: "\(root)/App.xcodeproj/project.pbxproj", atomically: true, encoding: .utf8)
        let settings = XcodeBuildSettings.read(repositoryRoot: root, sources: ["App/Main.swift"], tests: [])
        let app = try #require(settings.app)
        #expect(app.swift.languageMode == .v6)
        #expect(app.swift.mainActorByDefault)
        #expect(app.swift.upcomingFeatures.isEmpty)
        // Project (none) ← the .xcconfig (Base's, then its own after the include) ← the target's.
        #expect(app.swift.defines == ["BASE", "SHARED", "TARGET"])
        #expect(settings.notes == ["`Shared.xcconfig` (an .xcconfig of App) was read"])
        #expect(XcodeConfigurationFile.joined("App", "../../x.xcconfig") == nil)
        #expect(XcodeConfigurationFile.joined("App/Config", "../Base.xcconfig") == "App/Base.xcconfig")
        // Includes that include each other stop at the limit.
        let loop = XcodeConfigurationFile.settings(at: "A.xcconfig") { _ in "#include \"A.xcconfig\"\nX = 1\n" }
        #expect(loop?["X"] == .string("1"))
    }

    @Test("an .xcconfig that Xcode 16 names by a synchronized folder and a path below it is read; one that climbs out is not")
    func readsTheXcconfigBaseNamedByASynchronizedFolder() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cfa-gate-xcconfig-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        func project(relativePath: String) -> String {
            XcodeProjectText.synchronized(app: "App").replacingOccurrences(
                of: "A10000000000000000000042 /* Debug */ = {\n",
                with: "A10000000000000000000042 /* Debug */ = {\n\t\t\tbaseConfigurationReferenceAnchor = A10000000000000000000005 /* App */;\n"
                    + "\t\t\tbaseConfigurationReferenceRelativePath = \(relativePath);\n")
        }
        let files = [
            "App.xcodeproj/project.pbxproj": project(relativePath: "Config/App.xcconfig"),
            "App/Config/App.xcconfig": "SWIFT_VERSION = 6.0\nSWIFT_DEFAULT_ACTOR_ISOLATION = MainActor\n",
            "App/Main.swift": "struct Main {}\n",
        ]
        for (path, text) in files {
            try FileManager.default.createDirectory(atPath: "\(root)/\((path as NSString).deletingLastPathComponent)", withIntermediateDirectories: true)
            try text.write(toFile: "\(root)/\(path)", atomically: true, encoding: .utf8)
        }
        let settings = XcodeBuildSettings.read(repositoryRoot: root, sources: ["App/Main.swift"], tests: [])
        let app = try #require(settings.app)
        #expect(app.swift.languageMode == .v6)
        #expect(app.swift.mainActorByDefault)
        #expect(settings.notes == ["`App.xcconfig` (an .xcconfig of App) was read"])

        try project(relativePath: "../../App.xcconfig").write(toFile: "\(root)/App.xcodeproj/project.pbxproj", atomically: true, encoding: .utf8)
        let outside = XcodeBuildSettings.read(repositoryRoot: root, sources: ["App/Main.swift"], tests: [])
        #expect(outside.app?.swift.languageMode == .v5)
        #expect(outside.notes.contains { $0.hasPrefix("`App.xcconfig` (an .xcconfig of App) was not read") }, "\(outside.notes)")
    }
}
