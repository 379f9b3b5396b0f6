import CFAAnalysis
import Testing

/// Proves SwiftParser is linked from the toolchain and that `#if` code is part of the analysis.
struct DeclaredTypesTests {
    @Test func findsTypesWithKindsLinesAndInheritance() {
        let source = """
            import Observation

            @MainActor @Observable
            final class HabitsFeature {}

            protocol HabitRepository: Sendable {}
            actor JSONFileHabitRepository: HabitRepository {}
            """
        let types = DeclaredTypes.scan(source: source)
        #expect(types.map(\.name) == ["HabitsFeature", "HabitRepository", "JSONFileHabitRepository"])
        #expect(types.map(\.kind) == [.class, .protocol, .actor])
        #expect(types.map(\.line) == [3, 6, 7])
        #expect(types[2].inheritedTypes == ["HabitRepository"])
    }

    @Test func typesInsideConditionalCompilationAreFound() {
        let source = """
            #if canImport(SwiftUI)
            import SwiftUI
            struct HabitListView: View {
                var body: some View { Text("x") }
            }
            #endif
            """
        let types = DeclaredTypes.scan(source: source)
        #expect(types == [DeclaredType(name: "HabitListView", kind: .struct, line: 3, inheritedTypes: ["View"])])
    }
}
