import Foundation

/// A throwaway directory for one test, with a `git` CLI runner isolated from the
/// machine's configuration. Removed again when the fixture is released.
public final class GitFixture: Sendable {
    /// Absolute, symlink-free path of the temp directory.
    public let root: String

    public init() throws {
        let base = FileManager.default.temporaryDirectory
            .appendingPathComponent("cfa-gate-git-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        root = base.resolvingSymlinksInPath().path
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// `root/relative`
    public func path(_ relative: String) -> String {
        relative.isEmpty ? root : "\(root)/\(relative)"
    }

    /// Runs `git args...` in `root/directory`; returns trimmed stdout, throws on a non-zero exit.
    @discardableResult
    public func git(_ arguments: String..., in directory: String = "") throws -> String {
        try runGit(arguments, in: directory)
    }

    /// Like `git(...)` but reports the exit status instead of throwing.
    public func gitSucceeds(_ arguments: String..., in directory: String = "") -> Bool {
        (try? runGit(arguments, in: directory)) != nil
    }

    /// Writes a text file, creating parent folders as needed.
    public func write(_ relative: String, _ contents: String) throws {
        let url = URL(fileURLWithPath: path(relative))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: url, atomically: true, encoding: .utf8)
    }

    public func remove(_ relative: String) throws {
        try FileManager.default.removeItem(atPath: path(relative))
    }

    public func makeDirectory(_ relative: String) throws {
        try FileManager.default.createDirectory(atPath: path(relative), withIntermediateDirectories: true)
    }

    /// `git init -b main` in `root/directory` with one commit holding `README.md`.
    public func makeRepositoryWithCommit(in directory: String = "") throws {
        try makeDirectory(directory)
        try git("init", "-q", "-b", "main", in: directory)
        try write(directory.isEmpty ? "README.md" : "\(directory)/README.md", "# fixture\n")
        try git("add", "README.md", in: directory)
        try git("commit", "-q", "-m", "initial", in: directory)
    }

    /// `git init -b main` in `root` and one root commit holding `files` besides a `README.md`: the policy a
    /// later commit is judged by (a first commit is judged by its own committed files).
    public func makeRepository(committing files: [String: String]) throws {
        try git("init", "-q", "-b", "main")
        try write("README.md", "# fixture\n")
        for (path, text) in files { try write(path, text) }
        try git("add", "-A")
        try git("commit", "-q", "-m", "initial")
    }

    /// The environment fixture commands run with: no user/system git config, a fixed identity, no prompts.
    public var isolatedEnvironment: [String: String] {
        [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": root,
            "GIT_CONFIG_GLOBAL": "/dev/null",
            "GIT_CONFIG_NOSYSTEM": "1",
            // What the gate digests as the system's configuration: /etc/gitconfig, unless this names another.
            "GIT_CONFIG_SYSTEM": "/dev/null",
            "GIT_AUTHOR_NAME": "Fixture", "GIT_AUTHOR_EMAIL": "fixture@example.invalid",
            "GIT_COMMITTER_NAME": "Fixture", "GIT_COMMITTER_EMAIL": "fixture@example.invalid",
            "GIT_TERMINAL_PROMPT": "0",
            "LC_ALL": "C",
        ]
    }

    private func runGit(_ arguments: [String], in directory: String) throws -> String {
        let result = try run("/usr/bin/env", ["git"] + arguments, in: directory, environment: isolatedEnvironment)
        guard result.status == 0 else {
            throw GitCommandFailed(arguments: arguments, message: result.standardError)
        }
        return result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Runs any program in `root/directory`, its output captured through files (no pipe can fill up).
    public func run(
        _ executable: String, _ arguments: [String], in directory: String = "", environment: [String: String]
    ) throws -> ProcessResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: path(directory))
        process.environment = environment
        let outputURL = FileManager.default.temporaryDirectory.appendingPathComponent("fixture-out-\(UUID().uuidString)")
        let errorURL = FileManager.default.temporaryDirectory.appendingPathComponent("fixture-err-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: outputURL)
            try? FileManager.default.removeItem(at: errorURL)
        }
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        process.standardError = try FileHandle(forWritingTo: errorURL)
        try process.run()
        process.waitUntilExit()
        return ProcessResult(
            status: process.terminationStatus,
            standardOutput: String(decoding: (try? Data(contentsOf: outputURL)) ?? Data(), as: UTF8.self),
            standardError: String(decoding: (try? Data(contentsOf: errorURL)) ?? Data(), as: UTF8.self))
    }
}

public struct ProcessResult: Sendable {
    public var status: Int32
    public var standardOutput: String
    public var standardError: String
}

public struct GitCommandFailed: Error, CustomStringConvertible {
    let arguments: [String]
    let message: String
    public var description: String { "git \(arguments.joined(separator: " ")) failed: \(message)" }
}
