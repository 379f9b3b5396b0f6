/// Where the package's tests are declared, read from their syntax: what a report names for a test that hung or crashed,
/// which reported no failure of its own and so no file or line.
public struct TestDeclarations: Sendable, Equatable {
    public struct Place: Sendable, Equatable {
        /// Repository-relative.
        public var file: String
        public var line: Int

        public init(file: String, line: Int) {
            self.file = file
            self.line = line
        }
    }

    /// By the id the frameworks give a test without its module: `Suite/test()`, `Class/testName`.
    private var places: [String: Place]

    /// Parses `sources` (the package's test code, `TestCodeSources`). Extension methods named `test…` count as well: they
    /// are looked up only by an id the test listing gave, which only an `XCTestCase`'s method has. A name declared in two
    /// places (two test targets with one class name) is left out: naming either could send the reader to the wrong test.
    public static func read(_ sources: [SourceInput]) async -> TestDeclarations {
        let facts = await Analyzer.parseRevisions([sources.filter { $0.unresolvedLink == nil }])[0].facts
        var found: [String: [Place]] = [:]
        for file in facts {
            var seen = Set<String>()
            for (test, line) in file.testDeclarations + file.extensionTestLines where seen.insert(test).inserted {
                found[test, default: []].append(Place(file: file.path, line: line))
            }
        }
        return TestDeclarations(places: found.compactMapValues { $0.count == 1 ? $0[0] : nil })
    }

    /// The place of the test the listing calls `id` (`Module.Suite/test()`), if one declaration is known.
    public func place(ofTest id: String) -> Place? {
        guard let slash = id.firstIndex(of: "/") else { return nil }
        // The module is the first component before the suite or class: `CalcTests.Orchestrated/hangs()`.
        let head = id[..<slash]
        let suite = head.firstIndex(of: ".").map { head[head.index(after: $0)...] } ?? head
        return places["\(suite)\(id[slash...])"]
    }

    public init() { places = [:] }

    private init(places: [String: Place]) { self.places = places }
}
