#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Verdict

/// The CI runner's command files (`GITHUB_ENV`, `GITHUB_PATH`, …) must come out of the run as they went in.
///
/// Probes never get the variables naming them, but the files sit in a folder of the runner's temporary
/// directory, where code running as the same user can find them. A line a probe appends to `GITHUB_ENV`
/// runs in every later step of the job; so the gate reads each file before the probes and after, and any
/// change makes the run `error`. A file must also still be the same file (device and inode, never a link): a probe that
/// swaps the step summary for a link to `GITHUB_PATH` would otherwise have the gate append its report there, and the
/// job's next step run a program of the change's. The gate itself writes only the step summary, only after this check,
/// and only into the file it saw before the probes (`appendToStepSummary`).
public enum RunnerCommandFiles {
    static let variables = ["GITHUB_ENV", "GITHUB_PATH", "GITHUB_OUTPUT", "GITHUB_STATE", "GITHUB_STEP_SUMMARY"]

    /// One command file as the probes found it.
    public struct File: Sendable, Equatable {
        var variable: String
        var path: String
        /// The content's sha256; nil when there was no file.
        var sha256: String?
        /// Device, inode and type from `lstat`; nil when there was no file.
        var identity: Identity?
    }

    struct Identity: Sendable, Equatable {
        var device: UInt64
        var inode: UInt64
        var isRegularFile: Bool

        init?(path: String) {
            var status = stat()
            guard lstat(path, &status) == 0 else { return nil }
            self.init(status)
        }

        init(_ status: stat) {
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
            isRegularFile = (status.st_mode & S_IFMT) == S_IFREG
        }
    }

    public struct Snapshot: Sendable, Equatable {
        var files: [File]

        /// The step summary as it was before the probes, when the runner set one.
        public var stepSummary: File? { files.first { $0.variable == "GITHUB_STEP_SUMMARY" } }
    }

    static func snapshot(environment: [String: String]) -> Snapshot {
        Snapshot(files: variables.compactMap { variable in
            guard let path = environment[variable], !path.isEmpty else { return nil }
            return File(
                variable: variable, path: path, sha256: FileManager.default.contents(atPath: path).map(Digest.sha256Hex),
                identity: Identity(path: path))
        })
    }

    /// One line per file that changed, or was replaced, while the probes ran.
    static func check(_ before: Snapshot) -> [String] {
        before.files.compactMap { file in
            if Identity(path: file.path) != file.identity {
                return "\(file.path) (\(file.variable)) was replaced during the run (a link or another file now stands there):"
                    + " nothing is written through it, and the job's later steps should not trust it"
            }
            let now = FileManager.default.contents(atPath: file.path).map(Digest.sha256Hex)
            guard now != file.sha256 else { return nil }
            return "\(file.path) (\(file.variable)) changed during the run: a probe wrote to the CI runner's command file,"
                + " which later steps of the job trust — treat the job's later steps as compromised"
        }
    }

    /// Why the step summary could not be written.
    public struct WriteRefusal: Error, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "\(path): the step summary was not written: \(reason)" }
    }

    /// Appends `text(existing)` to the step summary the runner created, opened without following links and only when it is
    /// still the file that was there before the probes; `existing` is what the file already holds, read through the
    /// same descriptor.
    public static func appendToStepSummary(_ file: File, _ text: (String) -> String) throws(WriteRefusal) {
        let descriptor = open(file.path, O_RDWR | O_APPEND | O_NOFOLLOW | O_CLOEXEC | (file.identity == nil ? O_CREAT | O_EXCL : 0), 0o644)
        guard descriptor >= 0 else {
            throw WriteRefusal(path: file.path, reason: "\(String(cString: strerror(errno))) — a probe may have replaced it with a link")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, file.identity == nil || Identity(status) == file.identity else {
            throw WriteRefusal(path: file.path, reason: "it is no longer the file the runner created before the probes ran")
        }
        let existing = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false).readDataToEndOfFile()
        let bytes = Array(("\n" + text(String(decoding: existing, as: UTF8.self))).utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { throw WriteRefusal(path: file.path, reason: String(cString: strerror(errno))) }
            offset += written
        }
    }
}
