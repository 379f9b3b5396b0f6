@testable import Checklist
import Testing

@Suite struct SectionAndTextTests {
    @Test func sectionIsTheNearestPrecedingHeadingOfAnyLevel() throws {
        let checklist = try parse("""
            # Gate

            1. Under the title.

            ## Screens

            2. Under screens.

            ### Details

            3. Under details.

            ## Build

            4. Under build.
            """)
        #expect(checklist.items.map(\.section) == ["Gate", "Screens", "Details", "Build"])
        #expect(checklist.items.map(\.sectionLevel) == [1, 2, 3, 2])
    }

    @Test func itemsBeforeAnyHeadingHaveNoSection() throws {
        let checklist = try parse("1. Alone.")
        #expect(checklist.items[0].section == nil)
        #expect(checklist.items[0].sectionLevel == nil)
        #expect(checklist.title == nil)
    }

    @Test func documentTitleIsTheFirstLevelOneHeading() throws {
        let checklist = try parse("""
            ## Preface

            # The `CFA` gate

            1. Item.

            # Second title
            """)
        #expect(checklist.title == "The CFA gate")
        #expect(checklist.items[0].section == "The CFA gate")
    }

    @Test func titleComesFromTheLeadingBoldTextWithoutItsPeriod() throws {
        let item = try parse("1. **The package builds.** It compiles at the final commit.").items[0]
        #expect(item.title == "The package builds")
        #expect(item.description == "It compiles at the final commit.")
    }

    @Test func titleComesFromTheFirstSentenceWithoutBold() throws {
        let item = try parse("""
            1. Uses `AppModel.shared` only in live(). Everything else is injected.
               Tests build their own graph.
            """).items[0]
        #expect(item.title == "Uses AppModel.shared only in live()")
        #expect(item.description == "Everything else is injected. Tests build their own graph.")
    }

    @Test func boldInTheMiddleDoesNotMakeATitle() throws {
        let item = try parse("1. Keep **one** owner. Always.").items[0]
        #expect(item.title == "Keep one owner")
        #expect(item.description == "Always.")
    }

    @Test func aBindingBeforeTheTextSwallowsTheLineAsRawHTML() {
        // Markdown reads a line starting with `<!--` as an HTML block, so this item has no visible text.
        let error = parseError("1. <!-- probe: build --> **Builds.** Really.")
        #expect(error == .itemWithoutTitle(path: testPath, line: 1, number: 1))
        #expect(error?.description.contains("put a binding after the text") == true)
    }

    @Test func descriptionFlattensParagraphsAndNestedListsAndDropsComments() throws {
        let item = try parse("""
            1. **Review.** Look at:
               <!-- probe: manual -->
               - owners <!-- a note -->
               - tasks
                 - cancellation

               Then sign off with `git commit`.
               - [x] done
            """).items[0]
        #expect(item.title == "Review")
        #expect(item.description == """
            Look at:
            - owners
            - tasks
              - cancellation
            Then sign off with git commit.
            - [x] done
            """)
    }
}
