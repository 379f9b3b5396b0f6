import CFAAnalysis
import Testing

/// Where a listed test is declared, for the reports of a test that hung or crashed (which recorded no place of its own).
struct TestDeclarationsTests {
    @Test func aListedIDFindsItsDeclarationInEitherFrameworkAndAnAmbiguousOneFindsNone() async {
        let swiftTesting = """
            import Testing

            @Suite struct Orders {
                @Test func places() {}

                @Test
                func cancels(reason: String) {}
                struct Nested {
                    @Test func deep() {}
                }
            }
            """
        let xctest = """
            import XCTest

            final class SyncTests: XCTestCase {
                func testUploads() {}
                func helper() {}
            }
            extension SyncTests {
                func testDownloads() {}
            }
            """
        let twin = "import XCTest\nfinal class SyncTests: XCTestCase {\n    func testUploads() {}\n}\n"
        let declarations = await TestDeclarations.read([
            .text(swiftTesting, path: "Tests/AppTests/OrdersTests.swift"), .text(xctest, path: "Tests/AppTests/SyncTests.swift"),
            .text(twin, path: "Tests/OtherTests/SyncTests.swift"),
        ])
        #expect(declarations.place(ofTest: "AppTests.Orders/places()") == .init(file: "Tests/AppTests/OrdersTests.swift", line: 4))
        #expect(declarations.place(ofTest: "AppTests.Orders/cancels(reason:)")?.line == 6)
        #expect(declarations.place(ofTest: "AppTests.Orders/Nested/deep()")?.line == 9)
        #expect(declarations.place(ofTest: "AppTests.SyncTests/testDownloads") == .init(file: "Tests/AppTests/SyncTests.swift", line: 8))
        // Two targets declare `SyncTests.testUploads`: naming one could send the reader to the wrong test.
        #expect(declarations.place(ofTest: "AppTests.SyncTests/testUploads") == nil)
        #expect(declarations.place(ofTest: "AppTests.SyncTests/helper") == nil)
        #expect(declarations.place(ofTest: "no slash") == nil)
    }
}
