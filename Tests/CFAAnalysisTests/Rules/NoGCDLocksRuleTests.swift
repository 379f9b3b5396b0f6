import GateTestSupport
@testable import CFAAnalysis
import Foundation
import Testing

struct NoGCDLocksRuleTests {
    private let rule = NoGCDLocksRule.id
    private let path = "App/2 - AppModel/Features/OrdersFeature+Legacy.swift"

    /// `body` as a member of an extension of the compliant Feature, in its own file.
    private func findings(inFeatureExtension body: String) -> (findings: [Finding], source: String) {
        let source = "import Foundation\n\nextension OrdersFeature {\n\(body)\n}\n"
        return (Analysis.findings(rule, in: Analysis.app(replacing: [path: source])), source)
    }

    @Test(arguments: [
        ("DispatchQueue", "    func refresh() { DispatchQueue.main.async { self.clear() } }"),
        ("DispatchQueue", "    func refresh() { Dispatch.DispatchQueue.global().async {} }"),
        ("DispatchGroup", "    func refresh() { let group = DispatchGroup(); group.wait() }"),
        ("DispatchSemaphore", "    func refresh() { _ = DispatchSemaphore(value: 0) }"),
        ("OperationQueue", "    func refresh(on queue: OperationQueue) {}"),
        ("NSLock", "    static let lock: NSLock = NSLock()"),
        ("NSRecursiveLock", "    static let lock = NSRecursiveLock()"),
        ("os_unfair_lock_lock", "    func refresh(_ lock: UnsafeMutablePointer<Int>) { os_unfair_lock_lock(lock) }"),
        ("pthread_mutex_t", "    func refresh(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) {}"),
    ])
    func eachListedAPIIsReportedOncePerLine(api: String, body: String) throws {
        let (findings, source) = findings(inFeatureExtension: body)
        let finding = try #require(findings.first)
        #expect(findings.count == 1)
        #expect(finding.file == path)
        #expect(finding.line == PlantedSource.line(of: body, in: source))
        #expect(finding.item == 17)
        #expect(finding.message.contains("OrdersFeature uses \(api)"))
    }

    @Test func uncheckedSendableIsReportedAtTheType() {
        let source = "import Foundation\n\nfinal class OrderCache: @unchecked Sendable {\n    var orders: [Order] = []\n}\n"
        let findings = Analysis.findings(rule, in: Analysis.app(replacing: ["App/Domain/OrderCache.swift": source]))
        #expect(findings.map(\.line) == [3])
        #expect(findings.first?.message.contains("OrderCache is `@unchecked Sendable`") == true)
        let conformance = Analysis.findings(rule, in: Analysis.app(replacing: ["App/Domain/OrderCache.swift": "extension Order: @unchecked Sendable {}"]))
        #expect(conformance.map(\.line) == [1])
    }

    @Test func nonisolatedUnsafeIsReportedWhereverItIsWritten() {
        let (findings, source) = findings(inFeatureExtension: "    nonisolated(unsafe) static var lastOrderCount = 0")
        #expect(findings.map(\.line) == [PlantedSource.line(of: "nonisolated(unsafe)", in: source)])
        #expect(findings.first?.message.contains("nonisolated(unsafe)") == true)
        let topLevel = Analysis.findings(rule, in: Analysis.app(replacing: ["App/Domain/Counter.swift": "nonisolated(unsafe) var counter = 0"]))
        #expect(topLevel.map(\.line) == [1])
    }

    @Test func testsAndPreviewsAreNotExempt() {
        let files = Analysis.app(replacing: [
            "Tests/AppTests/Feature Tests/OrdersFeatureWaitTests.swift": """
                import Foundation
                import Testing

                struct OrdersFeatureWaitTests {
                    @Test func waits() {
                        let semaphore = DispatchSemaphore(value: 0)
                        semaphore.signal()
                    }
                }
                """,
            "App/1 - View/Components/Spinner.swift": """
                #if canImport(SwiftUI)
                import SwiftUI

                struct Spinner: View {
                    var body: some View { ProgressView() }
                }

                #Preview {
                    Spinner().onAppear { DispatchQueue.main.asyncAfter(deadline: .now() + 1) {} }
                }
                #endif
                """,
        ])
        let findings = Analysis.findings(rule, in: files)
        #expect(findings.map { "\($0.file):\($0.line)" } == [
            "App/1 - View/Components/Spinner.swift:9", "Tests/AppTests/Feature Tests/OrdersFeatureWaitTests.swift:6",
        ])
    }

    @Test func projectTypesWithListedOrSimilarNamesAreNotReported() {
        let files = Analysis.app(replacing: [
            "App/Domain/OperationQueue.swift": """
                /// The app's own queue of pending orders to send.
                struct OperationQueue {
                    var pending: [Order] = []
                }

                struct Task {
                    let title: String
                }

                struct OrderLock {
                    var isLocked = false
                }
                """,
            "App/2 - AppModel/Features/OutboxFeature.swift": """
                import Observation

                @MainActor @Observable
                final class OutboxFeature {
                    private(set) var queue = OperationQueue()
                    private(set) var todo = Task(title: "send")
                    private(set) var lock = OrderLock()
                    func note() {
                        // DispatchQueue and NSLock are mentioned only in this comment.
                        print("no DispatchQueue here")
                    }
                }
                """,
        ])
        #expect(Analysis.findings(rule, in: files) == [])
    }

}

