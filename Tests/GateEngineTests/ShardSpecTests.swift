import Testing
@testable import GateEngine

struct ShardSpecTests {
    @Test func readsIndexOverCount() {
        #expect(ShardSpec("1/2") == ShardSpec(index: 1, count: 2))
        #expect(ShardSpec("4/4")?.description == "4/4")
    }

    @Test(arguments: ["0/2", "3/2", "1/0", "2", "a/b", "1/2/3", "-1/2", "1/ 2", "", "/", "1/257"])
    func refusesAnythingElse(_ text: String) {
        #expect(ShardSpec(text) == nil)
    }
}
