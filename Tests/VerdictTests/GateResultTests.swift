import Testing
@testable import Verdict

@Suite("Gate result rules")
struct GateResultTests {
    private func result(_ statuses: [ItemStatus], allowSkipped: Bool = false) -> GateResult {
        GateResult(items: statuses.enumerated().map { Fixtures.item($0.offset + 1, $0.element) }, allowSkipped: allowSkipped)
    }

    @Test("all passed passes")
    func allPassed() { #expect(result([.passed, .passed]) == .passed) }

    @Test("error beats failed, whatever the order")
    func errorBeatsFailed() {
        #expect(result([.failed, .error, .passed]) == .error)
        #expect(result([.error, .failed]) == .error)
        #expect(result([.error], allowSkipped: true) == .error)
    }

    @Test("any failure fails")
    func failedFails() { #expect(result([.passed, .failed, .skipped], allowSkipped: true) == .failed) }

    @Test("skipped fails unless skips are allowed")
    func skipped() {
        #expect(result([.passed, .skipped]) == .failed)
        #expect(result([.passed, .skipped], allowSkipped: true) == .passed)
    }

    @Test("manual items never fail the gate")
    func manual() {
        #expect(result([.passed, .manual]) == .passed)
        #expect(result([.manual, .manual]) == .passed)
        #expect(result([.manual, .failed]) == .failed)
    }

    @Test("a gate with no items at all is an error, never a pass")
    func empty() {
        #expect(result([]) == .error)
        #expect(result([], allowSkipped: true) == .error)
    }
}
