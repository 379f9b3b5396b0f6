import CFAAnalysis

/// `cfa-gate inventory`: the app's CFA parts as a person scans them, each with `file:line`.
public enum InventoryText {
    public static func render(_ inventory: Inventory) -> String {
        var lines: [String] = []
        func section(_ title: String, _ count: Int) {
            lines.append(lines.isEmpty ? "\(title) (\(count))" : "\n\(title) (\(count))")
        }
        func at(_ place: Inventory.Place) -> String { "\(place.file):\(place.line)" }

        section("Screens", inventory.screens.count)
        for screen in inventory.screens {
            let route = [screen.name, screen.viewModel ?? "(no ViewModel)"] + (screen.features.isEmpty ? [] : [screen.features.joined(separator: ", ")])
            lines.append("  \(route.joined(separator: " → "))   \(at(screen.place))")
        }
        if let root = inventory.rootView { lines.append("  root view   \(at(root))") }

        section("ViewModels", inventory.viewModels.count)
        for viewModel in inventory.viewModels {
            let screen = viewModel.screen.map { "for \($0)" } ?? "no screen"
            let features = viewModel.features.isEmpty ? "" : ", uses \(viewModel.features.joined(separator: ", "))"
            lines.append("  \(viewModel.name) (\(screen)\(features))   \(at(viewModel.place))")
        }

        section("Features", inventory.features.count)
        for feature in inventory.features {
            var notes: [String] = []
            notes.append(feature.appModelProperty.map { "AppModel.\($0)" } ?? "not on AppModel")
            if !feature.repositories.isEmpty { notes.append("uses \(feature.repositories.joined(separator: ", "))") }
            if let startup = feature.startupMethod { notes.append("starts with \(startup)()") }
            lines.append("  \(feature.name) (\(notes.joined(separator: ", ")))   \(at(feature.place))")
        }

        section("Repositories", inventory.repositories.count)
        for repository in inventory.repositories {
            let kind = repository.kind == .protocol ? "protocol" : "implements \(repository.implements.joined(separator: ", "))"
            lines.append("  \(repository.name) (\(kind))   \(at(repository.place))")
        }

        section("AppModel properties", inventory.appModelProperties.count)
        for property in inventory.appModelProperties {
            var wiring: [String] = []
            if !property.inInitializer { wiring.append("not in init") }
            if !property.inLive { wiring.append("not passed by live()") }
            let note = wiring.isEmpty ? "" : " (\(wiring.joined(separator: ", ")))"
            lines.append("  \(property.name): \(property.type)\(note)   \(at(property.place))")
        }

        section("Tests", inventory.tests.count)
        for test in inventory.tests {
            let subject = test.tests.isEmpty ? "" : " → \(test.tests.joined(separator: ", "))"
            lines.append("  \(test.path) [\(test.kind.rawValue)]\(subject)")
        }
        return lines.joined(separator: "\n")
    }
}
