@testable import Checklist
import Testing

@Suite struct ItemNumberingTests {
    @Test func numbersAreReadAsWrittenNotAsCounted() throws {
        let checklist = try parse("""
            1. First.
            2. Second.
            5. Fifth.
            """)
        #expect(checklist.items.map(\.number) == [1, 2, 5])
        #expect(checklist.items.map(\.line) == [1, 2, 3])
    }

    @Test func aRepeatedNumberNamesBothLines() {
        let error = parseError("""
            3. One.
            3. Two.
            """)
        #expect(error == .itemNumberNotIncreasing(path: testPath, line: 2, number: 3, previousNumber: 3, previousLine: 1))
        #expect(error?.description == "gate/checklist.md:2: item number 3 repeats item 3 at line 1 — number the items in increasing order, each number used once")
    }

    @Test func aDecreasingNumberAcrossTwoListsNamesBothLines() {
        let error = parseError("""
            ## A

            4. Four.

            ## B

            2. Two.
            """)
        #expect(error == .itemNumberNotIncreasing(path: testPath, line: 7, number: 2, previousNumber: 4, previousLine: 3))
        #expect(error?.description.contains("is lower than item 4 at line 3") == true)
    }

    @Test func numbersContinueAcrossListsAndSections() throws {
        let checklist = try parse("""
            # T
            ## A
            1. One.
            2. Two.
            ## B
            3. Three.
            """)
        #expect(checklist.items.map(\.number) == [1, 2, 3])
    }

    @Test func parenthesisDelimiterIsAnItem() throws {
        let checklist = try parse("""
            7) Seven.
            8) Eight.
            """)
        #expect(checklist.items.map(\.number) == [7, 8])
    }

    @Test func multiDigitAndIndentedMarkersAreReadWhole() throws {
        let checklist = try parse("""
            9. Nine.
            10. Ten.
              11. Eleven.
            """)
        #expect(checklist.items.map(\.number) == [9, 10, 11])
    }

    @Test func aNestedOrderedListIsDescriptionNotItems() throws {
        let checklist = try parse("""
            1. **Outer.** Intro.
               1. inner one
               2. inner two
            2. Next.
            """)
        #expect(checklist.items.map(\.number) == [1, 2])
        #expect(checklist.items[0].description == "Intro.\n1. inner one\n2. inner two")
    }

    @Test func itemsInsideBlockQuotesAreItems() throws {
        let checklist = try parse("""
            > 1. Quoted.
            > 2. Also quoted.

            3. Plain.
            """)
        #expect(checklist.items.map(\.number) == [1, 2, 3])
        #expect(checklist.items.map(\.title) == ["Quoted", "Also quoted", "Plain"])
    }

    @Test func itemsInsideNestedBlockQuotesKeepTheirWrittenNumber() throws {
        let checklist = try parse("""
            > > 4. Deep.
            > > 6. Deeper.
            """)
        #expect(checklist.items.map(\.number) == [4, 6])
    }

    @Test func anOrderedListInsideABulletedListIsItems() throws {
        let checklist = try parse("""
            - context
              1. Inside a bullet.
            """)
        #expect(checklist.items.map(\.number) == [1])
    }

    @Test func aCodeBlockIsNotAList() {
        #expect(parseError("""
            ```
            1. not an item
            ```
            """) == .noItems(path: testPath))
    }

    @Test func aDocumentWithoutItemsIsAnError() {
        let error = parseError("""
            # Title

            - a bullet
            - another
            """)
        #expect(error == .noItems(path: testPath))
        #expect(error?.description == "gate/checklist.md: no numbered items found — a checklist is an ordered Markdown list: `1. …`")
    }

    @Test func windowsLineEndingsKeepLinesAndNumbers() throws {
        let checklist = try parse("# T\r\n\r\n2. Two.\r\n4. Four.\r\n   <!-- probe: build -->\r\n")
        #expect(checklist.items.map(\.number) == [2, 4])
        #expect(checklist.items.map(\.line) == [3, 4])
        #expect(checklist.items[1].probe == ProbeBinding(.build(arguments: []), line: 5))
    }

    @Test func anItemWithoutTextIsAnError() {
        #expect(parseError("""
            1. Fine.
            2.
            """) == .itemWithoutTitle(path: testPath, line: 2, number: 2))
    }
}
