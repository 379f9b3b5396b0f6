#if canImport(Glibc)
import Glibc
#endif
import Foundation
import GateTestSupport

/// The set-ups the sandbox attack tests run the gate in, and what they need from the machine: the unprivileged CI
/// user (`ciuser`, with a group standing in for `docker`), tools (`sudo`, `socat`, `setpriv`), and the `NoNamespaces`
/// wrapper built beside the gate, which refuses namespaces with a seccomp filter as Docker's default profile does.
enum AttackHost {
    /// The user a CI job runs as; its supplementary group stands in for `docker`.
    static let ciUserName = "ciuser"

    static var ciUser: (uid: uid_t, gid: gid_t)? {
        guard let entry = getpwnam(ciUserName) else { return nil }
        return (entry.pointee.pw_uid, entry.pointee.pw_gid)
    }

    /// The first group of `ciuser` other than its own: the group a root service's socket is owned by.
    static var ciUserExtraGroup: (gid: gid_t, name: String)? {
        guard let user = ciUser else { return nil }
        var count: Int32 = 64
        var groups = [gid_t](repeating: 0, count: 64)
        guard getgrouplist(ciUserName, user.gid, &groups, &count) >= 0 else { return nil }
        for gid in groups.prefix(Int(count)) where gid != user.gid {
            if let group = getgrgid(gid) { return (gid, String(cString: group.pointee.gr_name)) }
        }
        return nil
    }

    static var isRoot: Bool { geteuid() == 0 }

    /// Root, and a `ciuser` to drop to with `setpriv`.
    static var canActAsCIUser: Bool { isRoot && ciUser != nil && tool("setpriv") != nil }

    /// An installed program, found in the usual system folders.
    static func tool(_ name: String) -> String? {
        ["/usr/bin", "/bin", "/usr/sbin", "/sbin", "/usr/local/bin"].map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
    }

    /// Runs `body` while a sudoers drop-in gives `ciuser` passwordless sudo, as hosted runners give the job user.
    static func withPasswordlessSudo<T>(_ body: () async throws -> T) async throws -> T {
        let path = "/etc/sudoers.d/cfa-gate-test-\(UUID().uuidString.prefix(8))"
        try "\(ciUserName) ALL=(ALL) NOPASSWD: ALL\n".write(toFile: path, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        try FileManager.default.setAttributes([.posixPermissions: 0o440], ofItemAtPath: path)
        return try await body()
    }

    /// `NoNamespaces`, built beside the gate and this test bundle.
    static var noNamespaces: String {
        URL(fileURLWithPath: CFAGateBinary.path).deletingLastPathComponent().appendingPathComponent("NoNamespaces").path
    }

    static var hasNoNamespaces: Bool { access(noNamespaces, X_OK) == 0 }

    /// The Landlock ABI of this kernel (0 when it has none).
    static var landlockABI: Int {
        // 444: landlock_create_ruleset; flag 1: LANDLOCK_CREATE_RULESET_VERSION.
        // `syscall` is variadic in C: looked up and called through a fixed-arity pointer.
        typealias SystemCall = @convention(c) (Int, Int, Int, Int) -> Int
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "syscall") else { return 0 }
        let version = unsafeBitCast(symbol, to: SystemCall.self)(444, 0, 0, 1)
        return version > 0 ? version : 0
    }

    /// Who runs the gate, and where.
    enum Setup: String, CustomStringConvertible, CaseIterable, Sendable {
        /// Root (a `container:` job, or a gate started with sudo and no SUDO_UID left), with namespaces.
        case root
        /// Root where a seccomp filter refuses namespaces (Docker's default profile).
        case rootWithoutNamespaces
        /// The CI user, with namespaces (an unmapped user namespace).
        case ciUser
        /// The CI user in a container whose seccomp filter refuses namespaces, without no_new_privs from outside.
        case ciUserWithoutNamespaces

        var description: String { rawValue }
        var asCIUser: Bool { self == .ciUser || self == .ciUserWithoutNamespaces }
        var namespacesRefused: Bool { self == .rootWithoutNamespaces || self == .ciUserWithoutNamespaces }

        /// Whether this machine can make the set-up.
        var available: Bool {
            guard AttackHost.isRoot else { return false }
            if asCIUser && !AttackHost.canActAsCIUser { return false }
            if namespacesRefused && !AttackHost.hasNoNamespaces { return false }
            return true
        }

        /// The uid a probe runs as in this set-up (a root gate's probes are `nobody` without SUDO_UID).
        var probeUID: uid_t { asCIUser ? AttackHost.ciUser!.uid : 65534 }

        /// What runs before the gate's own path and arguments.
        var prefix: [String] {
            var prefix: [String] = []
            // The filter goes in first, as the container runtime's does; then the drop to the job's user, whose
            // processes keep the right to gain privileges (sudo) as they would in the container.
            if namespacesRefused { prefix += [AttackHost.noNamespaces] + (asCIUser ? ["--keep-new-privileges"] : []) }
            if asCIUser { prefix += AttackHost.asCIUserPrefix }
            return prefix
        }
    }

    /// `setpriv` to `ciuser` with its groups (`dockerish` among them), as a runner's job user has them.
    static var asCIUserPrefix: [String] {
        [tool("setpriv") ?? "/usr/bin/setpriv", "--reuid=\(ciUserName)", "--regid=\(ciUserName)", "--init-groups", "--"]
    }

    /// Runs `arguments` (a program and its arguments) after `prefix`, in `fixture`.
    static func run(_ prefix: [String], _ arguments: [String], in fixture: GitFixture, environment: [String: String]) throws -> ProcessResult {
        let command = prefix + arguments
        return try fixture.run(command[0], Array(command.dropFirst()), environment: environment)
    }

    /// Runs the gate in `setup` on `fixture`, writing the verdict to `verdict` (inside the fixture).
    static func gate(
        _ setup: Setup, _ arguments: [String], in fixture: GitFixture, environment: [String: String]
    ) throws -> ProcessResult {
        try run(setup.prefix, [CFAGateBinary.path] + arguments, in: fixture, environment: environment)
    }

    /// Hands `path` (recursively) to `uid`:`gid`.
    static func chown(_ path: String, to uid: uid_t, _ gid: gid_t) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool("chown") ?? "/bin/chown")
        process.arguments = ["-R", "\(uid):\(gid)", path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw HostError("chown -R \(uid):\(gid) \(path) failed") }
    }

    /// A new folder outside any fixture repository, owned by `owner` when given; removed by the caller.
    static func folder(_ name: String, owner: (uid_t, gid_t)? = nil, mode: Int = 0o755) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cfa-gate-attack-\(name)-\(UUID().uuidString)")
            .resolvingSymlinksInPath().path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: mode])
        if let owner { try chown(path, to: owner.0, owner.1) }
        return path
    }

    struct HostError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    // MARK: Reading what a run left

    static func verdict(_ path: String) throws -> [String: Any] {
        try ChangeFixture.predicate(ofVerdictAt: path)
    }

    static func isolation(_ predicate: [String: Any]) -> [String: Any] {
        predicate["isolation"] as? [String: Any] ?? [:]
    }

    static func items(_ predicate: [String: Any]) -> [[String: Any]] {
        predicate["items"] as? [[String: Any]] ?? []
    }

    static func runErrors(_ predicate: [String: Any]) -> [String] {
        predicate["runErrors"] as? [String] ?? []
    }

    /// Every log file the run kept beside its verdict, joined.
    static func logs(beside verdict: String) -> String {
        let folder = verdict.hasSuffix(".json") ? String(verdict.dropLast(5)) + ".logs" : verdict + ".logs"
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return "" }
        var text = ""
        for case let relative as String in enumerator {
            let path = "\(folder)/\(relative)"
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            text += "==> \(relative)\n" + ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "") + "\n"
        }
        return text
    }

    /// The bytes of a file, nil when there is none (a link is read through; use `linkTarget` to tell).
    static func contents(_ path: String) -> Data? {
        FileManager.default.contents(atPath: path)
    }

    static func isSymbolicLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK
    }
}

/// A long-running helper process the test started (a root service on a socket), ended by its own pid.
final class HelperProcess: @unchecked Sendable {
    let process = Process()

    init(_ executable: String, _ arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// Waits until `path` exists (the helper is listening), or the helper ended; false then.
    func waitFor(_ path: String) -> Bool {
        while process.isRunning {
            if FileManager.default.fileExists(atPath: path) { return true }
            usleep(20_000)
        }
        return false
    }

    func stop() {
        if process.isRunning {
            // SIGKILL: a child Foundation starts from a test thread inherits its blocked signals, SIGTERM among them.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}
