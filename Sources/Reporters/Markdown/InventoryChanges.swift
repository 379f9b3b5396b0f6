import Verdict

/// The inventory diff of item 23 (probe `inventory`) as the Markdown and HTML reports show it:
/// which screens, ViewModels, Features, repositories and test files a change added, removed, renamed or rewired.
struct InventoryChangesView: Sendable, Equatable {
    struct Change: Sendable, Equatable {
        enum Kind: Sendable, Equatable {
            case added
            case removed
            case renamed(from: String)
            case rewired(String)
        }

        var kind: Kind
        /// What sort of part changed, in the catalogue's words: "screen", "ViewModel", "Feature", …
        var part: String
        var name: String
        var file: String?
        var line: Int?
    }

    var changes: [Change]

    /// The inventory diff recorded in an item's evidence, if the item has one.
    static func from(_ evidence: Evidence) -> InventoryChangesView? {
        guard let inventory = evidence.inventory else { return nil }
        return InventoryChangesView(changes: inventory.changes.map { change in
            let kind: Change.Kind
            switch change.kind {
            case .added: kind = .added
            case .removed: kind = .removed
            case .renamed: kind = .renamed(from: change.previousName ?? "?")
            case .rewired: kind = .rewired(change.detail ?? "wiring changed")
            }
            return Change(kind: kind, part: change.part, name: change.name, file: change.file, line: change.line)
        })
    }

    /// "added", "removed", "renamed from OldName": the verb a reviewer reads first.
    static func verb(_ kind: Change.Kind) -> String {
        switch kind {
        case .added: "added"
        case .removed: "removed"
        case .renamed(let from): "renamed from \(from)"
        case .rewired(let detail): detail
        }
    }
}

/// Finds the inventory diff of an item; the reports take it as a parameter so tests can exercise the
/// section before the model carries real data.
typealias InventoryLookup = @Sendable (Evidence) -> InventoryChangesView?
