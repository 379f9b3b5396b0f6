import GateTestSupport
@testable import Checklist
@testable import GateCommandLine
@testable import GateEngine
@testable import Reporters
import Testing
@testable import Verdict

struct TerminalStyleTests {
    @Test func colorAndRedrawingOnlyOnATerminal() {
        #expect(TerminalStyle.detect(isTTY: true, environment: [:]) == TerminalStyle(live: true, color: true))
        #expect(TerminalStyle.detect(isTTY: false, environment: [:]) == .plain)
    }

    @Test func noColorIsHonoredAndNoProgressKeepsColor() {
        #expect(TerminalStyle.detect(isTTY: true, environment: ["NO_COLOR": "1"]) == TerminalStyle(live: true, color: false))
        #expect(TerminalStyle.detect(isTTY: true, environment: [:], progressRequested: false) == TerminalStyle(live: false, color: true))
        #expect(TerminalStyle.detect(isTTY: true, environment: ["TERM": "dumb"]) == .plain)
    }
}

struct LiveProgressTests {
    static let item = ChecklistItem(
        number: 24, title: "The package builds", description: "", section: "Build", sectionLevel: 2, line: 3,
        probe: ProbeBinding(.build(arguments: []), line: 3))

    private func render(_ style: TerminalStyle, waitForRedraw: Bool = false, tests: [RunningTest] = []) async -> String {
        // A stream keeps the written chunks in order, whichever thread writes them.
        let (chunks, sink) = AsyncStream.makeStream(of: String.self)
        let display = LiveProgress(style: style) { chunk in sink.yield(chunk) }
        let (events, continuation) = AsyncStream.makeStream(of: GateEvent.self)
        async let rendering: Void = display.consume(events)
        continuation.yield(.itemStarted(Self.item))
        if !tests.isEmpty { continuation.yield(.testsRunning(item: Self.item.number, process: "p1r1b1", tests: tests)) }
        if waitForRedraw { try? await Task.sleep(for: .milliseconds(350)) }
        continuation.yield(.itemFinished(SampleVerdicts.build))
        continuation.finish()
        await rendering
        sink.finish()
        return await chunks.reduce("", +)
    }

    @Test func plainOutputIsOneLinePerEventWithoutEscapes() async {
        let text = await render(.plain)
        #expect(text == "[24] start   build — The package builds\n[24] pass    12.2s  `swift build` succeeded\n")
    }

    @Test func onATerminalTheRunningItemIsRedrawnInPlaceAndColored() async {
        let text = await render(TerminalStyle(live: true, color: true), waitForRedraw: true)
        #expect(text.contains("[24] build"))
        #expect(text.contains("\u{1B}[1A\u{1B}[J"), "the running line is erased before it is redrawn")
        #expect(text.contains("[24] \u{1B}[32mpass  \u{1B}[0m"))
        #expect(!text.contains("start"))
    }

    @Test func aRunningTestItemShowsItsLongestRunningTestsOnlyOnATerminal() async {
        let tests = (1...5).map { RunningTest(id: "M.S/t\($0)()", elapsed: .seconds($0)) }.reversed()
        let live = await render(TerminalStyle(live: true, color: false), waitForRedraw: true, tests: Array(tests))
        #expect(live.contains("    ↳ M.S/t5()  5.0s\n    ↳ M.S/t4()  4.0s\n    ↳ M.S/t3()  3.0s\n    ↳ … and 2 more running\n"))
        #expect(live.contains("\u{1B}[5A\u{1B}[J"), "the item line and its four test lines are erased together")
        let plain = await render(.plain, tests: Array(tests))
        #expect(!plain.contains("↳"))
    }
}
