@testable import CFAAnalysis
import Testing

struct FactExtractorTests {
    @Test func typesMembersAndLocationsAreKept() throws {
        let facts = FactExtractor.facts(path: "A/OrdersViewModel.swift", source: """
            import Observation

            @MainActor @Observable
            final class OrdersViewModel: Sendable {
                var draft = ""
                private(set) var task: Task<Void, Never>?
                static let sample = 1
                var count: Int { draft.count }

                init(ordersFeature: OrdersFeature = AppModel.shared.ordersFeature) {}

                func save(_ value: Int, to place: String) async -> Bool { true }
            }
            """)
        #expect(facts.imports.map(\.module) == ["Observation"])
        let type = try #require(facts.types.first)
        #expect(type.name == "OrdersViewModel")
        #expect(type.kind == .class)
        #expect(type.location == SourceLocation(line: 3, column: 1))
        #expect(type.attributes.map(\.name) == ["MainActor", "Observable"])
        #expect(type.modifiers == ["final"])
        #expect(type.inheritedTypes == ["Sendable"])
        #expect(type.properties.map(\.name) == ["draft", "task", "sample", "count"])
        #expect(type.storedProperties.map(\.name) == ["draft", "task"])
        #expect(type.properties[1].modifiers == ["private(set)"])
        #expect(type.properties[1].typeText == "Task<Void, Never>?")
        let initializer = try #require(type.initializers.first)
        #expect(initializer.parameters == [
            ParameterFact(label: "ordersFeature", name: "ordersFeature", typeText: "OrdersFeature",
                          defaultValue: "AppModel.shared.ordersFeature", location: SourceLocation(line: 10, column: 10))
        ])
        let save = try #require(type.methods.first)
        #expect(save.isAsync && save.returnType == "Bool")
        #expect(save.parameters.map(\.label) == [nil, "to"])
        #expect(type.scope.references.contains { $0.name == "AppModel.shared.ordersFeature" && $0.member == "init" })
    }

    @Test func callsKnowTheirShapeAssignmentAndMember() throws {
        let facts = FactExtractor.facts(path: "V.swift", source: """
            struct V {
                func start() {
                    loadTask = Task { await work() }
                    let other = Task.detached { }
                    self.flag = true
                    loadTask?.cancel()
                    if let loadTask { print(loadTask) }
                }
            }
            """)
        let scope = try #require(facts.types.first).scope
        let task = try #require(scope.calls.first { $0.shape.name == "Task" })
        #expect(task.assignedTo == "loadTask")
        #expect(task.member == "start")
        #expect(task.shape.hasTrailingClosure)
        let detached = try #require(scope.calls.first { $0.shape.name == "detached" })
        #expect(detached.shape.base == "Task")
        #expect(detached.assignedTo == "other")
        #expect(scope.calls.contains { $0.shape.name == "cancel" && $0.shape.base == "loadTask?" })
        #expect(scope.assignments.map(\.target) == ["loadTask", "flag"])
        #expect(scope.conditions.map(\.text) == ["let loadTask"])
        #expect(scope.awaits.count == 1)
    }

    @Test func conditionalCompilationIsAnalyzedAndPreviewCodeIsMarked() throws {
        let facts = FactExtractor.facts(path: "V.swift", source: """
            #if canImport(SwiftUI)
            import SwiftUI
            struct OrdersView: View {
                var body: some View { Text("x") }
            }
            #Preview { OrdersView(viewModel: OrdersViewModel()) }
            #endif
            #if DEBUG
            let sample = OrdersViewModel()
            #endif
            """)
        #expect(facts.types.map(\.name) == ["OrdersView"])
        #expect(facts.types[0].inheritedTypes == ["View"])
        let previewCalls = facts.fileScope.calls.filter { $0.shape.name == "OrdersViewModel" }
        #expect(previewCalls.count == 2)
        #expect(previewCalls.allSatisfy { $0.inPreview })
    }

    @Test func nestedTypesAndExtensionsAreSeparateEntries() {
        let facts = FactExtractor.facts(path: "F.swift", source: """
            final class OrdersFeature {
                enum LoadState { case idle, loaded([Int]), failed(any Error) }
            }
            extension OrdersFeature: CustomStringConvertible {
                var description: String { "orders" }
            }
            """)
        #expect(facts.types.map(\.name) == ["OrdersFeature", "LoadState", "OrdersFeature"])
        #expect(facts.types[1].enclosing == ["OrdersFeature"])
        #expect(facts.types[1].enumCases.map(\.associatedTypes) == [[], ["[Int]"], ["any Error"]])
        #expect(facts.types[2].kind == .extension)
    }

    @Test func suppressionsAreReadFromCommentsOnly() {
        let facts = FactExtractor.facts(path: "S.swift", source: """
            // cfa-gate:ignore CFA-NO-GCD-LOCKS -- bridging a C callback
            let queue = DispatchQueue(label: "x") // cfa-gate:ignore CFA-NO-GCD-LOCKS
            let text = "// cfa-gate:ignore CFA-NOTHING -- inside a string"
            """)
        #expect(facts.suppressions == [
            SuppressionFact(ruleIDs: ["CFA-NO-GCD-LOCKS"], reason: "bridging a C callback", location: SourceLocation(line: 1, column: 1), coveredLine: 2),
            SuppressionFact(ruleIDs: ["CFA-NO-GCD-LOCKS"], reason: nil, location: SourceLocation(line: 2, column: 39), coveredLine: 2),
        ])
    }

    @Test func modifiersWithDetailAreRecordedAnywhere() {
        let facts = FactExtractor.facts(path: "G.swift", source: "nonisolated(unsafe) var cache: [Int] = []\n")
        #expect(facts.modifierUses.map(\.name) == ["nonisolated(unsafe)"])
    }

    /// What the rules about initializer bodies, Feature writes and Button Tasks need: where a body opens, compound
    /// assignments, the user action or Task whose closure a call runs in, and calls that stand as statements.
    @Test func bodiesCompoundAssignmentsAndTheClosuresCallsRunInAreKept() throws {
        let facts = FactExtractor.facts(path: "A/OrdersView.swift", source: """
            struct OrdersView: View {
                init(name: String = String(describing: 1)) {
                    count += 2
                }

                var body: some View {
                    Button("Add") { withAnimation { Task { save() } } }
                        .onTapGesture { print(1) }
                }
            }
            """)
        let type = try #require(facts.types.first)
        let initializer = try #require(type.initializers.first)
        #expect(initializer.bodyLocation == SourceLocation(line: 2, column: 48))
        #expect(type.scope.assignments.map { "\($0.target) \($0.operatorText) \($0.value)" } == ["count += 2"])
        let runsIn = Dictionary(type.scope.calls.map { ($0.shape.name, $0.runsIn ?? "-") }, uniquingKeysWith: { first, _ in first })
        #expect(runsIn == ["String": "-", "Button": "-", "withAnimation": "Button", "Task": "Button", "save": "Task", "onTapGesture": "-", "print": "onTapGesture"])
        #expect(Set(type.scope.calls.filter(\.isStatement).map(\.shape.name)) == ["withAnimation", "Task", "save", "onTapGesture", "print"])
    }

    /// A member is left where its code ends, whatever lies between it and the next one: members inside `#if` blocks,
    /// after an `#endif`, and after an import (whose insides are not walked) each start with no member around them.
    @Test func membersAroundConditionalBlocksAreEachTheirOwn() throws {
        let facts = FactExtractor.facts(path: "E.swift", source: """
            enum Spawner {
                static func handOver() -> Int? {
                    guard let identity = sandbox.identity else { return nil }
                    return identity
                }

                #if os(Linux)
                private static func clone() -> Int { start() }
                #if DEBUG
                static var sample: Int { 1 }
                #endif
                #endif
                private static let lastCapability: Int32 = { read() }()
            }
            import Foundation
            extension Spawner { func later() { go() } }
            """)
        let spawner = try #require(facts.types.first)
        #expect(spawner.functions.map(\.name) == ["handOver", "clone"])
        #expect(spawner.properties.map(\.name) == ["sample", "lastCapability"])
        #expect(spawner.scope.calls.map { "\($0.shape.name) in \($0.member ?? "-")" } == ["os in -", "start in clone", "{ read() } in lastCapability", "read in lastCapability"])
        #expect(spawner.scope.references.first { $0.name == "Int" && $0.member == "sample" }?.inPreview == true)
        #expect(spawner.scope.references.first { $0.name == "Int32" }?.inPreview == false)
        #expect(facts.imports.map(\.module) == ["Foundation"])
        #expect(facts.types.last?.functions.map(\.name) == ["later"])
        #expect(facts.types.last?.scope.calls.map(\.shape.name) == ["go"])
    }
}

/// Past a few hundred levels the tree scan goes on without recursion; the facts of code that deep are the same.
struct DeepTreeFactsTests {
    @Test func typesNestedPastTheRecursionDepthKeepTheirMembers() throws {
        let levels = 80
        var source = ""
        for level in 0..<levels { source += "struct T\(level) {\n    func before\(level)() { call\(level)(x.a.b) }\n" }
        for level in (0..<levels).reversed() { source += "    var after\(level): Int = make\(level)()\n}\n" }
        let facts = FactExtractor.facts(path: "Deep.swift", source: source)
        #expect(facts.refusal == nil)
        #expect(facts.types.count == levels)
        for (level, type) in facts.types.enumerated() {
            #expect(type.name == "T\(level)")
            #expect(type.enclosing.count == level)
            #expect(type.functions.map(\.name) == ["before\(level)"])
            #expect(type.properties.map(\.name) == ["after\(level)"])
            #expect(type.scope.calls.map { "\($0.shape.name) in \($0.member ?? "-")" } == ["call\(level) in before\(level)", "make\(level) in after\(level)"])
            #expect(type.scope.references.filter { $0.name == "x.a.b" }.count == 1)
        }
    }
}
