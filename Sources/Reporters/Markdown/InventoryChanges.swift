import Verdict

/// EXTENSION POINT — the inventory diff of item 23 (probe `inventory`, see the CFA rule catalogue):
/// which screens, ViewModels, Features, repositories and test files a change added, removed or renamed.
///
/// `Evidence` does not carry an inventory diff yet, so `from(_:)` returns nil and no report shows the
/// section. When the model gains it, map it in `from(_:)` — the one place to change — and the Markdown
/// and HTML reports render an "Inventory changes" section for every item that has one.
struct InventoryChanges: Sendable, Equatable {
    struct Change: Sendable, Equatable {
        enum Kind: Sendable, Equatable {
            case added
            case removed
            case renamed(from: String)
        }

        var kind: Kind
        /// What sort of part changed, in the catalogue's words: "screen", "ViewModel", "Feature", …
        var part: String
        var name: String
        var file: String?
        var line: Int?
    }

    var changes: [Change]

    /// The inventory diff recorded in an item's evidence; always nil until `Evidence` records one.
    static func from(_ evidence: Evidence) -> InventoryChanges? {
        nil
    }

    /// "added", "removed", "renamed from OldName": the verb a reviewer reads first.
    static func verb(_ kind: Change.Kind) -> String {
        switch kind {
        case .added: "added"
        case .removed: "removed"
        case .renamed(let from): "renamed from \(from)"
        }
    }
}

/// Finds the inventory diff of an item; the reports take it as a parameter so tests can exercise the
/// section before the model carries real data.
typealias InventoryLookup = @Sendable (Evidence) -> InventoryChanges?
