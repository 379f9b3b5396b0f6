/// Item 13: a ViewModel imports Foundation and Observation, never SwiftUI. CFA's pages say so, and on Linux the
/// model build leaves a file that imports SwiftUI out: the ViewModel it declares, and every test that names it,
/// is then neither compiled nor run. A warning, since the app still works; the cost is the lost tests.
struct ViewModelNoSwiftUIRule: Rule {
    static let id = "CFA-VIEWMODEL-NO-SWIFTUI"
    let descriptor = RuleDescriptor(
        id: id, item: 13, defaultSeverity: .warning,
        summary: "ViewModel files import Foundation and Observation, not SwiftUI",
        help: """
            Reported at the `import` when a file that declares or extends a ViewModel imports SwiftUI (a single \
            declaration such as `import struct SwiftUI.Color` too). On Linux the model build leaves that file out, so \
            the ViewModel and every test naming it go untested. Remove the import and give the View the colours and \
            SwiftUI types; a SwiftUI-only extension may stay behind `#if canImport(SwiftUI)`.
            """,
        reference: Self.reference, examples: Self.examples)

    init() {}

    func check(_ index: CodebaseIndex) -> [Finding] {
        let viewFiles = Set(index.allEntries.filter { Self.isView($0.role) }.flatMap { entry in
            entry.parts.filter { !$0.facts.isPreviewOnly }.map(\.file)
        })
        var ownersByFile: [String: [String]] = [:]
        for entry in index.entries(with: .viewModel) {
            for part in entry.parts where !part.facts.isPreviewOnly && !index.isTestFile(part.file) {
                if !(ownersByFile[part.file]?.contains(entry.name) ?? false) { ownersByFile[part.file, default: []].append(entry.name) }
            }
        }
        var findings: [Finding] = []
        for (path, owners) in ownersByFile {
            guard let file = index.file(path) else { continue }
            // Behind `#if canImport(SwiftUI)` the import is not compiled on Linux and the model build keeps the file.
            for imported in file.imports where Self.isSwiftUI(imported.module) && !imported.guardedByCanImport {
                let names = owners.joined(separator: ", ")
                let message = viewFiles.contains(path)
                    ? "\(file.fileName) declares \(names) beside a View and imports SwiftUI; give \(names) a file of its own "
                        + "that imports Foundation and Observation — the model build leaves this file out on Linux, and with it "
                        + "every test that names \(names)"
                    : "\(file.fileName) declares \(names) and imports SwiftUI; a ViewModel imports Foundation and Observation — "
                        + "the model build leaves this file out on Linux, and with it every test that names \(names); "
                        + "move colours and SwiftUI types into the View"
                findings.append(descriptor.finding(path, imported.location, message))
            }
        }
        return findings.sorted()
    }

    /// `SwiftUI`, or a single declaration from it: `import struct SwiftUI.Color`.
    private static func isSwiftUI(_ module: String) -> Bool {
        module == "SwiftUI" || module.hasPrefix("SwiftUI.")
    }

    private static func isView(_ role: Role) -> Bool {
        switch role {
        case .app, .rootView, .screen, .componentView: return true
        case .appModel, .viewModel, .feature, .repositoryProtocol, .repositoryImplementation, .domain, .test, .other: return false
        }
    }
}

extension ViewModelNoSwiftUIRule {
    static let reference = """
        CFA's pages give a ViewModel two imports, Foundation and Observation: it turns a Feature's domain values \
        into what its screen shows, and the View owns every SwiftUI type. The gate has a second reason to care. An \
        Xcode app has no `Package.swift`, so on Linux the gate builds and tests the app's Linux-compilable files as a \
        package of its own (the model build, [Checklist](../Checklist.md)); a file importing SwiftUI cannot join it, \
        so the ViewModel it declares is not compiled and every test that names the ViewModel is listed as \
        unavailable instead of run. Warning: the app works, the cost is tests that do not run. **Reported:** at the \
        `import` line, `import SwiftUI` and single-declaration imports (`import struct SwiftUI.Color`) in a file that \
        declares a ViewModel (a class or actor named `…ViewModel`) or extends one, outside the test files. A ViewModel \
        declared in its View's file is reported too, with the fix of giving it a file of its own. **Not reported:** \
        Views and the `App` type; test files; ViewModels and extensions that live only in previews \
        (`#Preview`, `PreviewProvider`, `#if DEBUG`); an `import SwiftUI` inside `#if canImport(SwiftUI)`, since \
        there the model build keeps the file and compiles it without the guarded part (a SwiftUI-only extension \
        giving the ViewModel a `Color` may stay behind the guard). A ViewModel whose whole file sits inside such a \
        guard vanishes on Linux and is not reported: none of the real CFA apps this rule was tried on does that \
        (their guarded files are Views). **Fix:** remove the import; let the ViewModel expose a domain value or an \
        enum (`badge: OrderBadge`) and have the View map it to a `Color`, or keep the SwiftUI-only part behind \
        `#if canImport(SwiftUI)`.
        """

    static let examples: [RuleExample] = [
        // A ViewModel that hands its screen a SwiftUI colour.
        RuleExample(
            .compliant(
                CompliantApp.viewModelPath,
                replacing: [
                    "import Observation": "↓import SwiftUI\nimport Observation",
                    "var orders: [Order] { ordersFeature.orders }":
                        "var orders: [Order] { ordersFeature.orders }\n    var badgeColor: Color { orders.isEmpty ? .gray : .green }",
                ])),
        // An extension in a file of its own brings SwiftUI to the ViewModel all the same.
        RuleExample(
            "App/1 - View/Views/Orders/OrdersViewModel+Color.swift",
            """
            ↓import struct SwiftUI.Color

            extension OrdersViewModel {
                var badgeColor: Color { orders.isEmpty ? .gray : .green }
            }
            """),
        // Behind `#if canImport(SwiftUI)` the model build compiles the ViewModel without the guarded part.
        RuleExample(
            "App/1 - View/Views/Orders/OrdersViewModel+Color.swift",
            """
            #if canImport(SwiftUI)
            import SwiftUI

            extension OrdersViewModel {
                var badgeColor: Color { orders.isEmpty ? .gray : .green }
            }
            #endif
            """),
        // Preview support for a ViewModel is not the ViewModel.
        RuleExample(
            "App/1 - View/Views/Orders/OrdersPreviews.swift",
            """
            #if DEBUG
            import SwiftUI

            extension OrdersViewModel {
                static var preview: OrdersViewModel { OrdersViewModel() }
            }

            #Preview {
                OrdersView()
            }
            #endif
            """),
    ]
}
