#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Ctrl-C (SIGINT) and SIGTERM, turned into a flag that running probes poll.
///
/// A signal handler may only touch lock-free state, so the flag is an atomic; children run in their own
/// process groups and do not see the terminal's SIGINT, which is why the waiting code must stop them.
public enum ProcessInterruption {
    private static let requested = Atomic<Bool>(false)

    public static var isRequested: Bool { requested.load(ordering: .relaxed) }

    /// Installs the handlers once; calling it again is harmless.
    public static func install() {
        let handler: @convention(c) (Int32) -> Void = { _ in
            ProcessInterruption.requested.store(true, ordering: .relaxed)
        }
        signal(SIGINT, handler)
        signal(SIGTERM, handler)
    }
}
