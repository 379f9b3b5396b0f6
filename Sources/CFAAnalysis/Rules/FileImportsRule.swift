/// Item 21: each file imports the modules its own declarations use. A file that compiles only because
/// another file of the target imports Observation or SwiftData breaks when that file moves or changes,
/// and hides which layer depends on which framework.
struct FileImportsRule: Rule {
    static let id = "CFA-FILE-IMPORTS"
    let descriptor = RuleDescriptor(
        id: id, item: 21,
        summary: "Each file imports what its own declarations use",
        help: """
            Reported: `@Observable` in a file that imports neither Observation nor SwiftUI; `@Model` or `@ModelActor` in a file \
            that does not import SwiftData. Each use is reported at its attribute. Fix: add the import to that file (`import \
            Observation` for Features, ViewModels and AppModel, which must not import SwiftUI; `import SwiftData` for storage).
            """,
        reference: Self.reference, examples: Self.examples)

    init() {}

    /// An attribute, the modules that provide it, and the import to suggest.
    struct Requirement {
        var attribute: String
        var providers: Set<String>
        var suggestion: String
    }

    static let requirements = [
        Requirement(attribute: "Observable", providers: ["Observation", "SwiftUI"], suggestion: "Observation"),
        Requirement(attribute: "Model", providers: ["SwiftData"], suggestion: "SwiftData"),
        Requirement(attribute: "ModelActor", providers: ["SwiftData"], suggestion: "SwiftData"),
    ]

    func check(_ index: CodebaseIndex) -> [Finding] {
        index.files.flatMap { file in
            // `import struct SwiftData.Model` and `@preconcurrency import SwiftData` both import SwiftData;
            // an import behind `#if` counts, since the declaration using it usually sits behind the same `#if`.
            let imported = Set(file.imports.compactMap { $0.module.split(separator: ".").first.map(String.init) })
            return file.attributeUses.compactMap { use -> Finding? in
                guard let requirement = Self.requirement(for: use.name), imported.isDisjoint(with: requirement.providers) else { return nil }
                let owner = Self.declaration(carrying: use, in: file).map { "\($0) uses" } ?? "uses"
                let providers = requirement.providers.sorted().joined(separator: " or ")
                return descriptor.finding(
                    file.path, use.location,
                    "\(owner) @\(requirement.attribute) but \(file.fileName) does not import \(providers); add `import \(requirement.suggestion)` to this file")
            }
        }
    }

    /// `Observable`, or the qualified `Observation.Observable` / `SwiftData.Model`.
    static func requirement(for attributeName: String) -> Requirement? {
        requirements.first { requirement in
            attributeName == requirement.attribute
                || requirement.providers.contains { attributeName == "\($0).\(requirement.attribute)" }
        }
    }

    /// The type the attribute is written on: the last type at or before it that carries that attribute.
    static func declaration(carrying use: AttributeUse, in file: FileFacts) -> String? {
        file.types.filter { type in
            type.location <= use.location && type.attributes.contains { $0.name == use.name }
        }.max { $0.location < $1.location }?.name
    }
}

extension FileImportsRule {
    static let reference = """
        Each file imports the modules its own declarations use, rather than compiling because some other file of the \
        target happens to import them. **Reported:** at the attribute, each `@Observable` (or \
        `@Observation.Observable`) in a file that imports neither `Observation` nor `SwiftUI`, and each `@Model` or \
        `@ModelActor` (or `@SwiftData.…`) in a file that does not import `SwiftData`; the message names the type \
        carrying the attribute and the import to add. Every file is checked, test files and `#if DEBUG` preview code \
        included — they must compile on their own too. **Not reported:** an import anywhere in the file counts, \
        including one behind `#if canImport(SwiftUI)` (the declaration using it normally sits behind the same `#if`), \
        `@preconcurrency import`, `@testable import` and scoped imports (`import class SwiftData.ModelContext` counts \
        as importing SwiftData). `SwiftData` does not count for `@Observable`. Other attributes (`@MainActor`, \
        `@discardableResult`, `@Query`) are not this rule's concern. Re-exports through a project module (`@_exported \
        import Observation` in another file) are not followed: add the import, or suppress with a reason. **Fix:** \
        add `import Observation` to Feature, ViewModel and AppModel files (which must not import SwiftUI, item 13), \
        and `import SwiftData` to storage files.
        """

    static let examples: [RuleExample] = [
        // @Observable compiles only because another file imports Observation.
        RuleExample(
            "App/1 - View/Views/Orders/OrderFilter.swift",
            """
            ↓@Observable
            final class OrderFilter {
                var showsOpenOnly = false
            }
            """),
        // An import behind the same `#if` as the declaration, and a scoped SwiftData import.
        RuleExample(
            RuleExample.File(
                "App/1 - View/Views/Orders/OrderFilter.swift",
                """
                #if canImport(SwiftUI)
                import SwiftUI

                @Observable
                final class OrderFilter {
                    var showsOpenOnly = false
                }
                #endif
                """),
            RuleExample.File(
                "App/3 - User Data Storage/OrderRecord.swift",
                """
                import Foundation
                import class SwiftData.ModelContext

                @Model
                final class OrderRecord {
                    var name = ""
                }
                """)),
        // A SwiftData model in a file that does not import SwiftData.
        RuleExample(
            "App/3 - User Data Storage/OrderRecord.swift",
            """
            import Foundation

            ↓@Model
            final class OrderRecord {
                var name = ""
            }
            """),
    ]
}
