#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Verdict

/// The folder a test bundle runs from, as Bazel runs a test from its runfiles tree rather than the output folder: a copy
/// of the bundle and, beside it, only what the build declares a test process may need (`EvaluatedPackage
/// .declaredCompanions`). A library planted in the bin folder is then simply not there, and the bundle's `$ORIGIN`
/// finds the system's.
///
/// The folder is the gate's own, under the item's run folder in `.git/cfa-gate`, which no probe can write. Files are
/// copied, never linked (a hard link would share the inode a probe may write through `.build`), and each is digested
/// from the bytes read while copying it, so what was digested is what runs. `firstChange` reads the copy again.
struct TestRunfiles: Sendable, Equatable {
    var folder: String
    /// The copy of the bundle every test process starts.
    var bundle: String
    /// Path of every file copied → SHA-256 of its bytes.
    var digests: [String: String]

    /// Copies `bundle` from `binDirectory` and the `companions` found there into `folder`, which must not exist yet.
    static func assemble(bundle name: String, binDirectory: String, companions: [String], into folder: String) throws(RunfilesError) -> TestRunfiles {
        guard mkdir(folder, 0o755) == 0 else { throw .copyFailed(path: folder, reason: String(cString: strerror(errno))) }
        var digests: [String: String] = [:]
        let source = "\(binDirectory)/\(name)"
        var status = stat()
        guard lstat(source, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            throw .notBuilt(path: source)
        }
        try copy(source, to: "\(folder)/\(name)", digests: &digests)
        for companion in companions where companion != name {
            let path = "\(binDirectory)/\(companion)"
            // A declared output the build did not make (an executable `--build-tests` left out) is simply not copied.
            guard lstat(path, &status) == 0 else { continue }
            try copy(path, to: "\(folder)/\(companion)", digests: &digests)
        }
        return TestRunfiles(folder: folder, bundle: "\(folder)/\(name)", digests: digests)
    }

    /// Regular files and folders only: a link would lead the test process out of what was copied and digested.
    private static func copy(_ source: String, to destination: String, digests: inout [String: String]) throws(RunfilesError) {
        var status = stat()
        guard lstat(source, &status) == 0 else { throw .copyFailed(path: source, reason: String(cString: strerror(errno))) }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            digests[destination] = try copyFile(source, to: destination, executable: status.st_mode & 0o111 != 0)
        case S_IFDIR:
            guard mkdir(destination, 0o755) == 0 else { throw .copyFailed(path: destination, reason: String(cString: strerror(errno))) }
            let entries: [String]
            do {
                entries = try FileManager.default.contentsOfDirectory(atPath: source)
            } catch {
                throw .copyFailed(path: source, reason: error.localizedDescription)
            }
            for entry in entries.sorted() { try copy("\(source)/\(entry)", to: "\(destination)/\(entry)", digests: &digests) }
        default:
            throw .notAFile(path: source)
        }
    }

    /// Copies one file through descriptors opened without following links, digesting the bytes as they pass.
    private static func copyFile(_ source: String, to destination: String, executable: Bool) throws(RunfilesError) -> String {
        let input = open(source, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard input >= 0 else { throw .copyFailed(path: source, reason: String(cString: strerror(errno))) }
        defer { _ = close(input) }
        var status = stat()
        guard fstat(input, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { throw .notAFile(path: source) }
        let output = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, executable ? 0o555 : 0o444)
        guard output >= 0 else { throw .copyFailed(path: destination, reason: String(cString: strerror(errno))) }
        defer { _ = close(output) }
        guard let digest = SHA256Stream() else { throw .copyFailed(path: source, reason: "cannot start a SHA-256 digest") }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw .copyFailed(path: source, reason: String(cString: strerror(errno))) }
            if count == 0 { break }
            // nil: written whole; else what went wrong, and where.
            let failure = buffer.withUnsafeBytes { bytes -> RunfilesError? in
                let piece = UnsafeRawBufferPointer(rebasing: bytes.prefix(count))
                guard digest.update(piece) else { return .copyFailed(path: source, reason: "SHA-256 update failed") }
                var offset = 0
                while offset < count {
                    let step = write(output, piece.baseAddress! + offset, count - offset)
                    if step < 0 && errno == EINTR { continue }
                    guard step > 0 else { return .copyFailed(path: destination, reason: String(cString: strerror(errno))) }
                    offset += step
                }
                return nil
            }
            if let failure { throw failure }
        }
        guard let hex = digest.finish() else { throw .copyFailed(path: source, reason: "SHA-256 finalization failed") }
        return hex
    }

    /// The first file of the folder whose bytes are not those copied, or that was added or removed; nil when it is as
    /// assembled.
    func firstChange() -> String? {
        var found: Set<String> = []
        var pending = [folder]
        while let path = pending.popLast() {
            var status = stat()
            guard lstat(path, &status) == 0 else { return path }
            switch status.st_mode & S_IFMT {
            case S_IFDIR: pending += ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).map { "\(path)/\($0)" }
            case S_IFREG: found.insert(path)
            default: return path
            }
        }
        if let extra = found.subtracting(digests.keys).sorted().first { return extra }
        return digests.keys.sorted().first { (try? Digest.sha256Hex(fileAt: $0)) != digests[$0] }
    }
}

/// Why the folder the tests run from could not be assembled: the `test` item is then `error`.
enum RunfilesError: Error, Equatable, CustomStringConvertible {
    case notBuilt(path: String)
    case notAFile(path: String)
    case copyFailed(path: String, reason: String)

    var description: String {
        switch self {
        case .notBuilt(let path):
            "\(path): no test executable after building the tests — does the package have a test target?"
        case .notAFile(let path):
            "\(path): a declared build output is a link or a special file, not what the build makes — remove whatever put it there"
        case .copyFailed(let path, let reason):
            "\(path): cannot copy the build's outputs into the folder the tests run from: \(reason) — check the disk and its permissions"
        }
    }
}
