/// Item 23: every Feature has its named test file, `<Feature>Tests.swift`, in a Feature-tests folder.
public struct TestFeatureFileRule: Rule {
    public static let id = "CFA-TEST-FEATURE-FILE"
    public let descriptor = RuleDescriptor(
        id: id, item: 23,
        summary: "Every Feature has `<Feature>Tests.swift` in a Feature Tests folder",
        help: "Reported at the Feature's declaration when no test file `<Feature>Tests.swift` sits in a folder matching `folders.featureTests` (default `Feature Tests` or `AppModel Tests`; case, spaces and a `1 - ` prefix ignored). The message names the file to add, or the misplaced file to move. Presentation managers such as `ThemeManager` are not Features and need none. Fix: add the named file with tests for the Feature, built with test-double repositories.")

    public init() {}

    public func check(_ index: CodebaseIndex) -> [Finding] {
        index.entries(with: .feature).filter { feature in
            !feature.declaration.isPreviewOnly && TestFileLookup.featureTest(for: feature.name, in: index) == nil
        }.map { feature in
            let proposed = TestFileLookup.proposedFeatureTestPath(for: feature.name, in: index)
            return descriptor.finding(feature.file, feature.location, MissingTestMessage.text(type: feature.name, proposed: proposed, in: index))
        }
    }
}
