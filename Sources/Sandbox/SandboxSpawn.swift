#if canImport(Glibc)
import Glibc
#endif

/// Starts every child process of the gate, confined as its `ProcessSandbox` says: the one place a process is made.
///
/// The child is made the way glibc's `posix_spawn` makes its own: `clone(CLONE_VM | CLONE_VFORK)`, running on a
/// stack of its own in the gate's memory while the calling thread waits, until it calls `execve` or exits. Until
/// then it may only make system calls: the parent lays out every string, array and signal set it needs first (the
/// plan), and the child reports a failed step by writing it back into that plan. Nothing in it makes the gate's
/// memory dumpable or readable to another process: a user namespace is left without a uid map rather than have the
/// child (which shares the gate's memory, and so its key) write one.
///
/// The steps, in order: default signal handlers and a process group of its own; standard input from `/dev/null` (the
/// output is opened by the gate, as its user, before anything is hidden); in a namespace, the mounts (`MountStep`); the
/// identity of a root gate's probes (no groups, then the gid and uid) and an empty capability bounding set where it can
/// be dropped; `no_new_privs`; Landlock; only descriptors 0 to 2 (and 3) left; the working directory; `execve`.
package enum SandboxSpawn {
    /// What the child gets on descriptors 1 and 2, and on 3.
    package struct Descriptors {
        /// Appended to this file (created if missing) when set; otherwise `outputDescriptor`.
        var outputPath: String?
        var outputDescriptor: Int32 = -1
        /// Becomes the child's descriptor 3 (a Swift Testing event stream); none when negative.
        var fourth: Int32 = -1
    }

    /// Why no child started: the sandbox could not be made, or the program could not start in it (missing, not
    /// executable, its directory or output file unusable), worded as the same failure without a sandbox.
    package struct Failure: Error, Equatable {
        var message: String
    }

    /// Starts `path` with `argv` (argument 0 included) and `envp` in `sandbox`; the pid, as this process sees it. `name`,
    /// unique among the gate's children, names what the child is given to keep (its own `/tmp`, see
    /// `ChildTemporaryFolders`), which `ChildTemporaryFolders.remove(named:in:)` removes once it has been reaped.
    static func spawn(
        path: String, argv: [String], envp: [String], workingDirectory: String, descriptors: Descriptors, sandbox: ProcessSandbox,
        name: String
    ) -> Result<pid_t, Failure> {
        launch(
            path: path, argv: argv, envp: envp, workingDirectory: workingDirectory, descriptors: descriptors, sandbox: sandbox, checkOnly: false,
            name: name)
    }

    /// Nil when this kernel lets this process start a child in `sandbox`, or why not: found by taking every step but the exec.
    static func check(_ sandbox: ProcessSandbox) -> String? {
        let started = launch(
            path: "/", argv: [], envp: [], workingDirectory: "/", descriptors: Descriptors(outputPath: "/dev/null"), sandbox: sandbox,
            checkOnly: true, name: nil)
        switch started {
        case .failure(let failure): return failure.message
        case .success(let pid):
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            return status == 0 ? nil : "the sandbox's first process ended with wait status \(status)"
        }
    }

    private static func launch(
        path: String, argv: [String], envp: [String], workingDirectory: String, descriptors: Descriptors, sandbox: ProcessSandbox,
        checkOnly: Bool, name: String?
    ) -> Result<pid_t, Failure> {
        #if os(Linux)
        guard let closeRange = closeRangeFunction else {
            return .failure(Failure(message: "this C library has no close_range() (glibc 2.34 and later have it)"))
        }
        guard let processControl = CLibrary.processControl, let systemCall = Landlock.systemCall else {
            return .failure(Failure(message: "this C library has no prctl() or syscall()"))
        }
        var ruleset: Int32 = -1
        if let abi = sandbox.landlockABI {
            // In a namespace the mounts hold the file policy; Landlock adds its scopes there (signals, abstract sockets).
            switch Landlock.ruleset(for: sandbox.namespaces == nil ? sandbox.files : nil, abi: abi) {
            case .success(let descriptor): ruleset = descriptor
            case .failure(let failure):
                // A kernel with no scopes has nothing to add in a namespace; anything else is a failure.
                guard sandbox.namespaces != nil, abi < 6 else { return .failure(failure) }
            }
        }
        defer { if ruleset >= 0 { closeDescriptor(ruleset) } }
        // A gate that is not root makes the child its own /tmp and /dev/shm (`ChildTemporaryFolders`). They stay until the
        // child has been reaped: a running child's /tmp must not go away under it. A child that ended here (a check, or a
        // failed start) has no use for them.
        var temporaryFolders: ChildTemporaryFolders?
        if let base = sandbox.childTemporaryFolders {
            switch ChildTemporaryFolders.make(in: base, named: name) {
            case .success(let folders): temporaryFolders = folders
            case .failure(let failure): return .failure(failure)
            }
        }
        var started = false
        defer { if checkOnly || !started { temporaryFolders?.remove() } }
        let mounts = MountPlan(sandbox, temporaryFolders: temporaryFolders)
        defer { mounts.free() }
        var outputDescriptor = descriptors.outputDescriptor
        if let outputPath = descriptors.outputPath {
            switch openOutput(outputPath, for: path) {
            case .success(let descriptor): outputDescriptor = descriptor
            case .failure(let failure): return .failure(failure)
            }
        }
        defer { if descriptors.outputPath != nil { closeDescriptor(outputDescriptor) } }
        if let failure = handOver(fourth: descriptors.fourth, in: sandbox) { return .failure(failure) }
        let strings = PlanStrings(path: path, workingDirectory: workingDirectory)
        defer { strings.free() }
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        var flags = cloneVM | cloneVfork | SIGCHLD
        switch sandbox.namespaces {
        case .none: break
        case .pidAndMount: flags |= cloneNewPID | cloneNewNS
        case .pidMountAndUser: flags |= cloneNewPID | cloneNewNS | cloneNewUser
        }
        return withCStringArray(argv) { argvPointer in
            withCStringArray(envp) { envPointer in
                var plan = SpawnPlan(
                    path: strings.path, argv: argvPointer, envp: envPointer, workingDirectory: strings.workingDirectory,
                    outputDescriptor: outputDescriptor, fourth: descriptors.fourth,
                    checkOnly: checkOnly, mounts: mounts.steps, mountCount: Int32(mounts.count), readOnlyAttributes: mounts.setReadOnly,
                    writableAttributes: mounts.clearReadOnly, switchIdentity: sandbox.identity != nil,
                    uid: sandbox.identity?.uid ?? 0, gid: sandbox.identity?.gid ?? 0, lastCapability: lastCapability,
                    landlockRuleset: ruleset, defaultSignals: signalsToReset(), unblocked: unblocked, closeRange: closeRange,
                    processControl: processControl, systemCall: systemCall)
                let cloned = clone(&plan, path: path, flags: flags)
                if case .success = cloned { started = true }
                return cloned
            }
        }
        #else
        return .failure(Failure(message: "the process sandbox is Linux's"))
        #endif
    }

    /// Opens a child's output file, appending; on the gate's own mounts: a file the child opened for writing in its new
    /// mount namespace would be a writer on the copied root, which could then not be made read-only (EBUSY).
    static func openOutput(_ outputPath: String, for path: String) -> Result<Int32, Failure> {
        let descriptor = open(outputPath, O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            return .failure(Failure(message: "could not start \(path): opening the output file \(outputPath): \(String(cString: strerror(errno)))"))
        }
        return .success(descriptor)
    }

    /// Descriptor 3 is opened again by its path (`/dev/fd/3`, Swift Testing's event stream); a pipe belongs to the
    /// gate's user, so a child running as another one must own it to open it.
    static func handOver(fourth: Int32, in sandbox: ProcessSandbox) -> Failure? {
        guard let identity = sandbox.identity, fourth >= 0, fchown(fourth, identity.uid, identity.gid) != 0 else { return nil }
        return Failure(message: "cannot hand descriptor 3 to \(identity.name): \(String(cString: strerror(errno)))")
    }

    #if os(Linux)
    /// Clones the child that carries out `plan` and waits until it has started the program or failed to.
    private static func clone(_ plan: inout SpawnPlan, path: String, flags: Int32) -> Result<pid_t, Failure> {
        guard let clone = cloneFunction else { return .failure(Failure(message: "this C library has no clone()")) }
        let stackSize = 1 << 18
        guard let stack = mmap(nil, stackSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0), stack != MAP_FAILED
        else {
            return .failure(Failure(message: "cannot allocate the child's stack: \(String(cString: strerror(errno)))"))
        }
        defer { munmap(stack, stackSize) }
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
            var names = ["CLONE_VM", "CLONE_VFORK"]
            if flags & cloneNewPID != 0 { names += ["CLONE_NEWPID", "CLONE_NEWNS"] }
            if flags & cloneNewUser != 0 { names.append("CLONE_NEWUSER") }
            return .failure(Failure(message: "clone(\(names.joined(separator: " | "))) failed: \(String(cString: strerror(cloneError)))"))
        }
        guard plan.failedStep == 0 else {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            let step = SpawnStep(rawValue: plan.failedStep) ?? .none
            let reason = String(cString: strerror(plan.failure))
            guard step.concernsTheProgram else {
                let mount = plan.failedMount >= 0 && plan.failedMount < plan.mountCount ? plan.mounts[Int(plan.failedMount)] : nil
                let detail = mount.map { " (\(String(cString: $0.target)): \($0.phrase))" } ?? ""
                return .failure(Failure(message: "\(step.phrase)\(detail) failed: \(reason)"))
            }
            let detail = step == .exec ? "" : "\(step.phrase): "
            return .failure(Failure(message: "could not start \(path): \(detail)\(reason)"))
        }
        return .success(pid)
    }

    /// Every signal with a handler, plus SIGINT, SIGTERM and SIGPIPE even when ignored: an ignored signal otherwise
    /// stays ignored across `execve`.
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

    /// The highest capability this kernel knows, for emptying the bounding set.
    private static let lastCapability: Int32 = {
        guard let file = fopen("/proc/sys/kernel/cap_last_cap", "r") else { return 63 }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 16)
        guard fgets(&line, 16, file) != nil, atoi(line) > 0 else { return 63 }
        return atoi(line)
    }()

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

    init(path: String, workingDirectory: String) {
        self.path = strdup(path)
        self.workingDirectory = strdup(workingDirectory)
    }

    func free() {
        Glibc.free(path)
        Glibc.free(workingDirectory)
    }
}

/// One mount the child makes in its namespace, in order.
private struct MountStep {
    enum Kind: Int32 {
        /// The mount namespace's mounts stop propagating to and from the gate's (`target` is `/`).
        case makePrivate = 1
        /// `target` bound onto itself with what lies beneath, so that it can be read-only or writable on its own.
        case bindSelf
        /// Every mount read-only (`target` is `/`, recursively).
        case readOnlyEverywhere
        /// `target`'s own mount writable again.
        case writable
        /// A fresh `/proc` for the new PID namespace.
        case proc
        /// An empty private, writable file system (`/tmp`, `/dev/shm`).
        case privateTemporary
        /// An empty read-only file system over a folder, hiding what it holds.
        case hideFolder
        /// `/dev/null` over a file, hiding it.
        case hideFile
        /// A detached copy of the mounts at and beneath `target`, read-only or writable as they are, kept in
        /// `descriptor` until `attach` (`open_tree` with `OPEN_TREE_CLONE`): a path under `/tmp` taken along before a
        /// private `/tmp` covers it.
        case detach
        /// A folder made on the private `/tmp`, if not there yet: on the way to a path carried onto it, or its mount point.
        case makeFolder
        /// An empty file made on the private `/tmp`: the mount point of a file carried onto it.
        case makeFile
        /// The copy step `source` detached, moved onto `target` (`move_mount`).
        case attach
        /// `origin`, a folder the gate made, bound onto `target` and writable there: the `/tmp` and `/dev/shm` of a child
        /// of a gate that is not root (`ChildTemporaryFolders`).
        case bindTemporary
    }

    var kind: Int32
    var target: UnsafeMutablePointer<CChar>
    /// For `attach`: the index of the `detach` step whose copy goes to `target`.
    var source: Int32 = -1
    /// Written by the child in a `detach` step: the detached copy, until it is attached.
    var descriptor: Int32 = -1
    /// For `bindTemporary`: the folder bound onto `target`.
    var origin: UnsafeMutablePointer<CChar>? = nil

    /// What the step does, for a failure's message.
    var phrase: String {
        switch Kind(rawValue: kind) {
        case .makePrivate: "making the mounts private"
        case .bindSelf: "binding it onto itself"
        case .readOnlyEverywhere: "making every mount read-only"
        case .writable: "making it writable"
        case .proc: "mounting a new /proc"
        case .privateTemporary: "mounting an empty file system of its own"
        case .hideFolder, .hideFile: "hiding it"
        case .detach: "copying it to carry it onto the private /tmp"
        case .makeFolder, .makeFile: "making its mount point on the private /tmp"
        case .attach: "moving its copy onto the private /tmp"
        case .bindTemporary: "binding a folder of its own onto it"
        case .none: "an unknown step"
        }
    }
}

/// The mounts for a file policy: the package and the run's temporary folder writable, `.git` (and the build outputs
/// while tests run) read-only, the rest of the file system read-only, `/run` hidden, `/tmp` private.
///
/// A private `/tmp` must still show the paths of the policy that lie under it, as they are: each is detached once its
/// mounts are read-only or writable as they will stay, the empty file system covers `/tmp`, the folders on the way are
/// made on it, and the copy is moved onto the same path. Nothing else of the machine's `/tmp` can be reached.
private struct MountPlan {
    let steps: UnsafeMutablePointer<MountStep>
    let count: Int
    /// `struct mount_attr` (attr_set, attr_clr, propagation, userns_fd) for `mount_setattr`.
    let setReadOnly: UnsafeMutablePointer<UInt64>
    let clearReadOnly: UnsafeMutablePointer<UInt64>

    /// `temporaryFolders`: the child's own `/tmp` and `/dev/shm`, bound instead of an empty file system of its own.
    init(_ sandbox: ProcessSandbox, temporaryFolders: ChildTemporaryFolders? = nil) {
        let namespaced = sandbox.namespaces != nil
        var list: [(MountStep.Kind, String, source: Int)] = namespaced ? [(.makePrivate, "/", -1)] : []
        var origins: [Int: String] = [:]
        func privateFolder(_ target: String, from origin: String?) {
            if let origin { origins[list.count] = origin }
            list.append((origin == nil ? .privateTemporary : .bindTemporary, target, -1))
        }
        if namespaced, let policy = sandbox.files {
            let writable = Set(policy.writable)
            let bound = (policy.writable + policy.readOnly).filter { PathKind($0).isPresent }.sorted { $0.count < $1.count }
            list += bound.map { (.bindSelf, $0, -1) }
            list.append((.readOnlyEverywhere, "/", -1))
            list += bound.filter(writable.contains).map { (.writable, $0, -1) }
            let kept = sandbox.privateTemporary ? policy.keptUnderTemporary : []
            if sandbox.privateTemporary {
                let firstCopy = list.count
                list += kept.map { (.detach, $0, -1) }
                privateFolder("/tmp", from: temporaryFolders?.temporary)
                var made: Set<String> = []
                for (offset, path) in kept.enumerated() {
                    let components = path.split(separator: "/").dropFirst()  // "tmp"
                    var folder = "/tmp"
                    for component in components.dropLast() {
                        folder += "/\(component)"
                        if made.insert(folder).inserted { list.append((.makeFolder, folder, -1)) }
                    }
                    list.append((PathKind(path) == .directory ? .makeFolder : .makeFile, path, -1))
                    list.append((.attach, path, firstCopy + offset))
                }
            }
            if PathKind("/dev/shm") == .directory { privateFolder("/dev/shm", from: temporaryFolders?.sharedMemory) }
            // The folder the children's own are made in is no child's business.
            let hidden = policy.hidden + (temporaryFolders == nil ? [] : sandbox.childTemporaryFolders.map { [$0] } ?? [])
            for path in hidden where PathKind(path).isPresent {
                // Under a private /tmp, what was not carried onto it is out of sight already, and has no mount point.
                let covered = sandbox.privateTemporary && path.hasPrefix("/tmp/") && !kept.contains { path.hasPrefix($0 + "/") }
                if !covered { list.append((PathKind(path) == .directory ? .hideFolder : .hideFile, path, -1)) }
            }
        }
        if namespaced { list.append((.proc, "/proc", -1)) }
        count = list.count
        steps = .allocate(capacity: list.count)
        for (index, (kind, target, source)) in list.enumerated() {
            steps[index] = MountStep(kind: kind.rawValue, target: strdup(target), source: Int32(source), origin: origins[index].map { strdup($0) })
        }
        setReadOnly = .allocate(capacity: 4)
        clearReadOnly = .allocate(capacity: 4)
        let readOnlyAttribute: UInt64 = 0x1  // MOUNT_ATTR_RDONLY
        for index in 0..<4 {
            setReadOnly[index] = index == 0 ? readOnlyAttribute : 0
            clearReadOnly[index] = index == 1 ? readOnlyAttribute : 0
        }
    }

    func free() {
        for index in 0..<count {
            Glibc.free(steps[index].target)
            Glibc.free(steps[index].origin)
        }
        steps.deallocate()
        setReadOnly.deallocate()
        clearReadOnly.deallocate()
    }
}

/// What the child reads, laid out before the clone; `failedStep`, `failedMount` and `failure` are what it writes back.
private struct SpawnPlan {
    var path: UnsafePointer<CChar>
    var argv: UnsafePointer<UnsafeMutablePointer<CChar>?>
    var envp: UnsafePointer<UnsafeMutablePointer<CChar>?>
    var workingDirectory: UnsafePointer<CChar>
    var outputDescriptor: Int32
    var fourth: Int32
    /// Take every step of a start but the exec, then exit 0: how `check` finds out what the kernel allows.
    var checkOnly: Bool
    var mounts: UnsafeMutablePointer<MountStep>
    var mountCount: Int32
    var readOnlyAttributes: UnsafeMutablePointer<UInt64>
    var writableAttributes: UnsafeMutablePointer<UInt64>
    var switchIdentity: Bool
    var uid: uid_t
    var gid: gid_t
    var lastCapability: Int32
    var landlockRuleset: Int32
    /// Signals whose handler the child puts back to the default before it unblocks them (bit N − 1: signal N).
    var defaultSignals: UInt64
    var unblocked: sigset_t
    var closeRange: CloseRange
    var processControl: CLibrary.ProcessControl
    var systemCall: Landlock.SystemCall
    var failedStep: Int32 = 0
    var failedMount: Int32 = -1
    var failure: Int32 = 0
}

/// The steps the child reports, for the parent's message.
private enum SpawnStep: Int32 {
    case none = 0, processGroup, input, mount, groups, identity, capabilities, noNewPrivileges, landlock, descriptors,
        directory, exec

    var phrase: String {
        switch self {
        case .none: "starting"
        case .processGroup: "giving the child a process group of its own"
        case .input: "opening /dev/null as standard input"
        case .mount: "a mount of the sandbox"
        case .groups: "dropping the supplementary groups"
        case .identity: "switching to the probe user"
        case .capabilities: "emptying the capability bounding set"
        case .noNewPrivileges: "setting no_new_privs"
        case .landlock: "applying the Landlock ruleset"
        case .descriptors: "setting up the child's descriptors"
        case .directory: "changing to the working directory"
        case .exec: "running the program"
        }
    }

    /// A step that fails for the program or its files, not for the sandbox: the same failure as without a sandbox.
    var concernsTheProgram: Bool {
        switch self {
        case .directory, .exec: true
        case .none, .processGroup, .input, .mount, .groups, .identity, .capabilities, .noNewPrivileges, .landlock, .descriptors: false
        }
    }
}

/// The child, between the clone and `execve`: system calls only, on data the parent laid out. It must not allocate,
/// take a lock or touch the Swift runtime: the gate's other threads run on in the same memory. Paths are static
/// strings for the same reason, and constants are written out (a global could need lazy initialization).
private let childMain: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { raw in
    let plan = raw!.assumingMemoryBound(to: SpawnPlan.self)
    var signal: Int32 = 1
    while signal < 65 {
        if (plan.pointee.defaultSignals >> UInt64(signal - 1)) & 1 == 1 { _ = Glibc.signal(signal, nil) }
        signal += 1
    }
    if setpgid(0, 0) != 0 { childFail(plan, .processGroup) }
    let input = open(cString("/dev/null"), O_RDONLY)
    if input < 0 { childFail(plan, .input) }
    // The descriptors go in place before anything else, and every other one the clone copied from the gate is closed:
    // a file another thread of the gate is writing stays open here only for these few calls (an executable still open
    // for writing anywhere cannot be started: ETXTBSY), and nothing the gate holds reaches the program.
    // Moved above 9 first, so that placing one on 0 to 4 cannot overwrite another still to be placed.
    let output = plan.pointee.outputDescriptor
    let fourth = plan.pointee.fourth
    let ruleset = plan.pointee.landlockRuleset
    let highInput = fcntl(input, F_DUPFD, 10)
    let highOutput = fcntl(output, F_DUPFD, 10)
    let highFourth = fourth >= 0 ? fcntl(fourth, F_DUPFD, 10) : -1
    let highRuleset = ruleset >= 0 ? fcntl(ruleset, F_DUPFD, 10) : -1
    if highInput < 0 || highOutput < 0 || (fourth >= 0 && highFourth < 0) || (ruleset >= 0 && highRuleset < 0) {
        childFail(plan, .descriptors)
    }
    if dup2(highInput, 0) < 0 || dup2(highOutput, 1) < 0 || dup2(highOutput, 2) < 0 || (highFourth >= 0 && dup2(highFourth, 3) < 0)
        || (highRuleset >= 0 && dup2(highRuleset, 4) < 0)
    {
        childFail(plan, .descriptors)
    }
    // 0 to 2, 3 when given, and the ruleset on 4 until it is applied.
    if highFourth < 0 && highRuleset >= 0 { _ = close(3) }
    if plan.pointee.closeRange(highRuleset >= 0 ? 5 : highFourth >= 0 ? 4 : 3, UInt32.max, 0) != 0 { childFail(plan, .descriptors) }
    var index: Int32 = 0
    while index < plan.pointee.mountCount {
        if !childMount(index, plan) {
            plan.pointee.failedMount = index
            childFail(plan, .mount)
        }
        index += 1
    }
    let control = plan.pointee.processControl
    if plan.pointee.switchIdentity {
        if setgroups(0, nil) != 0 { childFail(plan, .groups) }
        // As root, setgid and setuid set the real, effective and saved ids together.
        if setgid(plan.pointee.gid) != 0 { childFail(plan, .identity) }
    }
    // 24: `PR_CAPBSET_DROP`. Root, and a child in a namespace (and user namespace) of its own, may empty it; anyone
    // else has no capability to drop it with, and no_new_privs keeps what is left out of reach.
    if plan.pointee.switchIdentity || plan.pointee.mountCount > 0 {
        var capability: Int32 = 0
        while capability <= plan.pointee.lastCapability {
            if control(24, UInt(capability), 0, 0, 0) != 0 && errno != EINVAL { childFail(plan, .capabilities) }
            capability += 1
        }
    }
    if plan.pointee.switchIdentity, setuid(plan.pointee.uid) != 0 { childFail(plan, .identity) }
    // 38: `PR_SET_NO_NEW_PRIVS`.
    if control(38, 1, 0, 0, 0) != 0 { childFail(plan, .noNewPrivileges) }
    if highRuleset >= 0 {
        if plan.pointee.systemCall(Landlock.restrictSelf, 4, 0, 0, 0, 0) != 0 { childFail(plan, .landlock) }
        // The program keeps 0 to 2 (and 3 when given) and nothing else.
        if plan.pointee.closeRange(4, UInt32.max, 0) != 0 { childFail(plan, .descriptors) }
    }
    if chdir(plan.pointee.workingDirectory) != 0 { childFail(plan, .directory) }
    // The check goes this far, so that a kernel refusing any step a real start takes makes no sandbox rather than a
    // sandbox no process can start in.
    if plan.pointee.checkOnly { _exit(0) }
    _ = sigprocmask(SIG_SETMASK, &plan.pointee.unblocked, nil)
    _ = execve(plan.pointee.path, plan.pointee.argv, plan.pointee.envp)
    childFail(plan, .exec)
}

/// Mount step `index`; false (with `errno` set) when the kernel refused it.
private func childMount(_ index: Int32, _ plan: UnsafeMutablePointer<SpawnPlan>) -> Bool {
    let step = plan.pointee.mounts[Int(index)]
    let target = UnsafePointer(step.target)
    let systemCall = plan.pointee.systemCall
    // 442: `mount_setattr`; 0x8000: `AT_RECURSIVE`; -100: `AT_FDCWD`; 32: `sizeof(struct mount_attr)`.
    switch MountStep.Kind(rawValue: step.kind) {
    case .makePrivate: return mount(nil, target, nil, UInt(MS_REC | MS_PRIVATE), nil) == 0
    case .bindSelf: return mount(target, target, nil, UInt(MS_BIND | MS_REC), nil) == 0
    case .readOnlyEverywhere:
        return systemCall(442, -100, Int(bitPattern: target), 0x8000, Int(bitPattern: plan.pointee.readOnlyAttributes), 32) == 0
    case .writable: return systemCall(442, -100, Int(bitPattern: target), 0, Int(bitPattern: plan.pointee.writableAttributes), 32) == 0
    case .proc: return mount(cString("proc"), target, cString("proc"), UInt(MS_NOSUID | MS_NODEV | MS_NOEXEC), nil) == 0
    case .privateTemporary:
        return mount(cString("tmpfs"), target, cString("tmpfs"), UInt(MS_NOSUID | MS_NODEV), UnsafeRawPointer(cString("mode=1777"))) == 0
    case .hideFolder:
        return mount(cString("tmpfs"), target, cString("tmpfs"), UInt(MS_NOSUID | MS_NODEV | MS_NOEXEC | MS_RDONLY), UnsafeRawPointer(cString("mode=755")))
            == 0
    case .hideFile: return mount(cString("/dev/null"), target, nil, UInt(MS_BIND), nil) == 0
    case .detach:
        // 428: `open_tree`; 1: `OPEN_TREE_CLONE`; 0x80000: `OPEN_TREE_CLOEXEC`; with `AT_RECURSIVE`.
        let copy = systemCall(428, -100, Int(bitPattern: target), 0x1 | 0x80000 | 0x8000, 0, 0)
        guard copy >= 0 else { return false }
        plan.pointee.mounts[Int(index)].descriptor = Int32(copy)
        return true
    case .makeFolder: return mkdir(target, 0o755) == 0 || errno == EEXIST
    case .makeFile:
        let file = open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard file >= 0 else { return false }
        _ = close(file)
        return true
    case .attach:
        guard step.source >= 0 && step.source < index else {
            errno = EINVAL
            return false
        }
        let copy = plan.pointee.mounts[Int(step.source)].descriptor
        // 429: `move_mount`; 0x4: `MOVE_MOUNT_F_EMPTY_PATH` (the copy itself, by its descriptor).
        guard systemCall(429, Int(copy), Int(bitPattern: cString("")), -100, Int(bitPattern: target), 0x4) == 0 else { return false }
        _ = close(copy)
        return true
    case .bindTemporary:
        guard let origin = step.origin, mount(origin, target, nil, UInt(MS_BIND), nil) == 0 else { return false }
        // Writable wherever the folder was made: the rest of the file system is read-only by now.
        return systemCall(442, -100, Int(bitPattern: target), 0, Int(bitPattern: plan.pointee.writableAttributes), 32) == 0
    case .none: return false
    }
}

private func childFail(_ plan: UnsafeMutablePointer<SpawnPlan>, _ step: SpawnStep) -> Never {
    plan.pointee.failure = errno
    plan.pointee.failedStep = step.rawValue
    _exit(127)
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

/// glibc's `close_range` (2.34+), behind `_GNU_SOURCE` in its header.
private typealias CloseRange = @convention(c) (UInt32, UInt32, Int32) -> Int32
private let closeRangeFunction = CLibrary.function("close_range", as: CloseRange.self)
#endif
