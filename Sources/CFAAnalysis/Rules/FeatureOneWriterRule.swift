/// Item 5: every piece of mutable state has one owner, and a Feature's state has one writer — the Feature. Its
/// stored `var`s are `private` or `private(set)`, and no View or ViewModel assigns to or mutates them.
struct FeatureOneWriterRule: Rule {
    static let id = "CFA-FEATURE-ONE-WRITER"
    let descriptor = RuleDescriptor(
        id: id, item: 5,
        summary: "A Feature is the one writer of its state: its stored vars are private(set), and no View or ViewModel writes them",
        help: """
            Reported: a stored `var` of a Feature class that is not `private`, `fileprivate`, `private(set)` or \
            `fileprivate(set)` (at the property; the message names the Views and ViewModels that write it); and a View or \
            ViewModel assigning to a Feature's property or mutating it (`feature.x = …`, `feature.count += 1`, \
            `feature.items.append(…)`, also through `AppModel.shared.ordersFeature`) where the declaration itself is not \
            reported — a computed setter, or state inside a `let` or `private(set)` reference. Fix: declare the state \
            `private(set) var` and give the Feature a method that changes it (`ordersFeature.rename(order, to: name)`).
            """,
        reference: Self.reference, examples: Self.examples)

    init() {}

    /// Methods of the standard collections and `Bool` that change the value they are called on.
    static let mutatingMethods: Set<String> = [
        "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "removeSubrange", "popLast", "popFirst", "sort",
        "reverse", "shuffle", "toggle", "updateValue", "removeValue", "merge", "formUnion", "formIntersection", "subtract",
        "formSymmetricDifference", "replaceSubrange", "swapAt",
    ]

    private struct Write {
        var writer: String
        var file: String
        var location: SourceLocation
        var feature: String
        var property: String
        var how: String
    }

    func check(_ index: CodebaseIndex) -> [Finding] {
        let writes = Self.writes(in: index)
        var findings: [Finding] = []
        var open: Set<String> = []
        for feature in index.entries(with: .feature) where feature.declaration.kind == .class {
            for part in feature.parts where !part.facts.isPreviewOnly {
                for property in part.facts.properties where Self.isOpen(property) {
                    open.insert("\(feature.name).\(property.name)")
                    let writers = Array(Set(writes.filter { $0.feature == feature.name && $0.property == property.name }.map(\.writer))).sorted()
                    let written = writers.isEmpty ? "" : " (\(writers.joined(separator: ", ")) writes it)"
                    findings.append(descriptor.finding(
                        part.file, property.location,
                        "\(feature.name).\(property.name) is a \(property.isStatic ? "static " : "")stored `var` any type can write\(written); "
                            + "declare it `private(set) var` and change it only through a \(feature.name) method"))
                }
            }
        }
        for write in writes where !open.contains("\(write.feature).\(write.property)") {
            findings.append(descriptor.finding(
                write.file, write.location,
                "\(write.writer) \(write.how) \(write.feature).\(write.property); a Feature is the one writer of its state "
                    + "— call a \(write.feature) method that makes the change"))
        }
        return findings
    }

    /// A stored `var` whose setter other types can reach.
    static func isOpen(_ property: PropertyFact) -> Bool {
        guard property.isStored, !property.isLet else { return false }
        let closed: Set<String> = ["private", "fileprivate", "private(set)", "fileprivate(set)"]
        return !property.modifiers.contains(where: closed.contains)
    }

    /// Assignments and mutating calls in Views and ViewModels whose target starts from a Feature.
    private static func writes(in index: CodebaseIndex) -> [Write] {
        var writes: [Write] = []
        for entry in index.allEntries where entry.role == .viewModel || index.isView(entry) {
            let features = FeatureReferences(entry, in: index)
            for part in entry.parts where !part.facts.isPreviewOnly {
                for assignment in part.facts.scope.assignments {
                    guard let (feature, property) = features.resolve(assignment.target), let property else { continue }
                    let how = assignment.operatorText == "=" ? "assigns" : "changes (`\(assignment.operatorText)`)"
                    writes.append(Write(
                        writer: entry.name, file: part.file, location: assignment.location, feature: feature, property: property, how: how))
                }
                for call in part.facts.scope.calls where !call.inPreview && mutatingMethods.contains(call.shape.name) {
                    guard let base = call.shape.base, let (feature, property) = features.resolve(base), let property else { continue }
                    writes.append(Write(
                        writer: entry.name, file: part.file, location: call.location, feature: feature, property: property,
                        how: "mutates (`\(call.shape.name)`)"))
                }
            }
        }
        return writes
    }
}

extension FeatureOneWriterRule {
    static let reference = """
        CFA gives every piece of state one owner: "every piece of mutable state has one owner" (Reference 1, \
        Overview), and the Feature is "the concrete owner of business rules, domain data, operation state and \
        errors" (Reference 3, Layers), whose pages declare that state `private(set) var`. A Feature whose state \
        other types can set has more than one writer, and its rules can be bypassed. Error: the pages state it \
        as the rule. **Reported:** at the property, a stored `var` of a Feature class (instance or `static`, with \
        or without observers, `lazy`, `@ObservationIgnored`) that is not `private`, `fileprivate`, `private(set)` \
        or `fileprivate(set)` — the message names the Views and ViewModels that write it, since making it \
        `private(set)` is the fix the compiler then walks through; and, at the write, a View or ViewModel that \
        assigns to (`feature.x = …`, `feature.items[0] = …`), changes (`+=`, `-=`, any compound assignment) or \
        mutates (`append`, `insert`, `remove…`, `toggle`, `sort`, …) a Feature's property when the declaration is \
        not reported already: a settable computed property, or state inside a `let` or `private(set)` reference. \
        A Feature is reached through a stored property or initializer parameter typed as one, \
        `AppModel.shared.ordersFeature`, or a stored AppModel's Feature property. **Not reported:** `let` and \
        computed properties; `private(set)` state; calling a Feature's methods (`ordersFeature.rename(…)`); \
        assigning the Feature itself (`self.ordersFeature = ordersFeature`); Features that are actors (their \
        state cannot be set from outside); preview-only code. **Fix:** declare the state `private(set) var` and \
        give the Feature a method that makes the change (`func rename(_ order: Order, to name: String)`), called \
        from the ViewModel.
        """

    static let examples: [RuleExample] = [
        // State anyone can set, and a ViewModel setting it.
        RuleExample(
            .compliant(
                CompliantApp.featurePath,
                replacing: ["    private(set) var lastError: String?": "    var ↓lastError: String?"]),
            .compliant(
                CompliantApp.viewModelPath,
                replacing: [
                    "    var orders: [Order] { ordersFeature.orders }": """
                            var orders: [Order] { ordersFeature.orders }

                            func dismissError() {
                                ordersFeature.lastError = nil
                            }
                        """,
                ])),
        // A settable computed property on the Feature is still the Feature's state.
        RuleExample(
            .compliant(
                CompliantApp.featurePath,
                replacing: [
                    "    private let repository: any OrdersRepository": """
                            private let repository: any OrdersRepository
                            var firstOrderName: String {
                                get { orders.first?.name ?? "" }
                                set { if !orders.isEmpty { orders[0].name = newValue } }
                            }
                        """,
                ]),
            .compliant(
                CompliantApp.viewModelPath,
                replacing: [
                    "    var orders: [Order] { ordersFeature.orders }": """
                            var orders: [Order] { ordersFeature.orders }

                            func renameFirst() {
                                ↓ordersFeature.firstOrderName += "!"
                            }
                        """,
                ])),
        // The ViewModel asks the Feature to change its state; its own drafts are its own.
        RuleExample(
            .compliant(
                CompliantApp.viewModelPath,
                replacing: [
                    "    var orders: [Order] { ordersFeature.orders }": """
                            var orders: [Order] { ordersFeature.orders }

                            func clearDraft() {
                                draftName = ""
                                ordersFeature.startLoading()
                            }
                        """,
                ])),
    ]
}
