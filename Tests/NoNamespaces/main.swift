// no-namespaces PROGRAM [ARGUMENT…]
//
// no-namespaces --keep-new-privileges PROGRAM [ARGUMENT…]   (root only)
//
// Runs PROGRAM where namespaces are refused, the way Docker's default seccomp profile refuses them: `unshare` and
// `setns` fail with EPERM, `clone` fails with EPERM when it asks for any new namespace (CLONE_NEWNS, NEWCGROUP,
// NEWUTS, NEWIPC, NEWUSER, NEWPID, NEWNET), and `clone3` fails with ENOSYS (its flags sit in memory a filter cannot
// read, so callers fall back to `clone`). `no_new_privs` is set first, as an unprivileged filter needs, and the
// filter is inherited by everything PROGRAM starts. With `--keep-new-privileges` (which needs CAP_SYS_ADMIN) the
// filter goes in without `no_new_privs`, as a container runtime installs it: PROGRAM (say `setpriv` dropping to a
// user) and what it starts can still gain privileges through `sudo`, as in a Docker container.
// Test support for the sandbox attack tests; Linux only.
#if canImport(Glibc)
import Glibc

/// `struct sock_filter` from <linux/filter.h>.
struct SocketFilter {
    var code: UInt16
    var jumpIfTrue: UInt8
    var jumpIfFalse: UInt8
    var constant: UInt32
}

/// `struct sock_fprog`.
struct SocketFilterProgram {
    var length: UInt16
    var filter: UnsafeMutablePointer<SocketFilter>?
}

// BPF opcodes.
let loadWordAbsolute: UInt16 = 0x20  // BPF_LD | BPF_W | BPF_ABS
let jumpIfEqual: UInt16 = 0x15  // BPF_JMP | BPF_JEQ | BPF_K
let andConstant: UInt16 = 0x54  // BPF_ALU | BPF_AND | BPF_K
let returnConstant: UInt16 = 0x06  // BPF_RET | BPF_K

// seccomp return values.
let allow: UInt32 = 0x7fff_0000  // SECCOMP_RET_ALLOW
let errnoAction: UInt32 = 0x0005_0000  // SECCOMP_RET_ERRNO | errno

#if arch(x86_64)
let auditArch: UInt32 = 0xC000_003E  // AUDIT_ARCH_X86_64
let cloneNumber: UInt32 = 56, unshareNumber: UInt32 = 272, setnsNumber: UInt32 = 308, clone3Number: UInt32 = 435
#elseif arch(arm64)
let auditArch: UInt32 = 0xC000_00B7  // AUDIT_ARCH_AARCH64
let cloneNumber: UInt32 = 220, unshareNumber: UInt32 = 97, setnsNumber: UInt32 = 268, clone3Number: UInt32 = 435
#else
#error("no-namespaces knows the system call numbers of x86_64 and aarch64 only")
#endif

/// Every CLONE_NEW* flag: NEWNS 0x20000, NEWCGROUP 0x2000000, NEWUTS, NEWIPC, NEWUSER, NEWPID, NEWNET.
let newNamespaceFlags: UInt32 = 0x7E02_0000

// `struct seccomp_data`: nr at 0, arch at 4, instruction_pointer at 8, args[0] at 16 (its low half first on these
// little-endian machines).
let filter: [SocketFilter] = [
    /* 0 */ SocketFilter(code: loadWordAbsolute, jumpIfTrue: 0, jumpIfFalse: 0, constant: 4),
    /* 1 */ SocketFilter(code: jumpIfEqual, jumpIfTrue: 0, jumpIfFalse: 8, constant: auditArch),  // another ABI → 10: allow
    /* 2 */ SocketFilter(code: loadWordAbsolute, jumpIfTrue: 0, jumpIfFalse: 0, constant: 0),
    /* 3 */ SocketFilter(code: jumpIfEqual, jumpIfTrue: 7, jumpIfFalse: 0, constant: unshareNumber),  // → 11: EPERM
    /* 4 */ SocketFilter(code: jumpIfEqual, jumpIfTrue: 6, jumpIfFalse: 0, constant: setnsNumber),  // → 11: EPERM
    /* 5 */ SocketFilter(code: jumpIfEqual, jumpIfTrue: 6, jumpIfFalse: 0, constant: clone3Number),  // → 12: ENOSYS
    /* 6 */ SocketFilter(code: jumpIfEqual, jumpIfTrue: 0, jumpIfFalse: 3, constant: cloneNumber),  // not clone → 10
    /* 7 */ SocketFilter(code: loadWordAbsolute, jumpIfTrue: 0, jumpIfFalse: 0, constant: 16),
    /* 8 */ SocketFilter(code: andConstant, jumpIfTrue: 0, jumpIfFalse: 0, constant: newNamespaceFlags),
    /* 9 */ SocketFilter(code: jumpIfEqual, jumpIfTrue: 0, jumpIfFalse: 1, constant: 0),  // no new namespace → 10, else → 11
    /* 10 */ SocketFilter(code: returnConstant, jumpIfTrue: 0, jumpIfFalse: 0, constant: allow),
    /* 11 */ SocketFilter(code: returnConstant, jumpIfTrue: 0, jumpIfFalse: 0, constant: errnoAction | UInt32(EPERM)),
    /* 12 */ SocketFilter(code: returnConstant, jumpIfTrue: 0, jumpIfFalse: 0, constant: errnoAction | UInt32(ENOSYS)),
]

/// `prctl` is variadic in C: called through a fixed-arity pointer, which Linux's ABIs pass the same way.
typealias ProcessControl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32

/// Writes `text` to standard error (the `stderr` global is shared mutable state to Swift 6).
func complain(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

func fail(_ message: String) -> Never {
    complain("no-namespaces: \(message): \(String(cString: strerror(errno)))\n")
    exit(126)
}

var arguments = Array(CommandLine.arguments.dropFirst())
let keepNewPrivileges = arguments.first == "--keep-new-privileges"
if keepNewPrivileges { arguments.removeFirst() }
guard let program = arguments.first else {
    complain("usage: no-namespaces [--keep-new-privileges] PROGRAM [ARGUMENT…]\n")
    exit(2)
}
guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "prctl") else { fail("no prctl() in this C library") }
let processControl = unsafeBitCast(symbol, to: ProcessControl.self)
// 38: PR_SET_NO_NEW_PRIVS.
guard keepNewPrivileges || processControl(38, 1, 0, 0, 0) == 0 else { fail("prctl(PR_SET_NO_NEW_PRIVS)") }
let installed = filter.withUnsafeBufferPointer { buffer -> Int32 in
    var program = SocketFilterProgram(length: UInt16(buffer.count), filter: UnsafeMutablePointer(mutating: buffer.baseAddress))
    // 22: PR_SET_SECCOMP; 2: SECCOMP_MODE_FILTER.
    return withUnsafeMutablePointer(to: &program) { processControl(22, 2, UInt(bitPattern: $0), 0, 0) }
}
guard installed == 0 else { fail("prctl(PR_SET_SECCOMP)") }
let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
execv(program, argv)
fail("execv \(program)")
#else
print("no-namespaces runs on Linux only")
exit(2)
#endif
