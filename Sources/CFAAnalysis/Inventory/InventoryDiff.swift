/// What a change did to the app's architecture, base → final: parts added, removed, renamed or rewired,
/// and the problems that fail the inventory item.
public struct InventoryDiff: Sendable, Codable, Equatable {
    public enum PartKind: String, Sendable, Codable, CaseIterable {
        case screen, viewModel = "ViewModel", feature = "Feature", repository, appModelProperty = "AppModel property", test
    }

    public struct Part: Sendable, Codable, Equatable {
        public var kind: PartKind
        public var name: String
        public var file: String
        public var line: Int
        /// A short note for the changelog: "HabitsViewModel → habitsFeature".
        public var detail: String?
    }

    public struct Rename: Sendable, Codable, Equatable {
        public var kind: PartKind
        public var from: String
        public var to: String
        public var fromFile: String
        public var toFile: String
        public var line: Int
    }

    public struct Rewiring: Sendable, Codable, Equatable {
        public var kind: PartKind
        public var name: String
        public var file: String
        public var line: Int
        public var gained: [String]
        public var lost: [String]
    }

    public struct Problem: Sendable, Codable, Equatable {
        /// The rule id the problem answers to (`CFA-TEST-VIEWMODEL-FILE`, `CFA-TEST-FEATURE-FILE`,
        /// `CFA-INVENTORY-WIRING`, `CFA-INVENTORY-DANGLING`).
        public var rule: String
        public var message: String
        public var file: String
        public var line: Int
        /// The file to add, when adding one is the fix.
        public var fileToAdd: String?
    }

    public var added: [Part] = []
    public var removed: [Part] = []
    public var renamed: [Rename] = []
    public var rewired: [Rewiring] = []
    public var problems: [Problem] = []

    init() {}

    var isEmpty: Bool { added.isEmpty && removed.isEmpty && renamed.isEmpty && rewired.isEmpty }
}
