import Foundation
import Synchronization

/// A blocking wait (for a child to end, or for a fork server's reply) run on a thread of its own, asleep in the
/// kernel until its event: the watchdog then fires on time even while every cooperative thread is busy, and no
/// cooperative thread is ever blocked by the wait. Cancelling the awaiting task raises the flag the wait checks.
enum WaiterThread {
    static func run<Value: Sendable>(_ wait: @escaping @Sendable (CancellationFlag) -> Value) async -> Value {
        let cancellation = CancellationFlag()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Value, Never>) in
                let waiter = Thread { continuation.resume(returning: wait(cancellation)) }
                waiter.stackSize = 1 << 18
                waiter.start()
            }
        } onCancel: {
            cancellation.raise()
        }
    }
}

/// Set when the task waiting for a child is cancelled; read by the thread that waits.
final class CancellationFlag: Sendable {
    private let raised = Atomic<Bool>(false)
    var isRaised: Bool { raised.load(ordering: .relaxed) }
    func raise() { raised.store(true, ordering: .relaxed) }
}
