import Foundation
import GateTestSupport

/// A repository with a protected `main` and a branch `change` checked out on top of it: the shape of a pull request.
enum ChangeFixture {
    /// The compliant app under a checklist of two items that read every Swift file: 17 (`cfa CFA-NO-GCD-LOCKS`) and 23
    /// (`inventory`).
    static var compliantAppWithAnalysisItems: [String: String] {
        var files = CompliantApp.files
        files["gate/cfa-change-gate.md"] = """
            # Gate

            17. **Swift Concurrency is the only concurrency.** <!-- probe: cfa CFA-NO-GCD-LOCKS -->
            23. **The inventory is complete.** <!-- probe: inventory -->

            """
        return files
    }

    static func make(base: [String: String], change: [String: String], removing: [String] = []) throws -> GitFixture {
        let fixture = try GitFixture()
        try fixture.git("init", "-q", "-b", "main")
        for (path, text) in base { try fixture.write(path, text) }
        try fixture.git("add", "-A")
        try fixture.git("commit", "-q", "-m", "base")
        try fixture.git("checkout", "-q", "-b", "change")
        for (path, text) in change { try fixture.write(path, text) }
        for path in removing { try fixture.remove(path) }
        try fixture.git("add", "-A")
        try fixture.git("commit", "-q", "-m", "change")
        return fixture
    }

    /// The statement inside a verdict file, decoded without checking the signature.
    static func predicate(ofVerdictAt path: String) throws -> [String: Any] {
        let envelope = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        let payload = Data(base64Encoded: envelope?["payload"] as? String ?? "") ?? Data()
        let statement = try JSONSerialization.jsonObject(with: payload) as? [String: Any]
        return statement?["predicate"] as? [String: Any] ?? [:]
    }
}
