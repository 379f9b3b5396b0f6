import GateTestSupport
@testable import CFAAnalysis
import Foundation
import Testing

/// A rule that reports every `DispatchQueue` reference, to test the engine without depending on real rules.
private struct QueueRule: Rule {
    let descriptor = RuleDescriptor(id: "CFA-NO-GCD-LOCKS", item: 17, summary: "test", help: "test")
    func check(_ index: CodebaseIndex) -> [Finding] {
        index.files.flatMap { file in
            (file.fileScope.references + file.types.flatMap(\.scope.references))
                .filter { $0.name == "DispatchQueue" }
                .map { descriptor.finding(file.path, $0.location, "DispatchQueue") }
        }
    }
}

struct SuppressionTests {
    private func check(_ source: String, configuration: AnalysisConfiguration = AnalysisConfiguration()) -> AnalysisResult {
        Analyzer.check(
            [FactExtractor.facts(path: "S.swift", source: source)], configuration: configuration,
            rules: [QueueRule(), SuppressionReasonRule()])
    }

    @Test func aReasonedSuppressionOnTheLineBeforeOrTheSameLineSilencesAndIsListed() {
        let result = check("""
            // cfa-gate:ignore CFA-NO-GCD-LOCKS -- C callback needs a queue
            let a = DispatchQueue(label: "a")
            let b = DispatchQueue(label: "b") // cfa-gate:ignore CFA-NO-GCD-LOCKS -- same
            let c = DispatchQueue(label: "c")
            """)
        #expect(result.findings.map(\.line) == [4])
        #expect(result.suppressed.map(\.finding.line) == [2, 3])
        #expect(result.suppressed.first?.reason == "C callback needs a queue")
    }

    @Test func aSuppressionWithoutAReasonIsAFindingAndSilencesNothing() {
        let result = check("""
            // cfa-gate:ignore CFA-NO-GCD-LOCKS
            let a = DispatchQueue(label: "a")
            """)
        #expect(result.findings.map(\.rule) == ["CFA-SUPPRESSION", "CFA-NO-GCD-LOCKS"])
        #expect(result.findings[0].message.contains("gives no reason"))
        #expect(result.suppressed.isEmpty)
    }

    @Test func configuredSeveritiesApplyAndOffRulesAreSkipped() {
        var configuration = AnalysisConfiguration()
        configuration.rules = ["CFA-NO-GCD-LOCKS": .warning]
        #expect(check("let a = DispatchQueue(label: \"a\")", configuration: configuration).findings.map(\.severity) == [.warning])
        configuration.rules = ["CFA-NO-GCD-LOCKS": .off]
        #expect(check("let a = DispatchQueue(label: \"a\")", configuration: configuration).findings.isEmpty)
    }

    @Test func findingsPrintInTheCompilersForm() {
        let finding = Finding(rule: "CFA-X", item: 3, severity: .error, file: "A/B.swift", line: 4, column: 7, message: "bad")
        #expect(finding.compilerStyle == "A/B.swift:4:7: error: bad [CFA-X, item 3]")
    }
}

struct AdoptionTests {
    @Test func aFlatSwiftUIAppIsNotACFAAppAndSaysWhatIsMissingInOneFinding() {
        let result = Analysis.result([
            "Flat/ContentView.swift": """
                import SwiftUI
                struct ContentView: View {
                    @State private var items: [String] = []
                    var body: some View { List(items, id: \\.self) { Text($0) } }
                }
                """
        ])
        let findings = result.findings.filter { $0.rule == AdoptionRule.id }
        #expect(findings.count == 1)
        let message = findings.first?.message ?? ""
        #expect(message.contains("no composition root"))
        #expect(message.contains("no Feature"))
        #expect(message.contains("no screen paired with its ViewModel"))
        // No @main, no manifest, no Sources folder: the file is its own top folder's, and so is AppModel's place.
        #expect(findings.first?.file == "Flat/ContentView.swift")
        #expect(message.hasSuffix("start with `Flat/AppModel.swift`"))
    }

    /// What `swift package init --type library` makes: the finding is on the manifest and names the target's folder.
    @Test func aFreshLibraryPackageGetsOneFindingOnItsManifestNamingWhereAppModelGoes() {
        let result = Analysis.result([
            "Package.swift": "// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"Mylib\")\n",
            "Sources/Mylib/Mylib.swift": "// The Swift Programming Language\n",
            "Tests/MylibTests/MylibTests.swift": "import Testing\n@testable import Mylib\n@Test func example() async throws {}\n",
        ])
        let findings = result.findings.filter { $0.rule == AdoptionRule.id }
        #expect(findings.map(\.file) == ["Package.swift"])
        #expect(findings.map(\.line) == [1])
        #expect(findings.first?.message.contains("start with `Sources/Mylib/AppModel.swift`") == true)
    }

    @Test func anAppWithAnEntryPointGetsTheFindingAtItsMainTypeAndAppModelBesideIt() {
        let result = Analysis.result([
            "Package.swift": "// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"Shop\")\n",
            "Sources/Core/Money.swift": "struct Money {}\n",
            "Sources/Shop/App/ShopApp.swift": "import SwiftUI\n\n@main\nstruct ShopApp: App {\n    var body: some Scene { WindowGroup { Text(\"x\") } }\n}\n",
        ])
        let findings = result.findings.filter { $0.rule == AdoptionRule.id }
        #expect(findings.map(\.file) == ["Sources/Shop/App/ShopApp.swift"])
        #expect(findings.map(\.line) == [3])
        #expect(findings.first?.message.contains("start with `Sources/Shop/App/AppModel.swift`") == true)
    }

    @Test func anEmptyScopeFailsInsteadOfPassing() {
        let result = Analysis.result([:])
        #expect(result.findings.map(\.rule) == [AdoptionRule.id])
        #expect(result.findings[0].message.contains("no Swift files"))
    }

    @Test func anAppModelWithoutSharedOrLiveIsNamed() {
        let files = Analysis.app(replacing: [CompliantApp.appModelPath: """
            import Observation
            @MainActor @Observable
            final class AppModel {
                let ordersFeature: OrdersFeature
                init(ordersFeature: OrdersFeature) { self.ordersFeature = ordersFeature }
            }
            """])
        let finding = Analysis.findings(AdoptionRule.id, in: files)
        #expect(finding.map(\.file) == [CompliantApp.appModelPath])
        #expect(finding.first?.message.contains("`static let shared = live()` and `static func live()`") == true)
    }
}

struct ConfigurationTests {
    @Test func defaultsFollowTheCatalogAndKeysOverrideThem() throws {
        let configuration = try ConfigurationFile.parse(Data("""
            {"rootView": "RootView", "exclude": ["Legacy/**"], "rules": {"CFA-ADOPTION": "warning"},
             "features": [{"name": "*Manager", "folder": "Managers"}], "folders": {"screens": ["Screens"]},
             "launch": "awaited-refresh"}
            """.utf8), path: ".cfa-gate.json")
        #expect(configuration.rootView == "RootView")
        #expect(configuration.exclude == ["Legacy/**"])
        #expect(configuration.rules == ["CFA-ADOPTION": .warning])
        #expect(configuration.features == [AnalysisConfiguration.FeaturePattern(name: "*Manager", folder: "Managers")])
        #expect(configuration.folders.screens == ["Screens"])
        #expect(configuration.folders.featureTests == ["Feature Tests", "AppModel Tests"])
        #expect(configuration.launch == .awaitedRefresh)
    }

    @Test func typosAreErrorsNamingTheKey() {
        #expect(throws: ConfigurationFile.LoadError.self) { try ConfigurationFile.parse(Data("{\"rootview\": \"X\"}".utf8), path: "c") }
        #expect(throws: ConfigurationFile.LoadError.self) { try ConfigurationFile.parse(Data("{\"rules\": {\"CFA-NOPE\": \"off\"}}".utf8), path: "c") }
        #expect(throws: ConfigurationFile.LoadError.self) { try ConfigurationFile.parse(Data("{\"launch\": \"later\"}".utf8), path: "c") }
        do {
            _ = try ConfigurationFile.parse(Data("{\"rootview\": \"X\"}".utf8), path: ".cfa-gate.json")
        } catch {
            #expect(error.description.hasPrefix(".cfa-gate.json: unknown key \"rootview\""))
        }
    }

    @Test func discoverySkipsBuildProductsHiddenFoldersAndExcludes() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cfa-discovery-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        for path in ["App/A.swift", "App/Legacy/B.swift", ".build/C.swift", "Pods/D.swift", "Podfile", ".hidden/E.swift", "App/notes.txt", "Tests/F.swift"] {
            let url = URL(fileURLWithPath: "\(root)/\(path)")
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try "struct X {}".write(to: url, atomically: true, encoding: .utf8)
        }
        var configuration = AnalysisConfiguration()
        configuration.exclude = ["App/Legacy/**"]
        #expect(SourceDiscovery.swiftFiles(repositoryRoot: root, configuration: configuration).map(\.path) == ["App/A.swift", "Tests/F.swift"])
        configuration.include = ["Tests"]
        #expect(SourceDiscovery.swiftFiles(repositoryRoot: root, configuration: configuration).map(\.path) == ["Tests/F.swift"])
    }

    @Test func folderAliasesIgnoreCaseSpacesAndNumbering() {
        var configuration = AnalysisConfiguration()
        configuration.features = [AnalysisConfiguration.FeaturePattern(name: "*Manager", folder: "Features")]
        let files = [
            "App/2 - AppModel/Features/SyncManager.swift": "final class SyncManager {}",
            "App/Theme/ThemeManager.swift": "final class ThemeManager {}",
        ]
        let index = Analysis.result(files, configuration: configuration).index
        #expect(index.role(of: "SyncManager") == .feature)
        #expect(index.role(of: "ThemeManager") == .domain)
    }
}

struct ParallelParsingTests {
    @Test func oneOrTwoWorkersGiveTheSameFacts() async {
        let inputs = CompliantApp.files.map { SourceInput.text($0.value, path: $0.key) }
        let one = await Analyzer.parse(inputs, workers: 1)
        let two = await Analyzer.parse(inputs, workers: 2)
        #expect(one.facts == two.facts)
        #expect(one.facts.map(\.path) == CompliantApp.files.keys.sorted())
    }

    @Test func nonUTF8FilesAreSkippedAndListed() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID().uuidString).swift").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data([0xFF, 0xFE, 0x00, 0x41]).write(to: URL(fileURLWithPath: path))
        let parsed = await Analyzer.parse([SourceInput(path: "Bad.swift", content: .file(absolutePath: path), size: 4)])
        #expect(parsed.skipped == ["Bad.swift"])
        #expect(parsed.facts.isEmpty)
    }
}
