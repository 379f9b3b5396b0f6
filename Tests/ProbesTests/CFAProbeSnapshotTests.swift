@testable import CFAAnalysis
import Foundation
import GateTestSupport
import Testing
@testable import Probes

/// The `cfa` items judge the sources as they were read before any of the change's code ran: a file rewritten
/// afterwards (by a build plugin, a test, a command) and restored later does not change the findings.
struct CFAProbeSnapshotTests {
    @Test func findingsComeFromTheSnapshotNotFromTheFilesAsTheyAreLater() async throws {
        let fixture = try GitFixture()
        for (path, text) in CompliantApp.files { try fixture.write(path, text) }
        let planted = CompliantApp.files[CompliantApp.featurePath]! + "\nimport Combine\n"
        try fixture.write(CompliantApp.featurePath, planted)
        let context = ProbeContext(
            repositoryRoot: fixture.root, packageDirectory: fixture.root, logDirectory: fixture.root, environment: [:],
            timeouts: ProbeTimeouts())

        let snapshot = await CFAProbe.sources(in: context, configuration: AnalysisConfiguration())
        // The change's code "cleans" the file while the analysis would run…
        try fixture.write(CompliantApp.featurePath, CompliantApp.files[CompliantApp.featurePath]!)
        let analyzed = await CFAProbe.analyze(snapshot, in: context, configuration: AnalysisConfiguration(), cache: FactsCache())
        // …but the snapshot still holds the violation.
        #expect(analyzed.findings.map(\.rule).contains("CFA-NO-COMBINE"), "\(analyzed.findings)")
        #expect(analyzed.findings.first { $0.rule == "CFA-NO-COMBINE" }?.file == CompliantApp.featurePath)
    }
}
