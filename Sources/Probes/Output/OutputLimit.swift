#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Checklist

/// The checklist's `output-limit`: the most a probe's process, or one test process, may write before it is killed and
/// its item (or its running tests) fail. Without it a test that prints for ever fills the disk and, worse, the time
/// the gate spends on the output grows with it.
enum OutputLimit {
    static let interval = Duration.milliseconds(50)

    /// "wrote more than 1 GiB of output (output-limit) running `swift build`; it and every process it started were killed".
    static func message(_ limit: Int64, running what: String) -> String {
        "wrote more than \(ByteSize.format(limit)) of output (checklist option output-limit) running \(what); it and every process it started were killed"
    }

    /// Runs `body` (a child process writing to `path`) and cancels it, which stops its process tree, once the file at
    /// `path` grows past `limit` bytes; the log is then cut at the limit, so what is kept and hashed is bounded too.
    /// Returns `body`'s result and whether the limit stopped it.
    static func watching<Outcome: Sendable>(
        _ path: String, limit: Int64, _ body: @escaping @Sendable () async -> Outcome
    ) async -> (Outcome, Bool) {
        let result = await withTaskGroup(of: (Outcome?, Bool).self) { group in
            group.addTask { (await body(), false) }
            group.addTask {
                while !Task.isCancelled {
                    if LogFile.size(path) > limit { return (nil, true) }
                    try? await Task.sleep(for: interval)
                }
                return (nil, false)
            }
            var outcome: Outcome?
            var exceeded = false
            while let (ended, over) = await group.next() {
                if let ended {
                    outcome = ended
                    group.cancelAll()
                } else if over {
                    exceeded = true
                    group.cancelAll()
                }
            }
            return (outcome, exceeded)
        }
        if result.1 { _ = truncate(path, off_t(limit)) }
        // The body's task always ends with a result: cancelling it only asks it to stop its process.
        guard let outcome = result.0 else { preconditionFailure("a child process's task ended without its result") }
        return (outcome, result.1)
    }
}
