/// The one-line message of the item-23 rules: the file to add, or the misplaced file to move there.
enum MissingTestMessage {
    static func text(type: String, proposed: String, in index: CodebaseIndex) -> String {
        if let misplaced = TestFileLookup.testFiles(named: TestFileLookup.testFileName(for: type), in: index).first {
            return "\(type)'s test file \(misplaced) is not in a tests folder for it; move it to \(proposed)"
        }
        return "\(type) has no test file; add \(proposed)"
    }
}
