import Foundation
import Verdict

/// The CI runner's command files (`GITHUB_ENV`, `GITHUB_PATH`, …) must come out of the run as they went in.
///
/// Probes never get the variables naming them, but the files sit in a folder of the runner's temporary
/// directory, where code running as the same user can find them. A line a probe appends to `GITHUB_ENV`
/// runs in every later step of the job; so the gate reads each file before the probes and after, and any
/// change makes the run `error`. The gate itself writes only the step summary, and only after this check.
enum RunnerCommandFiles {
    static let variables = ["GITHUB_ENV", "GITHUB_PATH", "GITHUB_OUTPUT", "GITHUB_STATE", "GITHUB_STEP_SUMMARY"]

    struct Snapshot: Sendable, Equatable {
        /// Variable, path, and the file's sha256 (nil when there was no file).
        var files: [(variable: String, path: String, sha256: String?)]

        static func == (left: Snapshot, right: Snapshot) -> Bool {
            left.files.elementsEqual(right.files) { $0.variable == $1.variable && $0.path == $1.path && $0.sha256 == $1.sha256 }
        }
    }

    static func snapshot(environment: [String: String]) -> Snapshot {
        Snapshot(files: variables.compactMap { variable in
            guard let path = environment[variable], !path.isEmpty else { return nil }
            return (variable, path, FileManager.default.contents(atPath: path).map(Digest.sha256Hex))
        })
    }

    /// One line per file that changed while the probes ran.
    static func check(_ before: Snapshot) -> [String] {
        before.files.compactMap { file in
            let now = FileManager.default.contents(atPath: file.path).map(Digest.sha256Hex)
            guard now != file.sha256 else { return nil }
            return "\(file.path) (\(file.variable)) changed during the run: a probe wrote to the CI runner's command file,"
                + " which later steps of the job trust — treat the job's later steps as compromised"
        }
    }
}
