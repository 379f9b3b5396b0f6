#if canImport(Glibc)
import Glibc
#endif

/// Starts a program as the first process of a PID and mount namespace of its own, with a private `/proc` (and, for
/// a user other than root, a user namespace mapping that user onto itself): what `unshare --pid --fork --mount
/// --mount-proc` does, without the `unshare` process and its exec in between, which cost about 1 ms of every process
/// start — and a process per test pays it once per test.
///
/// The child is made the way glibc's `posix_spawn` makes its own: `clone(CLONE_VM | CLONE_VFORK)`, running on a
/// stack of its own in the gate's memory while the calling thread waits, until it calls `execve` or exits. Until
/// then it may only make system calls: the parent lays out every string, array and signal set it needs first, and
/// the child reports a failed step by writing it back into that plan.
enum NamespaceSpawn {
    /// What the child gets on descriptors 1 and 2, and on 3.
    struct Descriptors {
        /// Appended to this file (created if missing) when set; otherwise `outputDescriptor`.
        var outputPath: String?
        var outputDescriptor: Int32 = -1
        /// Becomes the child's descriptor 3 (a Swift Testing event stream); none when negative.
        var fourth: Int32 = -1
    }

    /// Why no child started: the namespace could not be made, or the program could not start in it (missing, not
    /// executable, its directory or output file unusable), worded as the same failure without a sandbox.
    struct Failure: Error, Equatable {
        var message: String
    }

    /// Starts `path` with `argv` (argument 0 included) and `envp` in a fresh namespace; the pid, as this process sees it.
    static func spawn(
        path: String, argv: [String], envp: [String], workingDirectory: String, descriptors: Descriptors, userNamespace: Bool
    ) -> Result<pid_t, Failure> {
        launch(
            path: path, argv: argv, envp: envp, workingDirectory: workingDirectory, descriptors: descriptors,
            userNamespace: userNamespace, checkOnly: false)
    }

    /// Nil when this kernel lets this process make the namespace, or why not: found by making one that starts nothing.
    static func check(userNamespace: Bool) -> String? {
        let started = launch(
            path: "/", argv: [], envp: [], workingDirectory: "/", descriptors: Descriptors(outputPath: "/dev/null"),
            userNamespace: userNamespace, checkOnly: true)
        switch started {
        case .failure(let failure): return failure.message
        case .success(let pid):
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            return status == 0 ? nil : "the namespace's first process ended with wait status \(status)"
        }
    }

    private static func launch(
        path: String, argv: [String], envp: [String], workingDirectory: String, descriptors: Descriptors, userNamespace: Bool,
        checkOnly: Bool
    ) -> Result<pid_t, Failure> {
        #if os(Linux)
        guard let closeRange = closeRangeFunction else {
            return .failure(Failure(message: "this C library has no close_range() (glibc 2.34 and later have it)"))
        }
        guard let processControl = CLibrary.processControl else { return .failure(Failure(message: "this C library has no prctl()")) }
        let strings = PlanStrings(
            path: path, workingDirectory: workingDirectory, outputPath: descriptors.outputPath,
            uidMap: "\(geteuid()) \(geteuid()) 1", gidMap: "\(getegid()) \(getegid()) 1")
        defer { strings.free() }
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        return withCStringArray(argv) { argvPointer in
            withCStringArray(envp) { envPointer in
                var plan = SpawnPlan(
                    path: strings.path, argv: argvPointer, envp: envPointer, workingDirectory: strings.workingDirectory,
                    outputPath: strings.outputPath, outputDescriptor: descriptors.outputDescriptor, fourth: descriptors.fourth,
                    checkOnly: checkOnly, userNamespace: userNamespace, uidMap: strings.uidMap, gidMap: strings.gidMap,
                    defaultSignals: signalsToReset(), unblocked: unblocked, closeRange: closeRange, processControl: processControl,
                    dumpable: processControl(getDumpable, 0, 0, 0, 0))
                return clone(&plan, path: path, userNamespace: userNamespace)
            }
        }
        #else
        return .failure(Failure(message: "process namespaces are Linux's"))
        #endif
    }

    #if os(Linux)
    /// Clones the child that carries out `plan` and waits until it has started the program or failed to.
    private static func clone(_ plan: inout SpawnPlan, path: String, userNamespace: Bool) -> Result<pid_t, Failure> {
        guard let clone = cloneFunction else { return .failure(Failure(message: "this C library has no clone()")) }
        let stackSize = 1 << 18
        guard let stack = mmap(nil, stackSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0), stack != MAP_FAILED
        else {
            return .failure(Failure(message: "cannot allocate the child's stack: \(String(cString: strerror(errno)))"))
        }
        defer { munmap(stack, stackSize) }
        var flags = cloneVM | cloneVfork | cloneNewPID | cloneNewNS | SIGCHLD
        if userNamespace { flags |= cloneNewUser }
        // Every signal stays blocked from the clone until the child has put its handlers back to the defaults: a
        // handler of the gate's must never run on the child's stack.
        var all = sigset_t()
        sigfillset(&all)
        var previous = sigset_t()
        pthread_sigmask(SIG_SETMASK, &all, &previous)
        let pid = clone(childMain, stack + stackSize, flags, &plan)
        let cloneError = errno
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        guard pid > 0 else {
            let names = "CLONE_NEWPID | CLONE_NEWNS" + (userNamespace ? " | CLONE_NEWUSER" : "")
            return .failure(Failure(message: "clone(\(names)) failed: \(String(cString: strerror(cloneError)))"))
        }
        guard plan.failedStep == 0 else {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            let step = SpawnStep(rawValue: plan.failedStep) ?? .none
            let reason = String(cString: strerror(plan.failure))
            guard step.concernsTheProgram else { return .failure(Failure(message: "\(step.phrase) failed: \(reason)")) }
            let detail = step == .exec ? "" : "\(step.phrase): "
            return .failure(Failure(message: "could not start \(path): \(detail)\(reason)"))
        }
        return .success(pid)
    }
    /// Every signal with a handler, plus SIGINT, SIGTERM and SIGPIPE even when ignored (as the gate's other children
    /// get them through `posix_spawnattr_setsigdefault`): an ignored signal otherwise stays ignored across `execve`.
    private static func signalsToReset() -> UInt64 {
        var mask: UInt64 = 0
        for signal in 1..<Int32(NSIG) where signal != SIGKILL && signal != SIGSTOP {
            var current = sigaction()
            guard sigaction(signal, nil, &current) == 0 else { continue }
            let ignored = unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
            if !ignored || [SIGINT, SIGTERM, SIGPIPE].contains(signal) { mask |= 1 << UInt64(signal - 1) }
        }
        return mask
    }

    // From <linux/sched.h>, which the Glibc module does not bring in.
    private static let cloneVM: Int32 = 0x0000_0100
    private static let cloneVfork: Int32 = 0x0000_4000
    private static let cloneNewNS: Int32 = 0x0002_0000
    private static let cloneNewUser: Int32 = 0x1000_0000
    private static let cloneNewPID: Int32 = 0x2000_0000
    #endif
}

#if os(Linux)
/// The plan's single C strings, copied out of Swift strings before the clone and freed after it.
private struct PlanStrings {
    var path: UnsafeMutablePointer<CChar>
    var workingDirectory: UnsafeMutablePointer<CChar>
    var outputPath: UnsafeMutablePointer<CChar>?
    var uidMap: UnsafeMutablePointer<CChar>
    var gidMap: UnsafeMutablePointer<CChar>

    init(path: String, workingDirectory: String, outputPath: String?, uidMap: String, gidMap: String) {
        self.path = strdup(path)
        self.workingDirectory = strdup(workingDirectory)
        self.outputPath = outputPath.map { strdup($0) }
        self.uidMap = strdup(uidMap)
        self.gidMap = strdup(gidMap)
    }

    func free() {
        for pointer in [path, workingDirectory, uidMap, gidMap] + (outputPath.map { [$0] } ?? []) { Glibc.free(pointer) }
    }
}
/// What the child reads, laid out before the clone; `failedStep` and `failure` are what it writes back.
private struct SpawnPlan {
    var path: UnsafePointer<CChar>
    var argv: UnsafePointer<UnsafeMutablePointer<CChar>?>
    var envp: UnsafePointer<UnsafeMutablePointer<CChar>?>
    var workingDirectory: UnsafePointer<CChar>
    var outputPath: UnsafePointer<CChar>?
    var outputDescriptor: Int32
    var fourth: Int32
    /// Take every step of a start but the exec, then exit 0: how `check` finds out what the kernel allows.
    var checkOnly: Bool
    var userNamespace: Bool
    var uidMap: UnsafePointer<CChar>
    var gidMap: UnsafePointer<CChar>
    /// Signals whose handler the child puts back to the default before it unblocks them (bit N − 1: signal N).
    var defaultSignals: UInt64
    var unblocked: sigset_t
    var closeRange: CloseRange
    var processControl: CLibrary.ProcessControl
    /// The gate's `PR_GET_DUMPABLE`, which the child puts back once the user maps are written.
    var dumpable: Int32
    var failedStep: Int32 = 0
    var failure: Int32 = 0
}

/// The steps the child reports, for the parent's message.
private enum SpawnStep: Int32 {
    case none = 0, processGroup, userMap, privateMounts, proc, input, output, descriptors, directory, exec

    var phrase: String {
        switch self {
        case .none: "starting"
        case .processGroup: "giving the child a process group of its own"
        case .userMap: "mapping the user into the new user namespace (/proc/self/uid_map)"
        case .privateMounts: "making the new mount namespace private"
        case .proc: "mounting a private /proc"
        case .input: "opening /dev/null as standard input"
        case .output: "opening the output file"
        case .descriptors: "setting up the child's descriptors"
        case .directory: "changing to the working directory"
        case .exec: "running the program"
        }
    }

    /// A step that fails for the program or its files, not for the namespace: the same failure as without a sandbox.
    var concernsTheProgram: Bool {
        switch self {
        case .output, .directory, .exec: true
        case .none, .processGroup, .userMap, .privateMounts, .proc, .input, .descriptors: false
        }
    }
}

/// The child, between the clone and `execve`: system calls only, on data the parent laid out. It must not allocate,
/// take a lock or touch the Swift runtime: the gate's other threads run on in the same memory. Paths are static
/// strings for the same reason.
private let childMain: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { raw in
    let plan = raw!.assumingMemoryBound(to: SpawnPlan.self)
    var signal: Int32 = 1
    while signal < 65 {
        if (plan.pointee.defaultSignals >> UInt64(signal - 1)) & 1 == 1 { _ = Glibc.signal(signal, nil) }
        signal += 1
    }
    if setpgid(0, 0) != 0 { childFail(plan, .processGroup) }
    if plan.pointee.userNamespace {
        // The gate is not dumpable (it holds the key), and the child shares its memory, so its `/proc/self` files belong
        // to root and it cannot write its own maps. It is made dumpable for just those writes: spawns are serialized on
        // the reaper, and no sandboxed process can name the gate's pid.
        // 4: `PR_SET_DUMPABLE`, written out: a global constant could need lazy initialization, which the child must not run.
        _ = plan.pointee.processControl(4, 1, 0, 0, 0)
        defer { _ = plan.pointee.processControl(4, UInt(plan.pointee.dumpable), 0, 0, 0) }
        // An unprivileged process may map only itself, and only once `setgroups` is denied.
        guard childWrite("/proc/self/setgroups", cString("deny")), childWrite("/proc/self/uid_map", plan.pointee.uidMap),
            childWrite("/proc/self/gid_map", plan.pointee.gidMap)
        else { childFail(plan, .userMap) }
    }
    if mount(nil, cString("/"), nil, UInt(MS_REC | MS_PRIVATE), nil) != 0 { childFail(plan, .privateMounts) }
    if mount(cString("proc"), cString("/proc"), cString("proc"), UInt(MS_NOSUID | MS_NODEV | MS_NOEXEC), nil) != 0 { childFail(plan, .proc) }
    let input = open(cString("/dev/null"), O_RDONLY)
    if input < 0 { childFail(plan, .input) }
    var output = plan.pointee.outputDescriptor
    if let path = plan.pointee.outputPath { output = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o644) }
    if output < 0 { childFail(plan, .output) }
    // Moved above 9 first, so that placing one on 0 to 3 cannot overwrite another still to be placed.
    let highInput = fcntl(input, F_DUPFD, 10)
    let highOutput = fcntl(output, F_DUPFD, 10)
    let fourth = plan.pointee.fourth
    let highFourth = fourth >= 0 ? fcntl(fourth, F_DUPFD, 10) : -1
    if highInput < 0 || highOutput < 0 || (fourth >= 0 && highFourth < 0) { childFail(plan, .descriptors) }
    if dup2(highInput, 0) < 0 || dup2(highOutput, 1) < 0 || dup2(highOutput, 2) < 0 || (highFourth >= 0 && dup2(highFourth, 3) < 0) {
        childFail(plan, .descriptors)
    }
    // The child keeps 0 to 2 (and 3 when given) and nothing else: a descriptor the gate holds must not reach it.
    if plan.pointee.closeRange(highFourth >= 0 ? 4 : 3, UInt32.max, 0) != 0 { childFail(plan, .descriptors) }
    if chdir(plan.pointee.workingDirectory) != 0 { childFail(plan, .directory) }
    // The check goes this far, so that a kernel refusing any step a real start takes (`close_range` before Linux
    // 5.9) makes no sandbox rather than a sandbox no process can start in.
    if plan.pointee.checkOnly { _exit(0) }
    _ = sigprocmask(SIG_SETMASK, &plan.pointee.unblocked, nil)
    _ = execve(plan.pointee.path, plan.pointee.argv, plan.pointee.envp)
    childFail(plan, .exec)
}

private func childFail(_ plan: UnsafeMutablePointer<SpawnPlan>, _ step: SpawnStep) -> Never {
    plan.pointee.failure = errno
    plan.pointee.failedStep = step.rawValue
    _exit(127)
}

/// Writes a C string into a file that exists (the `/proc/self` maps), with no allocation.
private func childWrite(_ path: StaticString, _ text: UnsafePointer<CChar>) -> Bool {
    let descriptor = open(cString(path), O_WRONLY)
    guard descriptor >= 0 else { return false }
    let written = write(descriptor, text, strlen(text))
    _ = close(descriptor)
    return written == strlen(text)
}


/// A static string's bytes as a C string: no copy, so the child may use it.
private func cString(_ text: StaticString) -> UnsafePointer<CChar> {
    UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
}

/// glibc's `clone(fn, stack, flags, arg, …)`; the optional trailing arguments are not used (no CLONE_*TID/SETTLS).
private typealias CloneFunction = @convention(c) (
    @convention(c) (UnsafeMutableRawPointer?) -> Int32, UnsafeMutableRawPointer?, Int32, UnsafeMutableRawPointer?
) -> Int32
private let cloneFunction = CLibrary.function("clone", as: CloneFunction.self)

// `PR_GET_DUMPABLE` from `<linux/prctl.h>`.
private let getDumpable: Int32 = 3

/// glibc's `close_range` (2.34+), behind `_GNU_SOURCE` in its header.
private typealias CloseRange = @convention(c) (UInt32, UInt32, Int32) -> Int32
private let closeRangeFunction = CLibrary.function("close_range", as: CloseRange.self)
#endif
