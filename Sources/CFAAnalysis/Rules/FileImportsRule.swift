/// Item 21: each file imports the modules its own declarations use. A file that compiles only because
/// another file of the target imports Observation or SwiftData breaks when that file moves or changes,
/// and hides which layer depends on which framework.
public struct FileImportsRule: Rule {
    public static let id = "CFA-FILE-IMPORTS"
    public let descriptor = RuleDescriptor(
        id: id, item: 21,
        summary: "Each file imports what its own declarations use",
        help: "Reported: `@Observable` in a file that imports neither Observation nor SwiftUI; `@Model` or `@ModelActor` in a file that does not import SwiftData. Each use is reported at its attribute. Fix: add the import to that file (`import Observation` for Features, ViewModels and AppModel, which must not import SwiftUI; `import SwiftData` for storage).")

    public init() {}

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

    public func check(_ index: CodebaseIndex) -> [Finding] {
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
