#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Publishes a file all at once: readers see either nothing (or the old file) or the complete new one.
///
/// The bytes go to a hidden temporary file in the target directory, created with `O_EXCL` and
/// the final mode (so a secret is never readable by others, not even briefly), are fsynced,
/// and are then renamed (or, when not replacing, hard-linked, which fails if the target exists)
/// into place. Every exit path unlinks the temporary name.
enum AtomicFile {
    enum Failure: Error, Equatable {
        case alreadyExists
        case failed(reason: String)
    }

    static func publish(_ data: Data, at path: String, mode: UInt16, replacing: Bool) throws(Failure) {
        let target = URL(fileURLWithPath: path)
        let directory = target.deletingLastPathComponent().path
        try makeDirectories(directory)
        let temporaryPath = directory + "/." + target.lastPathComponent + ".tmp-" + UUID().uuidString
        let permissions = mode_t(mode)
        let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, permissions)
        guard descriptor >= 0 else { throw systemFailure("cannot create a temporary file in \(directory)") }
        var isOpen = true
        defer {
            if isOpen { close(descriptor) }
            unlink(temporaryPath)
        }
        // The umask may have narrowed the mode at creation; set exactly what was asked for.
        guard fchmod(descriptor, permissions) == 0 else { throw systemFailure("cannot set file mode") }
        try writeFully(data, to: descriptor)
        guard fsync(descriptor) == 0 else { throw systemFailure("cannot flush to disk") }
        isOpen = false
        guard close(descriptor) == 0 else { throw systemFailure("cannot close the temporary file") }
        if replacing {
            guard rename(temporaryPath, path) == 0 else { throw systemFailure("cannot move the file into place") }
        } else {
            guard link(temporaryPath, path) == 0 else {
                if errno == EEXIST { throw .alreadyExists }
                throw systemFailure("cannot move the file into place")
            }
        }
        syncDirectory(directory)
    }

    /// `mkdir -p` with errno-based messages (Foundation's are vaguer on Linux).
    private static func makeDirectories(_ directory: String) throws(Failure) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw .failed(reason: "\(directory) exists but is not a directory") }
            return
        }
        let parent = URL(fileURLWithPath: directory).deletingLastPathComponent().path
        if parent != directory { try makeDirectories(parent) }
        guard mkdir(directory, 0o777) == 0 || errno == EEXIST else {
            throw systemFailure("cannot create directory \(directory)")
        }
    }

    private static func writeFully(_ data: Data, to descriptor: Int32) throws(Failure) {
        let failedWithErrno: Int32? = data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
        if let code = failedWithErrno {
            throw .failed(reason: "cannot write: \(String(cString: strerror(code)))")
        }
    }

    /// Makes the rename itself durable; best effort because some filesystems refuse to fsync directories.
    private static func syncDirectory(_ directory: String) {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    private static func systemFailure(_ what: String) -> Failure {
        let code = errno  // read before anything else can overwrite it
        return .failed(reason: "\(what): \(String(cString: strerror(code)))")
    }
}
