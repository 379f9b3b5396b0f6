import Checklist
import Verdict

/// What a run reports while it goes, for progress output.
public enum GateEvent: Sendable {
    case checklistLoaded(path: String, itemCount: Int)
    case itemStarted(ChecklistItem)
    case itemFinished(ItemResult)
}
