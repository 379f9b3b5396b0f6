import TestOrchestration

/// Which test targets the change touched, so their tests run first.
enum ChangedTestTargets {
    struct Order: Sendable {
        var targets: Set<String>
        var reason: String?
    }

    static func choose(in context: ProbeContext, tests: [TestCase]) async -> Order {
        Order(targets: [], reason: nil)
    }
}
