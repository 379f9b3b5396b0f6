import Foundation
import GateTestSupport
import Testing

/// `cfa-gate analyze` as a team would run it on app shapes it meets in the wild.
struct RealAppShapeTests {
    private func write(_ files: [String: String], into fixture: GitFixture) throws {
        for (path, text) in files { try fixture.write(path, text) }
    }

    private func findings(_ result: ProcessResult) throws -> [[String: Any]] {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        return try #require(document["findings"] as? [[String: Any]])
    }

    @Test func anOlderCFAAppIsConfigurableToZeroFindings() throws {
        let fixture = try GitFixture()
        try write(LegacyCFAApp.files, into: fixture)
        // Unconfigured: the `…Manager` properties break item 7's naming, and RootView is not the root.
        let unconfigured = try CFAGateBinary.run(["analyze", "--repo", fixture.root, "--format", "json"], in: fixture)
        #expect(unconfigured.status == 1)
        let rules = Set(try findings(unconfigured).compactMap { $0["rule"] as? String })
        #expect(rules.contains("CFA-FEATURE-NAMING"))

        try fixture.write(".cfa-gate.json", LegacyCFAApp.configuration)
        let configured = try CFAGateBinary.run(["analyze", "--repo", fixture.root, "--format", "json"], in: fixture)
        #expect(try findings(configured).isEmpty, "\(configured.standardOutput)")
        #expect(configured.status == 0)

        let inventory = try CFAGateBinary.run(["inventory", "--repo", fixture.root], in: fixture)
        #expect(inventory.standardOutput.contains("Screens (3)"))
        #expect(inventory.standardOutput.contains("CartManager (AppModel.cartManager, uses CartRepository, starts with startLoading())"))
    }

    @Test func aFlatSwiftUIAppFailsWithAdoptionFindings() throws {
        let fixture = try GitFixture()
        try write([
            "Notes/NotesApp.swift": "import SwiftUI\n\nstruct NotesApp: App {\n    var body: some Scene { WindowGroup { ContentView() } }\n}\n",
            "Notes/ContentView.swift": """
                import SwiftUI

                struct ContentView: View {
                    @State private var notes: [String] = []
                    var body: some View {
                        List(notes, id: \\.self) { Text($0) }
                            .task { notes = ["a", "b"] }
                    }
                }
                """,
        ], into: fixture)
        let result = try CFAGateBinary.run(["analyze", "--repo", fixture.root, "--format", "json"], in: fixture)
        #expect(result.status == 1)
        let adoption = try findings(result).filter { $0["rule"] as? String == "CFA-ADOPTION" }
        #expect(adoption.count == 1, "one finding lists every missing owner")
        #expect(adoption.first?["file"] as? String != ".", "placed at a file, not the folder")
    }

    @Test func aBrokenCopyOfTheExampleReportsEachPlantedViolationAtItsLineAndItem() throws {
        let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/HabitTracker")
        let fixture = try GitFixture()
        try FileManager.default.removeItem(atPath: fixture.root)
        try FileManager.default.copyItem(atPath: example.path, toPath: fixture.root)
        try? FileManager.default.removeItem(atPath: fixture.path(".build"))
        let sources = "Sources/HabitTracker"
        // Item 17: a lock in a Feature; item 19: an event-named ViewModel method; item 12: a Feature reaching up.
        let feature = fixture.path("\(sources)/2 - AppModel/Features/HabitsFeature.swift")
        var featureText = try String(contentsOfFile: feature, encoding: .utf8)
        featureText += "\nextension HabitsFeature {\n    func legacyCount() -> Int {\n        let lock = NSLock()\n        lock.lock()\n        defer { lock.unlock() }\n        return AppModel.shared.habitsFeature.habits.count\n    }\n}\n"
        try featureText.write(toFile: feature, atomically: true, encoding: .utf8)
        let featureLines = featureText.split(separator: "\n", omittingEmptySubsequences: false)
        let lockLine = featureLines.firstIndex { $0.contains("NSLock()") }! + 1
        let sharedLine = featureLines.firstIndex { $0.contains("AppModel.shared.habitsFeature.habits.count") }! + 1

        let viewModel = fixture.path("\(sources)/1 - View/Views/HabitList/HabitListViewModel.swift")
        var viewModelText = try String(contentsOfFile: viewModel, encoding: .utf8)
        viewModelText += "\nextension HabitListViewModel {\n    func addButtonTapped() {}\n}\n"
        try viewModelText.write(toFile: viewModel, atomically: true, encoding: .utf8)
        let tappedLine = viewModelText.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("addButtonTapped") }! + 1

        let result = try CFAGateBinary.run(["analyze", "--repo", fixture.root], in: fixture)
        #expect(result.status == 1)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        func reported(_ rule: String, item: Int, file: String, line: Int) -> Bool {
            lines.contains { $0.hasPrefix("\(file):\(line):") && $0.hasSuffix("[\(rule), item \(item)]") }
        }
        let featureFile = "\(sources)/2 - AppModel/Features/HabitsFeature.swift"
        #expect(reported("CFA-NO-GCD-LOCKS", item: 17, file: featureFile, line: lockLine), "\(lines)")
        #expect(reported("CFA-FEATURE-NO-SHARED", item: 12, file: featureFile, line: sharedLine), "\(lines)")
        #expect(reported("CFA-VIEWMODEL-METHOD-NAMES", item: 19, file: "\(sources)/1 - View/Views/HabitList/HabitListViewModel.swift", line: tappedLine), "\(lines)")
    }
    @Test func anAppInTheTemplatesLayoutAndATwoPackageRepositoryHaveNoErrors() throws {
        for files in [TemplateLayoutApp.files, TwoPackageApp.files] {
            let fixture = try GitFixture()
            try write(files, into: fixture)
            let result = try CFAGateBinary.run(["analyze", "--repo", fixture.root, "--format", "json"], in: fixture)
            // No error; the template layout's SettingsManager keeps UserDefaults itself, which is CFA-FEATURE-DIRECT-SYSTEM's warning.
            let rules = try findings(result).map { "\($0["rule"] ?? "") \($0["severity"] ?? "")" }
            #expect(rules == (files == TemplateLayoutApp.files ? ["CFA-FEATURE-DIRECT-SYSTEM warning"] : []), "\(result.standardOutput)")
            #expect(result.status == 0)
        }
    }

    @Test func theTemplatesLayoutStillReportsAViewNamingItsFeature() throws {
        let fixture = try GitFixture()
        var files = TemplateLayoutApp.files
        files[TemplateLayoutApp.booksScreenPath] = files[TemplateLayoutApp.booksScreenPath]!
            .replacingOccurrences(of: "Text(book.title)", with: "Text(AppModel.shared.booksFeature.books.first?.title ?? book.title)")
        try write(files, into: fixture)
        let result = try CFAGateBinary.run(["analyze", "--repo", fixture.root, "--format", "json"], in: fixture)
        #expect(result.status == 1)
        let rules = try findings(result).filter { $0["severity"] as? String == "error" }.compactMap { $0["rule"] as? String }
        #expect(rules == ["CFA-VIEW-NO-MODEL-ACCESS"])
    }
}
