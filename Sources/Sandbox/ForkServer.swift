#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A test bundle loaded once in the sandbox, which forks a fresh process for every test (`Sources/CForkServer`).
///
/// The bundle starts as the first process of its own PID namespace with the fork server library preloaded; before
/// its `main` runs it reports `ready` and waits. For each request it forks a child that runs `main` with the
/// request's arguments and descriptors, so every test starts from the same image in which no test has run, as an
/// executed process would, without paying again for `execve`, loading and relocating two dozen libraries. When the
/// child ends, the server kills everything else in its namespace and replies with the child's wait status.
///
/// One server runs one test at a time. Whatever stops a test early (the watchdog, the item's time limit, Ctrl-C)
/// kills the server and its whole namespace; the next test gets a new server.
package struct ForkServer: Sendable {
    /// Everything a server needs to start.
    package struct Configuration: Sendable {
        package var bundle: String
        package var library: String
        package var workingDirectory: String
        package var environment: [String: String]
        /// Where the server's own output goes (a library constructor's, or the bundle's if the library never took).
        package var logPath: String
        package var sandbox: ProcessSandbox
        /// Libraries preloaded after the fork server's (the XCTest observer), each path free of spaces and colons.
        package var alsoPreloaded: [String] = []

        package init(bundle: String, library: String, workingDirectory: String, environment: [String: String], logPath: String, sandbox: ProcessSandbox) {
            self.bundle = bundle
            self.library = library
            self.workingDirectory = workingDirectory
            self.environment = environment
            self.logPath = logPath
            self.sandbox = sandbox
        }
    }

    package struct Failure: Error, Equatable {
        package var message: String
    }

    let pid: pid_t
    let control: Int32
    /// Readable once the server has ended; nil only for a server stopped before it could be watched.
    let exitNotice: ProcessExitNotice?
    let token: String
    /// The server's sandbox: its forked test processes share its namespace, and its own `/tmp` goes when it stops.
    let sandbox: ProcessSandbox

    /// The fork server library SwiftPM builds beside the `cfa-gate` executable (or beside the test bundle that runs
    /// this code); nil when it is not there, and tests are then executed one by one.
    package static func libraryBesideExecutable() -> String? { libraryBesideExecutable(named: "libCFAGateForkServer.so") }

    /// A library of this package SwiftPM builds beside the `cfa-gate` executable (or beside the test bundle that runs this
    /// code), to be preloaded into test bundles; nil when it is not there.
    package static func libraryBesideExecutable(named name: String) -> String? {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let library = executable.deletingLastPathComponent().appendingPathComponent(name).path
        var status = stat()
        guard lstat(library, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return library
    }

    /// The longest request a server takes (its buffer is 256 KiB, and a socket's send buffer is about 208 KiB): a process
    /// with longer arguments (a huge class under `test-isolation=batch`) executes the bundle instead.
    package static let maximumRequest = 192 * 1024

    /// Whether `arguments` fit in one request.
    package static func accepts(_ arguments: [String]) -> Bool {
        arguments.reduce(0) { $0 + $1.utf8.count + 1 } <= maximumRequest
    }

    /// The variable that makes the preloaded library serve (`CFA_FORK_SERVER_VARIABLE` in `ForkServer.h`).
    static let roleVariable = "CFA_GATE_FORK_SERVER"

    /// Starts a server and waits until it is ready, or says why it could not be.
    package static func start(_ configuration: Configuration, timeout: Duration) async -> Result<ForkServer, Failure> {
        #if os(Linux)
        guard configuration.sandbox.namespaces != nil else {
            return .failure(Failure(message: "the sandbox has no PID namespace to clean up after each test in"))
        }
        // LD_PRELOAD splits its list at spaces and colons.
        guard !configuration.library.contains(where: { $0 == " " || $0 == ":" }) else {
            return .failure(Failure(message: "the fork server library's path \(configuration.library) holds a space or colon"))
        }
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            return .failure(Failure(message: "cannot create the fork server's socket: \(String(cString: strerror(errno)))"))
        }
        let token = ProcessReaper.newToken()
        var environment = ChildProcess.childEnvironment(configuration.environment)
        environment["LD_PRELOAD"] = ([configuration.library] + configuration.alsoPreloaded).joined(separator: ":")
        // Every symbol bound before the first fork, not again in each child.
        environment["LD_BIND_NOW"] = "1"
        environment[roleVariable] = "1"
        let envp = environment.map { "\($0.key)=\($0.value)" }
        // Were the library not to take, the bundle would only list its tests and exit, and the server never be ready.
        let argv = [configuration.bundle, "--list-tests"]
        let serverEnd = pair[1]
        let started = await ProcessReaper.shared.start(token: token) {
            SandboxSpawn.spawn(
                path: configuration.bundle, argv: argv, envp: envp, workingDirectory: configuration.workingDirectory,
                descriptors: SandboxSpawn.Descriptors(outputPath: configuration.logPath, fourth: serverEnd), sandbox: configuration.sandbox,
                name: token)
        }
        closeDescriptor(serverEnd)
        let pid: pid_t
        switch started {
        case .success(let spawned): pid = spawned
        case .failure(let failure):
            closeDescriptor(pair[0])
            return .failure(Failure(message: failure.message))
        }
        guard let notice = ProcessExitNotice(pid) else {
            let reason = String(cString: strerror(errno))
            await ForkServer(pid: pid, control: pair[0], exitNotice: nil, token: token, sandbox: configuration.sandbox).stop()
            return .failure(Failure(message: "cannot watch the fork server (pidfd_open): \(reason)"))
        }
        let server = ForkServer(pid: pid, control: pair[0], exitNotice: notice, token: token, sandbox: configuration.sandbox)
        let greeting = await WaiterThread.run { cancellation in server.awaitMessage(within: timeout, cancellation: cancellation) }
        switch greeting {
        case .message(let bytes) where bytes == Array("ready".utf8):
            return .success(server)
        case .message(let bytes):
            await server.stop()
            return .failure(Failure(message: String(decoding: bytes, as: UTF8.self)))
        case .ended:
            await server.stop()
            return .failure(Failure(message: "the test bundle ended without serving (is it dynamically linked? see \(configuration.logPath))"))
        case .timedOut, .interrupted:
            await server.stop()
            return .failure(Failure(message: "the fork server was not ready within \(timeout)"))
        }
        #else
        return .failure(Failure(message: "the fork server is Linux's"))
        #endif
    }

    /// Runs one test process: the bundle's `main` with `arguments`, its output where `output` says. The pipe ends in
    /// `output` belong to the process from here on. `reusable` is false when the server was killed or lost.
    package func run(arguments: [String], output: ChildOutput, sandbox: ProcessSandbox, timeout: Duration) async -> (
        termination: ProcessTermination, reusable: Bool
    ) {
        var descriptors: [Int32] = []
        var opened: Int32 = -1
        // Once sent, the server holds its own copies: the reader sees the end of the output when the test's process ends.
        func release() {
            output.pipeEnds.forEach(closeDescriptor)
            if opened >= 0 { closeDescriptor(opened) }
        }
        switch output.destination {
        case .pipe(let descriptor): descriptors.append(descriptor)
        case .file(let path):
            switch SandboxSpawn.openOutput(path, for: "a test") {
            case .success(let descriptor):
                opened = descriptor
                descriptors.append(descriptor)
            case .failure(let failure):
                release()
                return (.launchFailed(failure.message), true)
            }
        }
        if let fourth = output.fourth {
            if let failure = SandboxSpawn.handOver(fourth: fourth, in: sandbox) {
                release()
                return (.launchFailed(failure.message), true)
            }
            descriptors.append(fourth)
        }
        let sent = send(arguments: arguments, descriptors: descriptors)
        let sendError = errno
        release()
        guard sent else {
            await stop()
            return (.launchFailed("cannot reach the fork server: \(String(cString: strerror(sendError)))"), false)
        }
        let server = self
        let reply = await WaiterThread.run { cancellation in server.awaitMessage(within: timeout, cancellation: cancellation) }
        switch reply {
        case .message(let bytes) where bytes.count == MemoryLayout<Int32>.size:
            let status = bytes.withUnsafeBytes { $0.loadUnaligned(as: Int32.self) }
            return (ProcessTermination(waitStatus: status), true)
        case .message, .ended:
            // The server died under the test (or spoke out of turn): the test's process went with it.
            await stop()
            return (.signalled(SIGKILL), false)
        case .timedOut:
            await stop()
            return (.timedOut(after: timeout), false)
        case .interrupted:
            await stop()
            return (.interrupted, false)
        }
    }

    /// Kills the server, and with it everything in its namespace, and reaps it.
    package func stop() async {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        closeDescriptor(control)
        exitNotice?.close()
        ChildTemporaryFolders.remove(named: token, in: sandbox)
        _ = await ProcessReaper.shared.finished(pid, token: token, sweeping: false)
    }

    private func send(arguments: [String], descriptors: [Int32]) -> Bool {
        var payload = [UInt8]()
        for argument in arguments { payload += Array(argument.utf8) + [0] }
        let header = MemoryLayout<cmsghdr>.size
        let data = descriptors.count * MemoryLayout<Int32>.size
        var ancillary = [UInt8](repeating: 0, count: header + (data + 7) & ~7)
        ancillary.withUnsafeMutableBytes { raw in
            var message = cmsghdr()
            message.cmsg_len = header + data
            message.cmsg_level = SOL_SOCKET
            message.cmsg_type = Int32(SCM_RIGHTS)
            raw.storeBytes(of: message, as: cmsghdr.self)
            for (index, descriptor) in descriptors.enumerated() {
                raw.storeBytes(of: descriptor, toByteOffset: header + index * MemoryLayout<Int32>.size, as: Int32.self)
            }
        }
        return payload.withUnsafeMutableBytes { bytes in
            ancillary.withUnsafeMutableBytes { controlBytes in
                var vector = iovec(iov_base: bytes.baseAddress, iov_len: bytes.count)
                return withUnsafeMutablePointer(to: &vector) { vectorPointer in
                    var message = msghdr()
                    message.msg_iov = vectorPointer
                    message.msg_iovlen = 1
                    message.msg_control = controlBytes.baseAddress
                    message.msg_controllen = controlBytes.count
                    while true {
                        let sent = sendmsg(control, &message, Int32(MSG_NOSIGNAL))
                        if sent >= 0 { return sent == bytes.count }
                        if errno != EINTR { return false }
                    }
                }
            }
        }
    }

    private enum Heard {
        case message([UInt8])
        case ended
        case timedOut
        case interrupted
    }

    /// The waiter thread's loop: a message from the server, its end, the time limit, or a cancellation or Ctrl-C.
    /// Anything but a message leaves the server to be stopped.
    private func awaitMessage(within timeout: Duration, cancellation: CancellationFlag) -> Heard {
        let deadline = ContinuousClock.now + timeout
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            if cancellation.isRaised || ProcessInterruption.isRequested { return .interrupted }
            let now = ContinuousClock.now
            if now >= deadline { return .timedOut }
            var entries = [
                pollfd(fd: control, events: Int16(POLLIN), revents: 0), pollfd(fd: exitNotice?.descriptor ?? -1, events: Int16(POLLIN), revents: 0),
            ]
            // Awake at least every 50 ms to see a cancellation or Ctrl-C.
            let milliseconds = max(1, Int32((min(deadline - now, .milliseconds(50)) / .milliseconds(1)).rounded(.up)))
            guard poll(&entries, nfds_t(entries.count), milliseconds) > 0 else { continue }
            if entries[0].revents != 0 {
                let received = buffer.withUnsafeMutableBytes { recv(control, $0.baseAddress, $0.count, 0) }
                if received > 0 { return .message(Array(buffer[..<received])) }
                if received < 0 && errno == EINTR { continue }
                return .ended
            }
            if entries[1].revents != 0 { return .ended }
        }
    }
}

/// Servers for one test item: idle ones are reused, one started whenever none is idle, all stopped at the end.
package actor ForkServerPool {
    package let configuration: ForkServer.Configuration
    private var idle: [ForkServer] = []

    package init(_ configuration: ForkServer.Configuration) {
        self.configuration = configuration
    }

    /// Starts the first server; nil when it is ready, or why tests cannot be forked here.
    package func prepare(timeout: Duration) async -> String? {
        switch await ForkServer.start(configuration, timeout: timeout) {
        case .success(let server):
            idle.append(server)
            return nil
        case .failure(let failure): return failure.message
        }
    }

    /// Runs one test process on an idle server, or a new one.
    package func run(arguments: [String], output: ChildOutput, timeout: Duration) async -> ProcessTermination {
        let server: ForkServer
        if let waiting = idle.popLast() {
            server = waiting
        } else {
            switch await ForkServer.start(configuration, timeout: timeout) {
            case .success(let started): server = started
            case .failure(let failure):
                output.pipeEnds.forEach(closeDescriptor)
                return .launchFailed("cannot start a fork server for the test: \(failure.message)")
            }
        }
        let (termination, reusable) = await server.run(arguments: arguments, output: output, sandbox: configuration.sandbox, timeout: timeout)
        if reusable { idle.append(server) }
        return termination
    }

    /// Stops every idle server; call once every test has ended.
    package func shutdown() async {
        let servers = idle
        idle = []
        for server in servers { await server.stop() }
    }
}
