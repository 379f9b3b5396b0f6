/// Item 17, first half: Swift Concurrency only. Dispatch queues, operation queues, locks and the two escape
/// hatches from the compiler's data-race checks (`@unchecked Sendable`, `nonisolated(unsafe)`) all hide
/// isolation the compiler can no longer verify. Test code is held to the same rule: a semaphore that waits
/// for async work is exactly the pattern Swift Testing's `await` replaces.
struct NoGCDLocksRule: Rule {
    static let id = "CFA-NO-GCD-LOCKS"
    let descriptor = RuleDescriptor(
        id: id, item: 17,
        summary: "No GCD, operation queues, locks, `@unchecked Sendable` or `nonisolated(unsafe)`",
        help: """
            Reported where the code names `DispatchQueue`, `DispatchGroup`, `DispatchSemaphore`, `OperationQueue`, `NSLock`, \
            `NSRecursiveLock`, `os_unfair_lock…` or `pthread_mutex…` (once per line and API), at a type that conforms \
            `@unchecked Sendable`, and at each `nonisolated(unsafe)`. Tests, previews and `#if DEBUG` code are checked too. \
            A type the project declares itself under one of these names is its own and not reported. Fix: use `@MainActor` \
            for UI state, an `actor` for shared mutable state, `async`/`await`, `async let` or a `TaskGroup` for concurrent \
            work, and truly `Sendable` value types.
            """,
        reference: Self.reference, examples: Self.examples)

    init() {}

    /// The listed APIs with what to write instead. `prefix` families cover a C API's functions and types
    /// (`os_unfair_lock_lock`, `pthread_mutex_t`).
    private static let apis: [(name: String, isPrefix: Bool, fix: String)] = [
        ("DispatchQueue", false, "use `@MainActor` for main-thread work and an actor or `async` function for background work"),
        ("DispatchGroup", false, "use `async let` or a `TaskGroup`"),
        ("DispatchSemaphore", false, "`await` the async work instead of blocking a thread"),
        ("OperationQueue", false, "use a `TaskGroup` or an actor"),
        ("NSLock", false, "protect the state with an actor or `@MainActor`"),
        ("NSRecursiveLock", false, "protect the state with an actor or `@MainActor`"),
        ("os_unfair_lock", true, "protect the state with an actor or `@MainActor`"),
        ("pthread_mutex", true, "protect the state with an actor or `@MainActor`"),
    ]

    /// Whether a listed API starts with the byte, for each byte value.
    private static let apiInitials: [Bool] = {
        var initials = [Bool](repeating: false, count: 256)
        for first in apis.compactMap(\.name.utf8.first) { initials[Int(first)] = true }
        return initials
    }()

    func check(_ index: CodebaseIndex) -> [Finding] {
        index.files.flatMap { file in apiFindings(file, index) + escapeHatchFindings(file) }
    }

    private func apiFindings(_ file: FileFacts, _ index: CodebaseIndex) -> [Finding] {
        var reported: Set<String> = []
        var findings: [Finding] = []
        func check(_ owner: String, _ references: [ReferenceFact]) {
            for reference in references {
                guard let (api, fix) = Self.api(named: reference.name), !Self.isProjectType(api, index) else { continue }
                guard reported.insert("\(reference.location.line) \(api)").inserted else { continue }
                findings.append(descriptor.finding(
                    file.path, reference.location, "\(owner) uses \(api); Swift Concurrency only — \(fix)"))
            }
        }
        // By index: every reference of every file passes here, and a loop over the types would copy each whole.
        for type in file.types.indices { check(file.types[type].name, file.types[type].scope.references) }
        check(file.fileName, file.fileScope.references)
        return findings.sorted()
    }

    /// The API a referenced name denotes: `DispatchQueue`, `Dispatch.DispatchQueue`, `os_unfair_lock_lock` →
    /// `os_unfair_lock_lock`. Member chains (`DispatchQueue.main`) are skipped; their root is its own reference.
    private static func api(named name: String) -> (String, String)? {
        // Asked of every reference in the app: most are turned away by the start of their last component.
        let utf8 = name.utf8
        let last = utf8.lastIndex(of: UInt8(ascii: ".")).map { utf8.index(after: $0) } ?? utf8.startIndex
        if last < utf8.endIndex {
            guard apiInitials[Int(utf8[last])] else { return nil }
            let lastComponent = name[last...]
            guard apis.contains(where: { TypeText.begins(lastComponent, with: $0.name) }) else { return nil }
        }
        let components = name.split(separator: ".")
        guard let last = components.last.map(String.init), components.count <= 2 else { return nil }
        if components.count == 2 && !["Dispatch", "Foundation", "Darwin", "Glibc", "os"].contains(String(components[0])) { return nil }
        for api in apis where api.isPrefix ? last.hasPrefix(api.name) : last == api.name {
            return (last, api.fix)
        }
        return nil
    }

    /// A project that declares its own `OperationQueue` means its own type by that name.
    private static func isProjectType(_ name: String, _ index: CodebaseIndex) -> Bool {
        index.entries[name]?.contains { $0.declaration.kind != .extension } ?? false
    }

    private func escapeHatchFindings(_ file: FileFacts) -> [Finding] {
        var findings: [Finding] = []
        for type in file.types where type.inheritedTypes.contains(where: { $0.hasPrefix("@unchecked") }) {
            findings.append(descriptor.finding(
                file.path, type.location,
                "\(type.name) is `@unchecked Sendable`, which turns off the compiler's data-race checks; "
                    + "make it truly Sendable — a value type, an actor or `@MainActor`"))
        }
        for use in file.modifierUses where use.name == "nonisolated(unsafe)" {
            findings.append(descriptor.finding(
                file.path, use.location,
                "`nonisolated(unsafe)` turns off the compiler's data-race checks; "
                    + "isolate the state to an actor or `@MainActor`, or make it an immutable Sendable `let`"))
        }
        return findings
    }
}

extension NoGCDLocksRule {
    static let reference = """
        Swift Concurrency only: no hand-rolled threading or locking, and none of the annotations that switch the \
        compiler's data-race checks off. **Reported:** once per line and API, where code names `DispatchQueue`, \
        `DispatchGroup`, `DispatchSemaphore`, `OperationQueue`, `NSLock`, `NSRecursiveLock`, any `os_unfair_lock…` or \
        `pthread_mutex…` name (calls, type annotations, parameters, module-qualified `Dispatch.DispatchQueue`); at \
        the type, every `@unchecked Sendable` conformance (declarations and extensions); at the modifier, every \
        `nonisolated(unsafe)`, at any level. Tests, `#Preview` and `#if DEBUG` code are checked too: a semaphore \
        waiting for async work in a test is exactly what `await` replaces, and preview code ships in debug builds. \
        **Not reported:** only the listed APIs count — a project's own type named `OperationQueue` (or any listed \
        name) is the project's, and similar names (`JobQueue`, `OrderLock`, a project `Task`) are not GCD; mentions \
        in comments and strings; `import Dispatch` alone. Other primitives (`OSAllocatedUnfairLock`, `Mutex`, \
        `NSCondition`, `DispatchWorkItem`) are not in the catalogue's list and are not reported. **Fix:** \
        `@MainActor` for UI state, an `actor` for shared mutable state, `async`/`await`, `async let` or a `TaskGroup` \
        for concurrent work, and truly `Sendable` value types; where a C boundary really needs an escape hatch, \
        suppress the line with `// cfa-gate:ignore CFA-NO-GCD-LOCKS -- why`.
        """

    static let examples: [RuleExample] = [
        // Hand-rolled threading and a silenced data-race check.
        RuleExample(
            "App/3 - User Data Storage/OrdersCache.swift",
            """
            import Foundation

            ↓final class OrdersCache: @unchecked Sendable {
                private let lock = ↓NSLock()
                private var orders: [Order] = []

                func store(_ newOrders: [Order]) {
                    ↓DispatchQueue.global().async { [self] in
                        lock.withLock { orders = newOrders }
                    }
                }
            }
            """),
        // The project's own `OperationQueue` type, and names in comments and strings.
        RuleExample(
            "App/Domain/OperationQueue.swift",
            """
            import Foundation

            /// Operations waiting in the surgery's queue (no DispatchQueue here).
            struct OperationQueue: Sendable {
                var patients: [String] = []
                let title = "NSLock-free"
            }
            """),
        // Tests are held to the same rule: `await` replaces a semaphore.
        RuleExample(
            "Tests/AppTests/Feature Tests/OrdersFeatureLoadingTests.swift",
            """
            import Dispatch
            import Testing
            @testable import App

            @MainActor
            struct OrdersFeatureLoadingTests {
                @Test func loadingFinishes() {
                    let done = ↓DispatchSemaphore(value: 0)
                    _ = done
                }
            }
            """),
    ]
}
