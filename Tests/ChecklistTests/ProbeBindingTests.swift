@testable import Checklist
import Testing

@Suite struct ProbeBindingTests {
    @Test func bindingAsAnHTMLBlockInsideTheItem() throws {
        let item = try parse("""
            1. **Builds.**
               <!-- probe: build -Xswiftc -warnings-as-errors -->
            """).items[0]
        #expect(item.probe == ProbeBinding(.build(arguments: ["-Xswiftc", "-warnings-as-errors"]), line: 2))
        #expect(item.probe.displayText == "build -Xswiftc -warnings-as-errors")
        #expect(!item.probe.isManual)
    }

    @Test func bindingAsInlineHTMLInTheParagraph() throws {
        let item = try parse("""
            1. **Tests pass.** Run them
               all. <!-- probe: test --filter Fast -->
            """).items[0]
        #expect(item.probe == ProbeBinding(.test(arguments: ["--filter", "Fast"]), line: 2))
        #expect(item.description == "Run them all.")
    }

    @Test func bindingInsideTheNestedDescriptionCounts() throws {
        let item = try parse("""
            1. **Clean.**
               - nothing staged
                 <!-- probe: git-clean -->
            """).items[0]
        #expect(item.probe == ProbeBinding(.gitClean, line: 3))
    }

    @Test func bindingWithoutSpacesIsRead() throws {
        let item = try parse("1. Clean. <!--probe:git-clean-->").items[0]
        #expect(item.probe.kind == .gitClean)
    }

    @Test func itemsWithoutBindingAreManual() throws {
        let checklist = try parse("""
            1. Unbound.
               <!-- later: cfa CFA-ISOLATION -->
            2. Explicit.
               <!-- probe: manual -->
            3. Built.
               <!-- probe: build -->
            """)
        #expect(checklist.items[0].probe == .manual)
        #expect(checklist.items[0].probe.line == nil)
        #expect(checklist.items[1].probe == ProbeBinding(.manual, line: 4))
        #expect(checklist.items[1].probe.isManual)
        #expect(checklist.manualItems.map(\.number) == [1, 2])
    }

    @Test func unknownProbeNamesItsLineAndTheKnownNames() {
        let error = parseError("""
            1. Lint.

               <!-- probe: lint --strict -->
            """)
        #expect(error == .unknownProbe(path: testPath, line: 3, name: "lint", knownProbes: ["build", "cfa", "command", "git-clean", "inventory", "manual", "test"]))
        #expect(error?.description == "gate/checklist.md:3: unknown probe `lint` — use one of: build, cfa, command, git-clean, inventory, manual, test")
    }

    @Test func everyKindReadsIntoItsCaseWithItsArguments() throws {
        let checklist = try parse("""
            1. Shape. <!-- probe: cfa CFA-APPMODEL-SHAPE CFA-ISOLATION -->
            2. Inventory. <!-- probe: inventory -->
            3. Clean. <!-- probe: git-clean -->
            4. Build. <!-- probe: build -->
            """)
        #expect(checklist.items.map(\.probe.kind) == [
            .cfa(rules: ["CFA-APPMODEL-SHAPE", "CFA-ISOLATION"]), .inventory, .gitClean, .build(arguments: []),
        ])
        #expect(checklist.items.map(\.probe.name) == ["cfa", "inventory", "git-clean", "build"])
    }

    @Test func kindsWithoutArgumentsRefuseThemInsteadOfIgnoringThem() {
        let error = parseError("1. Clean. <!-- probe: git-clean --strict -->")
        #expect(error == .probeWithArguments(path: testPath, line: 1, name: "git-clean"))
        #expect(error?.description == "gate/checklist.md:1: probe `git-clean` takes no arguments — write `<!-- probe: git-clean -->`")
        #expect(parseError("1. Inventory. <!-- probe: inventory main -->") == .probeWithArguments(path: testPath, line: 1, name: "inventory"))
    }

    @Test func twoBindingsInOneItemNameBothLines() {
        let error = parseError("""
            1. Twice.
               <!-- probe: build -->
               - detail <!-- probe: test -->
            """)
        #expect(error == .duplicateProbeBinding(path: testPath, line: 3, firstLine: 2))
        #expect(error?.description.contains("first is at line 2") == true)
    }

    @Test func commandKeepsTheRestOfTheLineAsOneArgument() throws {
        let item = try parse("""
            1. Lint.
               <!-- probe: command:   swift run lint --strict "Sources/My App" | tee out.txt  -->
            """).items[0]
        #expect(item.probe == ProbeBinding(.command(#"swift run lint --strict "Sources/My App" | tee out.txt"#), line: 2))
        #expect(item.probe.displayText == #"command: swift run lint --strict "Sources/My App" | tee out.txt"#)
    }

    @Test func commandProblemsAreErrors() {
        #expect(parseError("1. X.\n   <!-- probe: command: -->") == .emptyCommand(path: testPath, line: 2))
        #expect(parseError("1. X.\n   <!-- probe: command swift test -->") == .commandWithoutColon(path: testPath, line: 2))
        #expect(parseError("1. X.\n   <!-- probe: command: swift\n   test -->") == .multilineCommand(path: testPath, line: 2))
    }

    @Test func quotedArgumentsStayTogether() throws {
        let item = try parse("""
            1. X.
               <!-- probe: test --filter "Habit Tests" 'it''s' a"b c"d "say \\"hi\\"" "" -->
            """).items[0]
        #expect(item.probe.kind == .test(arguments: ["--filter", "Habit Tests", "its", "ab cd", #"say "hi""#, ""]))
        #expect(item.probe.displayText == #"test --filter 'Habit Tests' its 'ab cd' 'say "hi"' ''"#)
    }

    @Test func anUnclosedQuoteIsAnError() {
        #expect(parseError("1. X.\n   <!-- probe: test --filter \"Habit -->") == .unterminatedQuote(path: testPath, line: 2))
    }

    @Test func manualTakesNoArguments() {
        #expect(parseError("1. X. <!-- probe: manual please -->") == .manualWithArguments(path: testPath, line: 1))
    }

    @Test func anEmptyProbeNameIsAnError() {
        let error = parseError("1. X.\n\n   <!-- probe:   -->")
        #expect(error == .emptyProbeName(path: testPath, line: 3))
        #expect(error?.description.hasPrefix("gate/checklist.md:3: probe binding names no probe — ") == true)
    }

    @Test func anUnterminatedHTMLBlockCommentIsAnErrorWithItsLine() {
        let error = parseError("""
            1. X.
               <!-- probe: build
            2. Y.
            """)
        #expect(error == .unterminatedComment(path: testPath, line: 2))
        #expect(error?.description == "gate/checklist.md:2: HTML comment `<!--` is never closed — end it with `-->`")
    }

    @Test func anUnterminatedInlineCommentIsAnErrorWithItsLine() {
        #expect(parseError("1. X.\n2. Y <!-- probe: build\n3. Z.") == .unterminatedComment(path: testPath, line: 2))
    }

    @Test func anInlineCommandMayContainDoubleDashes() throws {
        // CommonMark 0.29 (cmark-gfm) reads this as text; CommonMark 0.31 and HTML read it as a comment.
        let item = try parse("1. **Lint.** Strictly. <!-- probe: command: swift run lint --strict -- Sources --> Done.").items[0]
        #expect(item.probe == ProbeBinding(.command("swift run lint --strict -- Sources"), line: 1))
        #expect(item.description == "Strictly. Done.")
    }

    @Test func anInlineCommentWithDoubleDashesMaySpanLines() throws {
        let checklist = try parse("""
            1. Tests pass. <!-- probe: test
               --filter Fast --> <!-- note -- ignored -->
            2. Next.
            """)
        #expect(checklist.items[0].probe == ProbeBinding(.test(arguments: ["--filter", "Fast"]), line: 1))
        #expect(checklist.items[0].description == "")
    }

    @Test func anInlineCommentMarkdownWouldRewriteIsAnError() {
        // The backslash escape would vanish from the command, so the binding is refused rather than changed.
        let escaped = parseError(#"1. Grep. <!-- probe: command: grep -e a\.b -- x -->"#)
        #expect(escaped == .commentReadAsText(path: testPath, line: 1))
        #expect(escaped?.description.hasSuffix("— put the comment on its own line") == true)
        #expect(parseError("1. X. <!-- probe: test --filter *a* -->") == .commentReadAsText(path: testPath, line: 1))
        #expect(parseError("1. X. <!-- probe: test --filter *a* b\n2. Y.") == .unterminatedComment(path: testPath, line: 1))
    }

    @Test func aBindingOutsideAnyItemIsAnError() {
        let error = parseError("""
            1. Build.
            <!-- probe: build -->
            """)
        #expect(error == .probeOutsideItem(path: testPath, line: 2))
    }

    @Test func aDirectiveWithoutItsColonIsAnError() {
        #expect(parseError("1. X. <!-- probe build -->") == .directiveWithoutColon(path: testPath, line: 1, keyword: "probe"))
        #expect(parseError("<!-- cfa-gate build-timeout=1m -->\n\n1. X.") == .directiveWithoutColon(path: testPath, line: 1, keyword: "cfa-gate"))
    }

    @Test func commentsInCodeAreNotBindings() throws {
        let item = try parse("""
            1. Write `<!-- probe: build -->` to bind.

               ```
               <!-- probe: test -->
               ```
            """).items[0]
        #expect(item.probe == .manual)
    }
}
