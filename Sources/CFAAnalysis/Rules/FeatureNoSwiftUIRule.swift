/// Item 13: Features know nothing of screens. The files that declare a Feature, the AppModel or a repository
/// import no UI framework; SwiftUI is an error, UIKit and AppKit a warning (a Feature may still observe
/// an app-lifecycle notification, but that is worth a second look).
public struct FeatureNoSwiftUIRule: Rule {
    public static let id = "CFA-FEATURE-NO-SWIFTUI"
    public let descriptor = RuleDescriptor(
        id: id, item: 13,
        summary: "Feature, AppModel and repository files import no UI framework",
        help: """
            Reported at the `import` when a file that declares a Feature, the AppModel, a repository protocol or a \
            repository implementation (or extends one outside the View layer) imports SwiftUI (error) or UIKit/AppKit (reported as a warning; a configured \
            severity for this rule applies to both). Remove the import — `Foundation` and `Observation` are all a Feature \
            needs — and move colours, images and formatting into the ViewModel or View.
            """)

    public init() {}

    /// UI frameworks and the severity their import gets.
    private static let frameworks: [(module: String, severity: Severity)] = [("SwiftUI", .error), ("UIKit", .warning), ("AppKit", .warning)]

    public func check(_ index: CodebaseIndex) -> [Finding] {
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
                    "\(file.fileName) declares \(owners.joined(separator: ", ")) and imports \(framework.module); a Feature, AppModel or repository knows nothing of screens — remove `import \(framework.module)` (use Foundation/Observation) and keep UI types in the ViewModel or View")
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
