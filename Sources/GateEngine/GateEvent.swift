import Checklist
import Verdict

/// What a run reports while it goes, for progress output.
public enum GateEvent: Sendable {
    case checklistLoaded(path: String, itemCount: Int)
    case itemStarted(ChecklistItem)
    case itemFinished(ItemResult)
    /// The tests one process of a `test` item is running, with how long each has run; an empty list when the
    /// process has ended. `process` tells the item's concurrent processes apart.
    case testsRunning(item: Int, process: String, tests: [RunningTest])
}

/// A test that is running now, for progress output.
public struct RunningTest: Sendable, Equatable {
    public var id: String
    public var elapsed: Duration

    init(id: String, elapsed: Duration) {
        self.id = id
        self.elapsed = elapsed
    }
}
