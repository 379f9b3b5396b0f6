@testable import Checklist

let testPath = "gate/checklist.md"

func parse(_ markdown: String) throws(ChecklistError) -> Checklist {
    try Checklist.parse(markdown: markdown, path: testPath)
}

/// The error parsing `markdown` throws, or nil if it parses.
func parseError(_ markdown: String) -> ChecklistError? {
    do {
        _ = try parse(markdown)
        return nil
    } catch {
        return error
    }
}
