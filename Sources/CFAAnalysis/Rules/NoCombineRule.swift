/// Item 17, second half: observation goes through the Observation framework, not Combine. `ObservableObject`
/// and `@Published` are the pre-Observation way a ViewModel or Feature publishes state.
struct NoCombineRule: Rule {
    static let id = "CFA-NO-COMBINE"
    let descriptor = RuleDescriptor(
        id: id, item: 17,
        summary: "No Combine: no `import Combine`, `ObservableObject` or `@Published`",
        help: """
            Reported at `import Combine`, at a type that conforms to `ObservableObject`, and at each `@Published` property; \
            tests and previews included. A type the project declares itself as `ObservableObject` or `Published` is its own \
            and not reported. Fix: make the type `@MainActor @Observable final class`, turn `@Published var` into a plain \
            `var`, and replace publishers with `async` functions or `AsyncSequence`.
            """,
        reference: Self.reference, examples: Self.examples)

    init() {}

    func check(_ index: CodebaseIndex) -> [Finding] {
        let ownObservableObject = Self.isProjectType("ObservableObject", index)
        let ownPublished = Self.isProjectType("Published", index)
        var findings: [Finding] = []
        for file in index.files {
            for imported in file.imports where imported.module == "Combine" || imported.module.hasPrefix("Combine.") {
                findings.append(descriptor.finding(
                    file.path, imported.location, "\(file.fileName) imports Combine; remove it and use Observation (`@Observable`) and `async`/`await`"))
            }
            for type in file.types {
                if !ownObservableObject && type.inherits("ObservableObject") {
                    findings.append(descriptor.finding(
                        file.path, type.location,
                        "\(type.name) conforms to ObservableObject; declare it `@MainActor @Observable final class \(type.name)` instead"))
                }
                for property in type.properties where !ownPublished && property.attributes.contains(where: Self.isPublished) {
                    findings.append(descriptor.finding(
                        file.path, property.location,
                        "\(type.name).\(property.name) is @Published; with `@Observable` a plain `var \(property.name)` is observed"))
                }
            }
        }
        return findings
    }

    private static func isPublished(_ attribute: AttributeFact) -> Bool {
        attribute.name == "Published" || attribute.name == "Combine.Published"
    }

    private static func isProjectType(_ name: String, _ index: CodebaseIndex) -> Bool {
        index.entries[name]?.contains { $0.declaration.kind != .extension } ?? false
    }
}

extension NoCombineRule {
    static let reference = """
        Observation replaced Combine for publishing state to screens. **Reported:** `import Combine` (at the import), \
        a type conforming to `ObservableObject` (at the type), and each `@Published` property (at the property) — in \
        app code, Views and ViewModels behind `#if canImport(SwiftUI)`, and tests alike. **Not reported:** a project \
        that declares its own `ObservableObject` or `Published` type; Combine types reached without importing Combine \
        (`AnyCancellable` through SwiftUI's re-export), because only the listed APIs count. **Fix:** declare the type \
        `@MainActor @Observable final class`, turn `@Published var` into a plain `var`, and replace publishers with \
        `async` functions or `AsyncSequence`.
        """

    static let examples: [RuleExample] = [
        // A Combine-era store.
        RuleExample(
            "App/1 - View/Theme/ThemeStore.swift",
            """
            ↓import Combine
            import SwiftUI

            ↓final class ThemeStore: ObservableObject {
                @Published var ↓accent: Color = .orange
            }
            """),
        // Observation does the same; a comment may mention Combine.
        RuleExample(
            "App/1 - View/Theme/ThemeManager.swift",
            """
            import SwiftUI

            /// Replaces the Combine-based ThemeStore.
            @MainActor @Observable
            final class ThemeManager {
                var accent: Color = .orange
            }
            """),
    ]
}
