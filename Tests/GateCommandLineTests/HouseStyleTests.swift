import Foundation
import Testing

/// The house style CONTRIBUTING.md writes down, checked over every source file so it cannot drift.
struct HouseStyleTests {
    static let sources: [(path: String, lines: [Substring])] = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = root.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        return files.map { url in
            let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
            return (String(url.path.dropFirst(root.path.count + 1)), text.split(separator: "\n", omittingEmptySubsequences: false))
        }.sorted { $0.path < $1.path }
    }()

    @Test func theSourcesAreFound() {
        #expect(Self.sources.count > 100)
    }

    @Test func noSourceLineIsLongerThan160Columns() {
        let long = Self.sources.flatMap { file in
            file.lines.enumerated().filter { $0.element.count > 160 }.map { "\(file.path):\($0.offset + 1) (\($0.element.count))" }
        }
        #expect(long.isEmpty, "wrap these lines: \(long.joined(separator: ", "))")
    }

    /// Names follow Swift's own APIs: `analyze`, `normalize`, `color`, `initializer`, `catalog`.
    @Test func declaredNamesUseAmericanSpelling() throws {
        let declaration = try Regex(#"\b(func|var|let|case|struct|enum|class|protocol|actor|typealias)\s+\w*(?i:analys(e|ed|er|ing)|normalis|colour|initialis|catalogue)\w*"#)
        let british = Self.sources.flatMap { file in
            file.lines.enumerated().filter { $0.element.contains(declaration) }.map { "\(file.path):\($0.offset + 1)" }
        }
        #expect(british.isEmpty, "rename these declarations: \(british.joined(separator: ", "))")
    }
}
