#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Linux's Landlock: a process restricts its own file access (and, from ABI 6, whom it may signal and which abstract
/// sockets it may reach) without privileges or namespaces, for itself and everything it starts, irrevocably.
///
/// The gate builds a ruleset before each start and the child applies it between the clone and the exec
/// (`SandboxSpawn`). Only writes are restricted: a probe reads the toolchain and the system like any build. Rights
/// granted on a folder cover everything beneath it, so a folder that must stay read-only inside a writable one
/// (`.git` in the package) is handled by granting each of the writable folder's other entries instead.
package enum Landlock {
    /// The kernel's Landlock ABI version, or nil where it has none (or it is turned off).
    package static let abi: Int32? = {
        #if os(Linux)
        let version = call(createRuleset, 0, 0, versionFlag)
        return version > 0 ? Int32(version) : nil
        #else
        return nil
        #endif
    }()

    #if os(Linux)
    /// A ruleset for `policy` at `abi`, as a descriptor the child hands to `landlock_restrict_self`; the caller closes it.
    static func ruleset(for policy: FilePolicy?, abi: Int32) -> Result<Int32, SandboxSpawn.Failure> {
        let handled = policy == nil ? 0 : writeRights(abi: abi)
        // `struct landlock_ruleset_attr`: handled_access_fs, handled_access_net (ABI 4), scoped (ABI 6).
        var attributes: [UInt64] = [handled, 0, abi >= 6 ? scopeAbstractSockets | scopeSignals : 0]
        let size = abi >= 6 ? 24 : abi >= 4 ? 16 : 8
        guard attributes[0] != 0 || attributes[2] != 0 else { return .failure(.init(message: "Landlock ABI \(abi) has nothing to restrict here")) }
        let descriptor = attributes.withUnsafeMutableBytes { call(createRuleset, Int(bitPattern: $0.baseAddress), size, 0) }
        guard descriptor >= 0 else { return .failure(.init(message: "landlock_create_ruleset failed: \(String(cString: strerror(errno)))")) }
        guard let policy else { return .success(Int32(descriptor)) }
        for (path, rights) in grants(for: policy, handled: handled) {
            if let failure = allow(path, rights: rights, in: Int32(descriptor)) {
                closeDescriptor(Int32(descriptor))
                return .failure(failure)
            }
        }
        return .success(Int32(descriptor))
    }

    /// Every path that gets write rights, and which: each writable folder whole, unless a read-only path lies inside
    /// it, in which case its entries but the read-only ones (recursively down to the read-only path), plus the
    /// devices every program writes to.
    static func grants(for policy: FilePolicy, handled: UInt64) -> [(String, UInt64)] {
        var grants: [(String, UInt64)] = []
        func grant(_ folder: String) {
            let inside = policy.readOnly.filter { $0.hasPrefix(folder + "/") }
            guard !policy.readOnly.contains(folder) else { return }
            guard !inside.isEmpty else {
                grants.append((folder, PathKind(folder) == .directory ? handled : handled & fileRights))
                return
            }
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
                grant(folder + "/" + entry)
            }
        }
        policy.writable.forEach(grant)
        for device in ["/dev/null", "/dev/zero", "/dev/full", "/dev/tty", "/dev/ptmx", "/dev/pts"] where access(device, F_OK) == 0 {
            grants.append((device, (PathKind(device) == .directory ? handled : handled & fileRights) & (writeFile | truncate)))
        }
        return grants
    }

    private static func allow(_ path: String, rights: UInt64, in ruleset: Int32) -> SandboxSpawn.Failure? {
        let descriptor = open(path, openPath | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else {
            // A path that vanished in between needs no rule; a symlink gets none (its target is not granted by its name).
            return errno == ENOENT || errno == ELOOP ? nil : .init(message: "cannot open \(path) for a Landlock rule: \(String(cString: strerror(errno)))")
        }
        defer { closeDescriptor(descriptor) }
        // `struct landlock_path_beneath_attr` is packed: a 64-bit right mask, then a 32-bit descriptor (12 bytes).
        var rule = [UInt8](repeating: 0, count: 12)
        withUnsafeBytes(of: rights.littleEndian) { rule.replaceSubrange(0..<8, with: $0) }
        withUnsafeBytes(of: descriptor.littleEndian) { rule.replaceSubrange(8..<12, with: $0) }
        let added = rule.withUnsafeMutableBytes { call(addRule, Int(ruleset), pathBeneath, Int(bitPattern: $0.baseAddress), 0) }
        return added == 0 ? nil : .init(message: "landlock_add_rule for \(path) failed: \(String(cString: strerror(errno)))")
    }

    /// The write rights this ABI knows: writing, removing and making every kind of entry, moving between folders
    /// (ABI 2) and truncating (ABI 3). Reading and executing stay unrestricted; so do device ioctls (terminals).
    static func writeRights(abi: Int32) -> UInt64 {
        var rights = writeFile | (0b1_1111_1111 << 4)  // REMOVE_DIR (1 << 4) through MAKE_SYM (1 << 12)
        if abi >= 2 { rights |= 1 << 13 }  // REFER
        if abi >= 3 { rights |= truncate }
        return rights
    }

    /// `O_PATH`, behind `_GNU_SOURCE` in the C headers.
    private static let openPath: Int32 = 0o10_000_000
    private static let writeFile: UInt64 = 1 << 1
    private static let truncate: UInt64 = 1 << 14
    /// The rights a rule on a file (not a folder) may carry.
    private static let fileRights: UInt64 = writeFile | truncate | 1 << 0 | 1 << 2
    private static let scopeAbstractSockets: UInt64 = 1 << 0
    private static let scopeSignals: UInt64 = 1 << 1
    private static let versionFlag = 1
    private static let pathBeneath = 1

    // The system call numbers are the same on every Linux architecture (new calls share one table since 5.1).
    private static let createRuleset = 444
    private static let addRule = 445
    static let restrictSelf = 446

    /// `syscall(2)` with integer arguments, which the variadic C function receives the same way on Linux's ABIs.
    typealias SystemCall = @convention(c) (Int, Int, Int, Int, Int, Int) -> Int
    static let systemCall = CLibrary.function("syscall", as: SystemCall.self)

    private static func call(_ number: Int, _ a: Int, _ b: Int, _ c: Int, _ d: Int = 0) -> Int {
        guard let systemCall else {
            errno = ENOSYS
            return -1
        }
        return systemCall(number, a, b, c, d, 0)
    }
    #endif
}
