import Checklist
import GateEngine
import Reporters
import TextSafety
import Verdict

/// Progress for `cfa-gate run`: finished items as permanent lines; on a TTY, the running items below them,
/// redrawn in place with their elapsed time.
actor LiveProgress {
    private let style: TerminalStyle
    private let write: @Sendable (String) -> Void
    private var running: [(item: ChecklistItem, started: ContinuousClock.Instant)] = []
    private var drawnLines = 0
    private let clock = ContinuousClock()
    private static let spinner = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    private var frame = 0
    /// For each running `test` item, the tests each of its processes is running.
    private var runningTests: [Int: [String: [RunningTest]]] = [:]
    private static let testsShownPerItem = 3
    private let details: @Sendable (ItemResult) -> [String]

    /// `write` receives text that already ends with its newlines. `details` adds lines after a finished
    /// item's line (GitHub Actions log groups, for instance).
    init(
        style: TerminalStyle, details: @escaping @Sendable (ItemResult) -> [String] = { _ in [] },
        write: @escaping @Sendable (String) -> Void
    ) {
        self.style = style
        self.details = details
        self.write = write
    }

    /// Renders events until the stream ends; on a TTY it also redraws ten times a second.
    func consume(_ events: AsyncStream<GateEvent>) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { for await event in events { await self.handle(event) } }
            if style.live {
                group.addTask {
                    while !Task.isCancelled {
                        try? await Task.sleep(for: .milliseconds(100))
                        await self.redraw()
                    }
                }
            }
            await group.next()
            group.cancelAll()
        }
        clearRunning()
    }

    func handle(_ event: GateEvent) {
        switch event {
        case .itemStarted(let item):
            if style.live {
                running.append((item, clock.now))
                redraw()
                return
            }
        case .itemFinished(let result):
            running.removeAll { $0.item.number == result.number }
            runningTests[result.number] = nil
        case .testsRunning(let item, let process, let tests):
            guard style.live, running.contains(where: { $0.item.number == item }) else { return }
            runningTests[item, default: [:]][process] = tests.isEmpty ? nil : tests
            redraw()
            return
        case .checklistLoaded:
            break
        }
        var lines = ProgressReporter.line(for: event, style: style).map { [$0] } ?? []
        if case .itemFinished(let result) = event, result.status != .manual { lines += details(result) }
        guard !lines.isEmpty else { return }
        clearRunning()
        write(lines.map { $0 + "\n" }.joined())
        drawRunning()
    }

    func redraw() {
        guard style.live, !running.isEmpty || drawnLines > 0 else { return }
        frame = (frame + 1) % Self.spinner.count
        clearRunning()
        drawRunning()
    }

    private func drawRunning() {
        guard style.live else { return }
        var text = ""
        for (item, started) in running {
            let elapsed = DurationText.seconds(GateDuration.seconds(clock.now - started))
            // Titles and test ids come from the change: escaped, so they can neither move the cursor nor break the
            // count of drawn lines that the next redraw moves back over.
            let probe = UntrustedText.escaped(item.probe.displayText)
            text += "\(Self.spinner[frame]) [\(item.number)] \(probe)  \(elapsed)  \(UntrustedText.escaped(item.title))\n"
            let tests = (runningTests[item.number] ?? [:]).values.flatMap { $0 }.sorted { $0.elapsed > $1.elapsed }
            for test in tests.prefix(Self.testsShownPerItem) {
                let escapedID = UntrustedText.escaped(test.id)
                let id = escapedID.count > 72 ? escapedID.prefix(71) + "…" : Substring(escapedID)
                text += "    ↳ \(id)  \(DurationText.seconds(GateDuration.seconds(test.elapsed)))\n"
            }
            if tests.count > Self.testsShownPerItem { text += "    ↳ … and \(tests.count - Self.testsShownPerItem) more running\n" }
        }
        write(text)
        drawnLines = text.filter { $0 == "\n" }.count
    }

    private func clearRunning() {
        guard drawnLines > 0 else { return }
        // Cursor up over the lines drawn last time, then clear to the end of the screen.
        write("\u{1B}[\(drawnLines)A\u{1B}[J")
        drawnLines = 0
    }
}
