import Checklist

/// The probe names cfa-gate 1 knows, as the CLI passes them.
let versionOneProbes: Set<String> = ["build", "test", "git-clean", "command", "manual"]
let testPath = "gate/checklist.md"

func parse(_ markdown: String, knownProbes: Set<String> = versionOneProbes) throws(ChecklistError) -> Checklist {
    try Checklist.parse(markdown: markdown, path: testPath, knownProbes: knownProbes)
}

/// The error parsing `markdown` throws, or nil if it parses.
func parseError(_ markdown: String, knownProbes: Set<String> = versionOneProbes) -> ChecklistError? {
    do {
        _ = try parse(markdown, knownProbes: knownProbes)
        return nil
    } catch {
        return error
    }
}
