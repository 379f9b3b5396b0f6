import Foundation

/// Runs parsing on a thread of its own with a large, fixed stack.
///
/// SwiftParser recurses once per `else if`, and any walk over a syntax tree once per level; a cooperative-pool
/// thread has the process's default stack (8 MiB, or less), which a hostile file exhausts long before the
/// `SourceLimits` the pre-scan enforces. The stack is reserved address space: pages are only touched as deep as a
/// file really nests, so ordinary files cost nothing extra.
enum ParserThread {
    /// Enough for a tree as deep as `SourceLimits` lets through, in a debug build, with room to spare.
    static let stackSize = 1 << 30

    /// `work`'s result, computed on a new thread with `stackSize` bytes of stack. The caller's task is suspended,
    /// not blocked, while it runs.
    static func run<Result: Sendable>(_ work: @escaping @Sendable () -> Result) async -> Result {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: work()) }
            thread.stackSize = stackSize
            thread.name = "cfa-gate parser"
            thread.start()
        }
    }
}
