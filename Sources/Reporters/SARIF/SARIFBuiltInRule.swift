/// Descriptors for evidence that is not a CFA rule finding but still points at a line of code. They appear in
/// `driver.rules` only when a result uses them, so an `analyze` log lists exactly the catalogue it was given.
enum SARIFBuiltInRule: String, CaseIterable, Sendable {
    case build = "cfa-gate.build"
    case test = "cfa-gate.test"
    case gitClean = "cfa-gate.git-clean"
    case modelBuild = "cfa-gate.model-build"

    /// A left-out file explains why tests never ran; it fails nothing, so it is a note.
    var level: String {
        switch self {
        case .build, .test, .gitClean: "error"
        case .modelBuild: "note"
        }
    }

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
            case .modelBuild:
                ("A file the model build left out",
                 "SwiftPM cannot build the app here (no Package.swift, or one that does not load on Linux), "
                    + "so cfa-gate built the app's files that compile on Linux as a package of its own; "
                    + "this file was left out, with the reason given, so neither it nor the tests it declares were compiled or run.",
                 "Nothing to fix for the gate: the file's tests are listed as unavailable, never as passed. "
                    + "To have them run on Linux, move the logic they test into a file that imports no Apple-only module.",
                 "model-build")
            }
        return [
            "id": .string(rawValue),
            "shortDescription": ["text": .string(short)],
            "fullDescription": ["text": .string(full)],
            "help": ["text": .string(help)],
            "defaultConfiguration": ["level": .string(level)],
            // Compiler errors, failed tests, dirty paths and left-out files are facts, not heuristics.
            "properties": ["tags": [.string(tag)], "precision": "very-high", "problem.severity": .string(SARIFLevel.problemSeverity(level))],
        ]
    }
}
