extension CodebaseIndex {
    /// Answers the index gives by key, built once in one pass when the index is made. Rules ask these
    /// questions once per type; answered by scanning every file or every type, they made the index-and-rules
    /// phase grow with the square of the app.
    struct Lookups: Sendable {
        /// Position in `files`.
        var fileByPath: [String: Int] = [:]
        /// Test files by file name (`OrdersFeatureTests.swift`), each list sorted.
        var testFilesByName: [String: [String]] = [:]
        /// Every test file's path, sorted.
        var testPaths: [String] = []
        /// Screens and the root view (preview code left out) by the types their stored properties name in an
        /// annotation or create in an initial value, in file and line order.
        var viewsHoldingType: [String: [Entry]] = [:]

        init() {}

        init(_ index: CodebaseIndex) {
            for (position, file) in index.files.enumerated() {
                if fileByPath[file.path] == nil { fileByPath[file.path] = position }
                if index.isTestFile(file.path) {
                    testFilesByName[file.fileName, default: []].append(file.path)
                    testPaths.append(file.path)
                }
            }
            testPaths.sort()
            for name in testFilesByName.keys { testFilesByName[name]!.sort() }
            for entry in index.allEntries where (entry.role == .screen || entry.role == .rootView) && !entry.declaration.isPreviewOnly {
                var named: Set<String> = []
                for property in entry.storedProperties {
                    named.formUnion(Self.typesNamed(by: property))
                }
                for name in named { viewsHoldingType[name, default: []].append(entry) }
            }
        }

        /// What a stored property may hold: every name in its annotation, and the type its initial value
        /// constructs (`OrdersViewModel(…)`, `OrdersViewModel.init(…)`).
        static func typesNamed(by property: PropertyFact) -> [String] {
            var names = property.typeText.map(TypeText.names(in:)) ?? []
            if let call = property.initializer?.call {
                if call.base == nil { names.append(call.name) }
                if call.name == "init", let base = call.base { names.append(base) }
            }
            return names
        }
    }

    /// Test files named `fileName`, wherever they are, sorted.
    func testFiles(named fileName: String) -> [String] { lookups.testFilesByName[fileName] ?? [] }

    /// Every test file's path, sorted.
    var testPaths: [String] { lookups.testPaths }

    /// Screens and the root view, outside previews, with a stored property that names `type` in its
    /// annotation or constructs it in its initial value; in file and line order.
    func views(holdingPropertyOf type: String) -> [Entry] { lookups.viewsHoldingType[type] ?? [] }
}
