@testable import CFAAnalysis
import Foundation
import Testing

/// The floor `analyze --bench` reports beside the cold ratio: a pass over every node of every parsed file. Its figure
/// is only worth reading if it covers every file and nothing but the pass.
struct ParseBenchmarkTests {
    private static func inputs(_ sources: [String]) -> [SourceInput] {
        sources.enumerated().map { SourceInput(path: "File\($0.offset).swift", content: .text($0.element), size: $0.element.utf8.count) }
    }

    @Test func theFloorPassTakesTimeForEveryFileAndNoneWithoutFiles() async {
        let source = (0..<200).map { "struct Type\($0) { func call() { Other.shared.run(\($0)) } }" }.joined(separator: "\n")
        let one = await ParseBenchmark.floorPass(Self.inputs([source]), workers: 1)
        #expect(one > .zero)
        #expect(await ParseBenchmark.floorPass([], workers: 2) == .zero)
        // Twenty copies of the file are met in twenty passes: more time than one, on one worker or two.
        let many = await ParseBenchmark.floorPass(Self.inputs(Array(repeating: source, count: 20)), workers: 2)
        #expect(many > one)
    }
}
