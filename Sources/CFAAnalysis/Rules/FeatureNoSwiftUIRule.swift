/// Item 13: Features know nothing of screens. The files that declare a Feature, the AppModel or a repository
/// import no UI framework; SwiftUI is an error, UIKit and AppKit a warning (a Feature may still observe
/// an app-lifecycle notification, but that is worth a second look).
struct FeatureNoSwiftUIRule: Rule {
    static let id = "CFA-FEATURE-NO-SWIFTUI"
    let descriptor = RuleDescriptor(
        id: id, item: 13,
        summary: "Feature, AppModel and repository files import no UI framework",
        help: """
            Reported at the `import` when a file that declares a Feature, the AppModel, a repository protocol or a \
            repository implementation (or extends one outside the View layer) imports SwiftUI (error) or UIKit/AppKit (reported as a warning; a configured \
            severity for this rule applies to both). Remove the import — `Foundation` and `Observation` are all a Feature \
            needs — and move colours, images and formatting into the ViewModel or View.
            """,
        reference: Self.reference, examples: Self.examples)

    init() {}

    /// UI frameworks and the severity their import gets.
    private static let frameworks: [(module: String, severity: Severity)] = [("SwiftUI", .error), ("UIKit", .warning), ("AppKit", .warning)]

    func check(_ index: CodebaseIndex) -> [Finding] {
        var ownersByFile: [String: [String]] = [:]
        for entry in index.allEntries where Self.isModelLayer(entry, index) {
            // An extension is judged by the layer of its file: one adding SwiftUI to a model type from the View
            // layer is View code.
            for part in entry.parts where !part.facts.isPreviewOnly && !index.isTestFile(part.file)
                && !(part.facts.kind == .extension && index.isViewLayerFile(part.file)) {
                if !(ownersByFile[part.file]?.contains(entry.name) ?? false) { ownersByFile[part.file, default: []].append(entry.name) }
            }
        }
        var findings: [Finding] = []
        for (path, owners) in ownersByFile {
            guard let file = index.file(path) else { continue }
            for imported in file.imports {
                guard let framework = Self.frameworks.first(where: { Self.module(imported.module, is: $0.module) }) else { continue }
                var finding = descriptor.finding(
                    path, imported.location,
                    "\(file.fileName) declares \(owners.joined(separator: ", ")) and imports \(framework.module); "
                        + "a Feature, AppModel or repository knows nothing of screens — remove `import \(framework.module)` (use Foundation/Observation) "
                        + "and keep UI types in the ViewModel or View")
                finding.severity = framework.severity
                findings.append(finding)
            }
        }
        return findings.sorted()
    }

    /// `SwiftUI`, or a single declaration from it: `import struct SwiftUI.Color`.
    private static func module(_ path: String, is module: String) -> Bool {
        path == module || path.hasPrefix(module + ".")
    }

    private static func isModelLayer(_ entry: CodebaseIndex.Entry, _ index: CodebaseIndex) -> Bool {
        switch entry.role {
        case .appModel, .repositoryProtocol, .repositoryImplementation: return true
        case .feature: return true
        default: return false
        }
    }
}

extension FeatureNoSwiftUIRule {
    static let reference = """
        A Feature, the AppModel and the repositories are the part of the app a Watch or command-line target could \
        reuse, so the files that declare them import no UI framework. **Reported:** at the `import` line, `import \
        SwiftUI` (error) and `import UIKit` / `import AppKit` (reported as a warning, because a Feature may \
        legitimately observe an app-lifecycle notification; since a rule has one default severity, these findings \
        carry `warning` explicitly) in any file that declares or extends a Feature, the AppModel, a repository \
        protocol or a repository implementation; single-declaration imports (`import struct SwiftUI.Color`) and \
        imports inside `#if canImport(SwiftUI)` count too. A severity configured for the rule in `.cfa-gate.json` \
        applies to all its findings, UIKit ones included. **Not reported:** Views, ViewModels, the `App` type, test \
        files, and a file whose only model-layer code is a preview-only (`#if DEBUG`) extension. Features are \
        decided by the index (a class or actor matching a Feature pattern, a class AppModel stores outside the View \
        layer, an `@Observable` class in a Features folder), so a presentation manager such as `ThemeManager` in the \
        View layer may import SwiftUI even when it is (wrongly) stored on AppModel — that is CFA-APPMODEL-SHAPE's \
        finding — and an extension in a View-layer file (`1 - View/Theme/AppColourTheme+Palette.swift` giving a \
        domain enum its colours) is View code, judged by the layer of its file. A repository wrongly stored on \
        AppModel is still checked as a repository. WatchKit and other UI frameworks are not in the list. **Fix:** \
        remove the import (`Foundation` and `Observation` are all a Feature needs) and move colours, images and \
        formatting into the ViewModel or View.
        """

    static let examples: [RuleExample] = [
        // A Feature that knows about screens.
        RuleExample(
            "App/2 - AppModel/Features/OrdersFeature+Color.swift",
            """
            ↓import SwiftUI

            extension OrdersFeature {
                var badgeColor: Color { orders.isEmpty ? .gray : .green }
            }
            """),
        // Presentation of a domain value belongs to the View layer, which may import SwiftUI.
        RuleExample(
            "App/1 - View/Theme/Order+Presentation.swift",
            """
            import SwiftUI

            extension Order {
                var tint: Color { name.isEmpty ? .gray : .accentColor }
            }
            """),
        // UIKit in a repository (reported as a warning).
        RuleExample(
            "App/3 - User Data Storage/JSONFileOrdersRepository+Export.swift",
            """
            ↓import UIKit

            extension JSONFileOrdersRepository {
                func exportName() -> String { UIDevice.current.name }
            }
            """),
    ]
}
