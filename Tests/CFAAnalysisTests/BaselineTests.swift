@testable import CFAAnalysis
import Foundation
import GateTestSupport
import Testing

/// The baseline of known findings: written from an analysis, matched without line numbers, only shrinking.
struct BaselineTests {
    private let path = LegacyFeatureFile.path
    private let dispatch = LegacyFeatureFile.dispatch, secondDispatch = LegacyFeatureFile.secondDispatch, lock = LegacyFeatureFile.lock

    private func legacyFile(_ members: [String], above: String = "") -> String { LegacyFeatureFile.source(members, above: above) }

    private func analysis(_ source: String) -> AnalysisResult {
        Analysis.result(Analysis.app(replacing: [path: source]))
    }

    private static let unchecked = "final class OrderCache: @unchecked Sendable {}"

    /// Written and read back, as `cfa-gate baseline` and `analyze` do.
    private func writtenBaseline(of result: AnalysisResult) throws -> Baseline {
        try Baseline.parse(Baseline(findings: result.findings).encoded(), path: Baseline.defaultFileName)
    }

    @Test func aBaselineWrittenOnAnAppWithPlantedViolationsMakesItPass() throws {
        let planted = analysis(legacyFile([dispatch, lock], above: Self.unchecked))
        #expect(planted.findings.filter { $0.rule == NoGCDLocksRule.id }.count == 3)
        let applied = try writtenBaseline(of: planted).apply(to: planted)
        #expect(applied.findings == [])
        #expect(applied.errorCount == 0)
        #expect(applied.baselined == planted.findings)
        #expect(applied.fixedBaseline == [])
        #expect(applied.baseline == Baseline.defaultFileName)
    }

    @Test func threeLinesAddedAboveAFindingKeepItBaselined() throws {
        let before = analysis(legacyFile([dispatch]))
        let baseline = try writtenBaseline(of: before)
        let after = analysis(legacyFile(["    // one", "    // two", "    // three", dispatch]))
        #expect(after.findings.map(\.line) == before.findings.map { $0.line + 3 })
        let applied = baseline.apply(to: after)
        #expect(applied.findings == [])
        #expect(applied.baselined.count == 1)
        #expect(applied.fixedBaseline == [])
    }

    @Test func movingAndReformattingCodeKeepsItBaselined() throws {
        let baseline = try writtenBaseline(of: analysis(legacyFile([dispatch, "    func other() {}"])))
        let moved = analysis(legacyFile(["    func other() {}", "", "    func refreshLater() {", "        DispatchQueue.main.async {", "        }", "    }"]))
        #expect(moved.findings.count == 1)
        #expect(baseline.apply(to: moved).findings == [])
    }

    @Test func aNewViolationOfTheSameRuleInTheSameFileFailsAlone() throws {
        let baseline = try writtenBaseline(of: analysis(legacyFile([dispatch])))
        let changed = analysis(legacyFile([dispatch, lock]))
        let applied = baseline.apply(to: changed)
        let new = try #require(applied.findings.onlyFinding)
        #expect(new.rule == NoGCDLocksRule.id && new.file == path)
        #expect(new.message.contains("OrdersFeature uses NSLock"))
        #expect(applied.baselined.map(\.message) == [changed.findings.first { $0.message.contains("DispatchQueue") }?.message])
    }

    @Test func renamingTheFileOrTheTypeItIsAboutMakesANewFinding() throws {
        let typeSource = "import Foundation\n\n@MainActor final class SyncFeature { func go() { DispatchQueue.main.async {} } }\n"
        let original = Analysis.result(Analysis.app(replacing: ["App/Sync/SyncFeature.swift": typeSource]))
        #expect(original.findings.contains { $0.rule == NoGCDLocksRule.id && $0.message.contains("SyncFeature uses DispatchQueue") })
        let baseline = try writtenBaseline(of: original)
        #expect(baseline.apply(to: original).findings == [])

        let movedFile = Analysis.result(Analysis.app(replacing: ["App/Sync/Syncing.swift": typeSource]))
        let moved = baseline.apply(to: movedFile)
        #expect(moved.baselined == [])
        #expect(moved.findings == movedFile.findings)
        #expect(moved.fixedBaseline.map(\.count).reduce(0, +) == original.findings.count)

        let renamedType = typeSource.replacingOccurrences(of: "SyncFeature", with: "SyncingFeature")
        let renamed = baseline.apply(to: Analysis.result(Analysis.app(replacing: ["App/Sync/SyncFeature.swift": renamedType])))
        #expect(renamed.findings.contains { $0.rule == NoGCDLocksRule.id && $0.message.contains("SyncingFeature uses DispatchQueue") })
        #expect(renamed.fixedBaseline.contains { $0.fingerprint.message.contains("SyncFeature uses DispatchQueue") })
    }

    @Test func fixingABaselinedViolationReportsItFixed() throws {
        let baseline = try writtenBaseline(of: analysis(legacyFile([dispatch, lock])))
        let fixed = baseline.apply(to: analysis(legacyFile([dispatch])))
        #expect(fixed.findings == [])
        let entry = try #require(fixed.fixedBaseline.first)
        #expect(fixed.fixedBaseline.count == 1)
        #expect(entry.fingerprint.rule == NoGCDLocksRule.id && entry.fingerprint.file == path && entry.count == 1)
        #expect(entry.fingerprint.message.contains("NSLock"))
    }

    @Test func twoIdenticalFindingsInOneFileNeedTwoEntries() throws {
        let twice = analysis(legacyFile([dispatch, secondDispatch]))
        #expect(twice.findings.count == 2)
        #expect(Set(twice.findings.map(FindingFingerprint.init)).count == 1)
        let baseline = try writtenBaseline(of: twice)
        #expect(baseline.entries.map(\.count) == [2])
        #expect(String(decoding: baseline.encoded(), as: UTF8.self).contains("\"count\" : 2"))
        #expect(baseline.apply(to: twice).findings == [])

        // A baseline that holds one of them lets the other fail: the later one.
        let once = try writtenBaseline(of: analysis(legacyFile([dispatch])))
        let applied = once.apply(to: twice)
        #expect(applied.findings == [twice.findings[1]])
        #expect(applied.baselined == [twice.findings[0]])

        // Fixing one of two leaves an entry fixed once.
        let fixedOne = baseline.apply(to: analysis(legacyFile([dispatch])))
        #expect(fixedOne.fixedBaseline.map(\.count) == [1])
    }

    @Test func adoptionFindingsAreNeverBaselined() throws {
        let flat = Analysis.result(["Flat/ContentView.swift": "import SwiftUI\nstruct ContentView: View { var body: some View { Text(\"x\") } }\n"])
        #expect(flat.findings.contains { $0.rule == AdoptionRule.id })
        let baseline = Baseline(findings: flat.findings)
        #expect(!baseline.entries.contains { $0.fingerprint.rule == AdoptionRule.id })
        let forced = Baseline(entries: flat.findings.map { Baseline.Entry(FindingFingerprint($0)) })
        #expect(forced.apply(to: flat).findings.filter { $0.rule == AdoptionRule.id }.count == 1)
    }

    @Test func onlyEntriesInTheAnalyzedFolderCanBeFixed() {
        let inside = Baseline.Entry(FindingFingerprint(rule: NoGCDLocksRule.id, file: "App/A.swift", message: "A uses NSLock"))
        let outside = Baseline.Entry(FindingFingerprint(rule: NoGCDLocksRule.id, file: "Other/B.swift", message: "B uses NSLock"))
        let applied = Baseline(entries: [inside, outside]).apply(to: Analysis.result(CompliantApp.files), scope: "App")
        #expect(applied.fixedBaseline == [inside])
    }
}

/// The file: versioned, sorted, stable, and never read as "everything is known" when it is broken.
struct BaselineFileFormatTests {
    private let path = "Sub/.cfa-gate-baseline.json"

    private func entry(_ file: String, _ rule: String, _ message: String, count: Int = 1) -> Baseline.Entry {
        Baseline.Entry(FindingFingerprint(rule: rule, file: file, message: message), count: count)
    }

    @Test func theFileIsSortedStableAndVersioned() throws {
        let entries = [
            entry("B.swift", "CFA-NO-GCD-LOCKS", "B uses NSLock"), entry("A.swift", "CFA-NO-COMBINE", "A imports Combine", count: 3),
            entry("A.swift", "CFA-NO-COMBINE", "A  uses\n  AnyCancellable"),
        ]
        let one = Baseline(entries: entries).encoded()
        #expect(one == Baseline(entries: entries.reversed()).encoded())
        let text = String(decoding: one, as: UTF8.self)
        #expect(text.hasSuffix("}\n"))
        #expect(text.contains("\"version\" : 1"))
        let order = ["A imports Combine", "A uses AnyCancellable", "B uses NSLock"].map { text.range(of: $0)?.lowerBound }
        #expect(order.allSatisfy { $0 != nil } && order == order.sorted { $0! < $1! })
        let read = try Baseline.parse(one, path: path)
        #expect(read.entries == Baseline(entries: entries).entries)
        #expect(read.path == path)
        #expect(read.findingCount == 5)
    }

    @Test(arguments: [
        ("not json", "not a JSON object"),
        ("[]", "not a JSON object"),
        ("{\"findings\": []}", "no \"version\""),
        ("{\"version\": 1}", "findings is missing"),
        ("{\"version\": 1, \"findings\": [], \"extra\": 1}", "unknown key \"extra\""),
        ("{\"version\": 1, \"findings\": [{\"rule\": \"R\", \"file\": \"F\"}]}", "findings[0].message is missing"),
        ("{\"version\": 1, \"findings\": [{\"rule\": \"R\", \"file\": \"F\", \"message\": \"M\", \"line\": 3}]}", "findings[0] has unknown key \"line\""),
        ("{\"version\": 1, \"findings\": [{\"rule\": \"R\", \"file\": \"F\", \"message\": \"M\", \"count\": 0}]}", "findings[0].count is 0"),
        ("{\"version\": 1, \"findings\": [{\"rule\": \"R\", \"file\": \"F\", \"message\": \"M\", \"count\": \"2\"}]}", "findings[0].count has the wrong type"),
        ("{\"version\": 1, \"findings\": [{\"rule\": \"R\", \"file\": \"\", \"message\": \"M\"}]}", "findings[0] has an empty rule, file or message"),
        ("{\"version\": 1, \"findings\": [{\"rule\": \"R\", \"file\": \"F\", \"message\": \"M\"}, {\"rule\": \"R\", \"file\": \"F\", \"message\": \"M \"}]}", "findings[1] repeats an earlier entry"),
        ("{\"version\": 1, \"findings\": [{\"rule\": \"CFA-ADOPTION\", \"file\": \".\", \"message\": \"M\"}]}", "CFA-ADOPTION, which cannot be baselined"),
    ])
    func aCorruptBaselineIsAnErrorNamingTheFile(text: String, reason: String) {
        #expect {
            try Baseline.parse(Data(text.utf8), path: path)
        } throws: { error in
            guard case .invalid(let named, let why) = error as? BaselineError else { return false }
            return named == path && why.contains(reason) && "\(error)".hasPrefix("\(path): not a valid cfa-gate baseline")
        }
    }

    @Test(arguments: ["2", "0", "\"1\"", "1.5", "true", "null"])
    func anUnknownVersionIsAnErrorNamingTheFile(version: String) {
        let text = "{\"version\": \(version), \"findings\": []}"
        #expect {
            try Baseline.parse(Data(text.utf8), path: path)
        } throws: { error in
            guard case .unsupportedVersion(let named, _) = error as? BaselineError else { return false }
            return named == path && "\(error)".contains("is not one this cfa-gate reads (version 1)")
        }
    }

    @Test func additionsListWhatTheChangeAcceptsBeyondTheBase() {
        let kept = entry("A.swift", "R", "kept"), grown = entry("A.swift", "R", "grown", count: 1)
        let base = Baseline(entries: [kept, grown, entry("B.swift", "R", "dropped")])
        let change = Baseline(entries: [kept, entry("A.swift", "R", "grown", count: 3), entry("C.swift", "R", "new")])
        #expect(Baseline.additions(from: base, to: change) == [entry("A.swift", "R", "grown", count: 2), entry("C.swift", "R", "new")])
        #expect(Baseline.additions(from: change, to: base) == [entry("B.swift", "R", "dropped")])
        #expect(Baseline.additions(from: base, to: base) == [])
    }

    @Test func theFingerprintIgnoresLinesColumnsAndWhitespace() {
        let one = Finding(rule: "R", item: 1, severity: .error, file: "A.swift", line: 3, column: 5, message: "A  uses\n X")
        var other = one
        other.line = 40
        other.column = 1
        other.message = "A uses X "
        #expect(FindingFingerprint(one) == FindingFingerprint(other))
        other.file = "B.swift"
        #expect(FindingFingerprint(one) != FindingFingerprint(other))
    }
}

/// Where the baseline lives: beside the `.cfa-gate.json` in use, or where its `"baseline"` key says.
struct BaselineLocationTests {
    private func configuration(_ baseline: String?) -> AnalysisConfiguration {
        var configuration = AnalysisConfiguration()
        configuration.baseline = baseline
        return configuration
    }

    @Test func theDefaultSitsBesideTheConfigurationElseInTheAnalyzedFolder() throws {
        let beside = try BaselineFile.location(configuration: configuration(nil), configurationFolder: "", scope: "App")
        #expect(beside == BaselineFile.Location(path: ".cfa-gate-baseline.json", isConfigured: false))
        let inScope = try BaselineFile.location(configuration: configuration(nil), configurationFolder: nil, scope: "App")
        #expect(inScope.path == "App/.cfa-gate-baseline.json")
    }

    @Test func aConfiguredBaselineIsRelativeToTheConfigurationAndStaysInTheRepository() throws {
        let named = try BaselineFile.location(configuration: configuration("../gate/./known.json"), configurationFolder: "App/", scope: "App")
        #expect(named == BaselineFile.Location(path: "gate/known.json", isConfigured: true))
        for outside in ["../../x.json", "/etc/x.json", "..", "../.."] {
            #expect(throws: BaselineError.self) {
                try BaselineFile.location(configuration: configuration(outside), configurationFolder: "App/", scope: "App")
            }
        }
    }

    @Test func theConfigurationFileAcceptsTheBaselineKey() throws {
        let read = try ConfigurationFile.parse(Data("{\"baseline\": \"gate/known.json\"}".utf8), path: ".cfa-gate.json")
        #expect(read.baseline == "gate/known.json")
    }

    @Test func loadingFromDiskFindsTheDefaultAndRequiresAConfiguredFile() throws {
        let fixture = try GitFixture()
        #expect(try BaselineFile.load(repositoryRoot: fixture.root, scope: "", configuration: configuration(nil)) == nil)
        #expect(throws: BaselineError.missing(path: "known.json")) {
            try BaselineFile.load(repositoryRoot: fixture.root, scope: "", configuration: configuration("known.json"))
        }
        try fixture.write(".cfa-gate-baseline.json", "{\"version\": 1, \"findings\": [{\"rule\": \"R\", \"file\": \"F\", \"message\": \"M\"}]}")
        let loaded = try #require(try BaselineFile.load(repositoryRoot: fixture.root, scope: "", configuration: configuration(nil)))
        #expect(loaded.entries.count == 1 && loaded.path == ".cfa-gate-baseline.json")
    }

    /// Related locations are not part of a finding's identity: a new use of a baselined Feature protocol adds a
    /// related location to its one finding, which stays baselined, and the fingerprint is the same either way.
    @Test func aFindingKeepsItsFingerprintWhenItsRelatedLocationsChange() throws {
        let protocolFile = "App/2 - AppModel/Features/OrdersFeatureAPI.swift"
        let feature = CompliantApp.files[CompliantApp.featurePath]!.replacingOccurrences(
            of: "final class OrdersFeature {", with: "final class OrdersFeature: OrdersFeatureAPI {")
        let declared = [protocolFile: "@MainActor protocol OrdersFeatureAPI: AnyObject {}", CompliantApp.featurePath: feature]
        let before = Analysis.result(Analysis.app(replacing: declared))
        let viewModel = CompliantApp.files[CompliantApp.viewModelPath]!
            .replacingOccurrences(of: "private let ordersFeature: OrdersFeature", with: "private let ordersFeature: any OrdersFeatureAPI")
        let after = Analysis.result(Analysis.app(replacing: declared.merging([CompliantApp.viewModelPath: viewModel]) { _, new in new }))
        let known = try #require(before.findings.first { $0.rule == NoFeatureProtocolRule.id })
        let used = try #require(after.findings.first { $0.rule == NoFeatureProtocolRule.id })
        #expect(known.related.isEmpty && used.related.count == 1)
        #expect(FindingFingerprint(known) == FindingFingerprint(used))
        let baseline = try Baseline.parse(Baseline(findings: before.findings).encoded(), path: Baseline.defaultFileName)
        let applied = baseline.apply(to: after)
        #expect(!applied.findings.contains { $0.rule == NoFeatureProtocolRule.id })
        #expect(applied.baselined.contains(used))
    }
}
