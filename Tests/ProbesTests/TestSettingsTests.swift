import Foundation
import Testing
@testable import Checklist
@testable import Probes
@testable import Verdict

/// The checklist's test options become the probe's settings.
struct TestSettingsTests {
    @Test func everyTestGetsAProcessOfItsOwnUnlessTheChecklistSaysBatch() {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let defaults = TestSettings(ChecklistOptions())
        #expect(defaults.isolation == .process)
        #expect(defaults.workers == cores)
        #expect(TestSettings(ChecklistOptions(testIsolation: .batch)).isolation == .batch)
        #expect(TestSettings(ChecklistOptions(testIsolation: .process)).isolation == .process)
    }

    @Test func testWorkersLowersTheProcessCountButNeverRaisesItPastTheCores() {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        #expect(TestSettings(ChecklistOptions(testWorkers: 1)).workers == 1)
        #expect(TestSettings(ChecklistOptions(testWorkers: cores + 50)).workers == cores)
    }
}
