/// Descriptors for evidence that is not a CFA rule finding but still points at a line of code. They appear in
/// `driver.rules` only when a result uses them, so an `analyze` log lists exactly the catalogue it was given.
enum SARIFBuiltInRule: String, CaseIterable, Sendable {
    case build = "cfa-gate.build"
    case test = "cfa-gate.test"
    case gitClean = "cfa-gate.git-clean"

    var descriptor: SARIFJSON {
        let (short, full, help, tag): (String, String, String, String) =
            switch self {
            case .build:
                ("The package builds",
                 "A compiler error reported while cfa-gate built the package; the build item fails while any remain.",
                 "Fix the error at the reported location, build locally with the same arguments, then run cfa-gate again.",
                 "build")
            case .test:
                ("The tests pass",
                 "A test that failed when cfa-gate ran the package's tests, reported where its expectation failed.",
                 "Run the named test locally, fix the code or the test, then run cfa-gate again.",
                 "test")
            case .gitClean:
                ("The working tree is clean",
                 "A path that was modified, staged or untracked when cfa-gate ran. The verdict judges the commit, so the working tree must match it.",
                 "Commit or discard the change, or add the path to .gitignore, then run cfa-gate again.",
                 "git")
            }
        return [
            "id": .string(rawValue),
            "shortDescription": ["text": .string(short)],
            "fullDescription": ["text": .string(full)],
            "help": ["text": .string(help)],
            "defaultConfiguration": ["level": "error"],
            // Compiler errors, failed tests and dirty paths are facts, not heuristics.
            "properties": ["tags": [.string(tag)], "precision": "very-high", "problem.severity": "error"],
        ]
    }
}
