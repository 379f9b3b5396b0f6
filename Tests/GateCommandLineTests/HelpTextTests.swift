import Testing
@testable import GateCommandLine

struct HelpTextTests {
    /// A fixed column once cut `inventory` to `inventor`; every name must appear whole, followed by its text.
    @Test func everyCommandNameAppearsWholeInTheCommandList() {
        for entry in CFAGate.commands {
            #expect(CFAGate.help.contains("  \(entry.name)  "), "\(entry.name) is cut or joined to its text")
            #expect(CFAGate.help.contains(entry.abstract))
        }
    }

    @Test func columnsAreAsWideAsTheLongestName() {
        let text = HelpText.columns([("a", "first"), ("longer-name", "second")])
        #expect(text == "  a            first\n  longer-name  second")
    }
}
