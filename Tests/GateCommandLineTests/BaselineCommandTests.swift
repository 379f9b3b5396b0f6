import Foundation
import GateTestSupport
import Testing

/// Adopting the gate on an app with known findings, through the built binary: `baseline`, then `analyze`.
struct BaselineCommandTests {
    private static func legacy(_ members: [String]) -> String { LegacyFeatureFile.source(members) }

    /// The compliant app with known violations planted, committed.
    private func legacyApp(_ members: [String] = [LegacyFeatureFile.dispatch, LegacyFeatureFile.lock]) throws -> GitFixture {
        let fixture = try GitFixture()
        try fixture.git("init", "-q", "-b", "main")
        for (path, text) in CompliantApp.files { try fixture.write(path, text) }
        try fixture.write(LegacyFeatureFile.path, Self.legacy(members))
        try fixture.git("add", "-A")
        try fixture.git("commit", "-q", "-m", "legacy app")
        return fixture
    }

    private func analyze(_ fixture: GitFixture, _ extra: [String] = []) throws -> ProcessResult {
        try CFAGateBinary.run(["analyze", "--repo", fixture.root] + extra, in: fixture)
    }

    @Test func aBaselineWrittenOnAnAppWithPlantedViolationsMakesAnalyzePass() throws {
        let fixture = try legacyApp()
        #expect(try analyze(fixture).status == 1)

        let written = try CFAGateBinary.run(["baseline", "--repo", fixture.root], in: fixture)
        #expect(written.status == 0, "\(written.standardError)")
        #expect(written.standardOutput.hasPrefix("wrote 2 known findings (2 entries) to .cfa-gate-baseline.json"))
        let file = try String(contentsOfFile: fixture.path(".cfa-gate-baseline.json"), encoding: .utf8)
        #expect(file.contains("\"rule\" : \"CFA-NO-GCD-LOCKS\""))
        #expect(!file.contains("\"line\""))

        let passing = try analyze(fixture)
        #expect(passing.status == 0, "\(passing.standardOutput)\(passing.standardError)")
        #expect(passing.standardOutput.hasPrefix("0 errors, 0 warnings in "))
        #expect(passing.standardOutput.contains("2 baselined findings not shown (known, in .cfa-gate-baseline.json"))

        let everything = try analyze(fixture, ["--no-baseline"])
        #expect(everything.status == 1)
        #expect(everything.standardOutput.contains("OrdersFeature uses NSLock"))

        let json = try analyze(fixture, ["--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect((document["findings"] as? [Any])?.count == 0)
        #expect((document["baselined"] as? [Any])?.count == 2)

        let sarif = try analyze(fixture, ["--format", "sarif"])
        #expect(sarif.standardOutput.components(separatedBy: "\"baselineState\" : \"unchanged\"").count == 3)
    }

    @Test func linesAddedAboveKeepTheFindingKnownAndANewViolationFailsAlone() throws {
        let fixture = try legacyApp([LegacyFeatureFile.dispatch])
        _ = try CFAGateBinary.run(["baseline", "--repo", fixture.root], in: fixture)
        try fixture.write(LegacyFeatureFile.path, Self.legacy(["    // one", "    // two", "    // three", LegacyFeatureFile.dispatch]))
        #expect(try analyze(fixture).status == 0)

        try fixture.write(LegacyFeatureFile.path, Self.legacy(["    // one", "    // two", "    // three", LegacyFeatureFile.dispatch, LegacyFeatureFile.lock]))
        let failing = try analyze(fixture)
        #expect(failing.status == 1)
        let errors = failing.standardOutput.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(errors.count == 1)
        #expect(errors.first?.contains("\(LegacyFeatureFile.path):8:") == true && errors.first?.contains("OrdersFeature uses NSLock") == true)
    }

    @Test func fixingABaselinedViolationIsReportedAndRewritingDropsIt() throws {
        let fixture = try legacyApp()
        _ = try CFAGateBinary.run(["baseline", "--repo", fixture.root], in: fixture)
        try fixture.write(LegacyFeatureFile.path, Self.legacy([LegacyFeatureFile.dispatch]))
        let fixed = try analyze(fixture)
        #expect(fixed.status == 0)
        #expect(fixed.standardOutput.contains("1 baselined finding fixed — run `cfa-gate baseline` to drop it"))
        #expect(fixed.standardOutput.contains("  fixed: \(LegacyFeatureFile.path): OrdersFeature uses NSLock"))

        let rewritten = try CFAGateBinary.run(["baseline", "--repo", fixture.root], in: fixture)
        #expect(rewritten.standardOutput.contains("wrote 1 known finding (1 entry) to .cfa-gate-baseline.json — 0 added, 1 dropped since the previous baseline"))
        #expect(!(try analyze(fixture).standardOutput.contains("fixed")))
    }

    @Test(arguments: [
        ("{\"version\": 7, \"findings\": []}", ".cfa-gate-baseline.json: baseline version 7 is not one this cfa-gate reads"),
        ("{\"version\": 1, \"findings\": [{\"rule\": \"CFA-NO-GCD-LOCKS\"}]}", ".cfa-gate-baseline.json: not a valid cfa-gate baseline: findings[0].file is missing"),
        ("<<<<<<< HEAD", ".cfa-gate-baseline.json: not a valid cfa-gate baseline: not a JSON object"),
    ])
    func aCorruptOrUnknownVersionBaselineIsExitTwoNamingTheFile(text: String, error: String) throws {
        let fixture = try legacyApp()
        try fixture.write(".cfa-gate-baseline.json", text)
        let result = try analyze(fixture)
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("cfa-gate: \(error)"))
        #expect(result.standardOutput.isEmpty)
    }

    @Test func theConfigurationNamesTheBaselineAndAMissingOneIsAnError() throws {
        let fixture = try legacyApp()
        try fixture.write(".cfa-gate.json", "{\"baseline\": \"gate/known-findings.json\"}")
        let missing = try analyze(fixture)
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("gate/known-findings.json: the baseline named in .cfa-gate.json does not exist"))

        let written = try CFAGateBinary.run(["baseline", "--repo", fixture.root], in: fixture)
        #expect(written.standardOutput.contains("to gate/known-findings.json"))
        #expect(FileManager.default.fileExists(atPath: fixture.path("gate/known-findings.json")))
        #expect(try analyze(fixture).status == 0)

        try fixture.write(".cfa-gate.json", "{\"baseline\": \"../outside.json\"}")
        let outside = try CFAGateBinary.run(["baseline", "--repo", fixture.root], in: fixture)
        #expect(outside.status == 2)
        #expect(outside.standardError.contains("is outside the repository"))
    }

    @Test func theCommandIsListedInTheHelpWithEveryNameWhole() throws {
        let fixture = try GitFixture()
        let help = try CFAGateBinary.run(["--help"], in: fixture).standardOutput
        #expect(help.contains("  baseline   Write today's findings to the baseline"))
        #expect(help.contains("  inventory  List the app's screens"))
        let own = try CFAGateBinary.run(["baseline", "--help"], in: fixture).standardOutput
        #expect(own.hasPrefix("USAGE: cfa-gate baseline [--repo DIR] [--out FILE]"))
    }
}
