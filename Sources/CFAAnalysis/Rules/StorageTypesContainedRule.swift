/// Item 12: what the repository layer decodes or stores (`GitHubRepoResponse`, `ProgressRecord`) stays below the Feature,
/// which maps it to domain values. A View or ViewModel naming such a type is tied to the wire or file format, and a
/// change of the API reaches the screens.
struct StorageTypesContainedRule: Rule {
    static let id = "CFA-REPO-DTO-CONTAINED"
    let descriptor = RuleDescriptor(
        id: id, item: 12,
        summary: "Views and ViewModels never name the repository layer's transfer types; Features map them to domain values",
        help: """
            Reported: a View or ViewModel naming a struct or enum declared in a storage folder (`User Data Storage`, \
            `Networking & Data Storage`, `Storage`) that is a transfer type — named `…DTO`, `…Response`, `…Request`, \
            `…Payload`, `…Record` or `…Entity`, or `Codable`/`Decodable`/`Encodable` — once per line and name. Repositories \
            themselves are CFA-VIEW-NO-MODEL-ACCESS's, `@Model` records CFA-REPO-MODELACTOR's. Fix: let the Feature map it \
            to a domain value (as the CFA App template's `Repo(response:)` does) and hand the View that.
            """,
        reference: Self.reference, examples: Self.examples)

    init() {}

    private static let transferSuffixes = ["DTO", "Dto", "Response", "Request", "Payload", "Record", "Entity"]
    private static let codingProtocols: Set<String> = ["Codable", "Decodable", "Encodable"]

    func check(_ index: CodebaseIndex) -> [Finding] {
        let storage = index.configuration.folders.storage
        var declaredIn: [String: String] = [:]
        for entry in index.allEntries where !index.isTestFile(entry.file) && !entry.declaration.isPreviewOnly {
            let declaration = entry.declaration
            guard declaration.kind == .struct || declaration.kind == .enum, FolderName.path(entry.file, containsAnyOf: storage),
                !declaration.hasAttribute("Model"),
                Self.transferSuffixes.contains(where: entry.name.hasSuffix)
                    || entry.inheritedTypes.contains(where: { Self.codingProtocols.contains(TypeText.singleName($0) ?? $0) })
            else { continue }
            declaredIn[entry.name] = entry.file
        }
        guard !declaredIn.isEmpty else { return [] }
        var findings: [Finding] = []
        for entry in index.allEntries where index.isView(entry) || entry.role == .viewModel {
            let kind = entry.role == .viewModel ? "ViewModel" : "View"
            let uses = ForbiddenNames.uses(in: entry) { referenced in
                TypeText.names(in: referenced).filter { declaredIn[$0] != nil }
            }
            for use in uses {
                findings.append(descriptor.finding(
                    use.file, use.location,
                    "\(kind) \(entry.name) names \(use.what), a transfer type of the repository layer (\(declaredIn[use.what] ?? "")); "
                        + "let the Feature map it to a domain value and read that instead"))
            }
        }
        return findings
    }
}

extension StorageTypesContainedRule {
    static let reference = """
        What the repository layer decodes or stores stays below the Feature, which maps it to the domain values Views \
        and ViewModels use; otherwise a change of the API or the file format reaches the screens. **Reported:** a \
        View (root view, screen or component) or ViewModel naming — in a property, parameter, result or code — a \
        struct or enum declared in a storage folder (`folders.storage`: `User Data Storage`, `Networking & Data \
        Storage`, `Storage`) that is a transfer type: named `…DTO`, `…Dto`, `…Response`, `…Request`, `…Payload`, \
        `…Record` or `…Entity`, or conforming to `Codable`, `Decodable` or `Encodable`; once per line and name. \
        **Not reported:** domain values a Feature owns, wherever they are declared outside the storage folders (the CFA \
        App template's `Repo` in `Features/Git Repos/`, `Codable` for its file cache); a Feature or repository naming \
        the transfer type (mapping it is their job); repositories themselves (CFA-VIEW-NO-MODEL-ACCESS); `@Model` \
        records (CFA-REPO-MODELACTOR); tests, `#Preview` and `#if DEBUG` code. **Fix:** map the transfer type to a \
        domain value in the Feature (`Repo(response:)`) and hand the View or ViewModel that.
        """

    /// A network response, declared in a storage folder: the transfer type both examples share.
    private static let orderResponse = RuleExample.File(
        "App/3 - User Data Storage/OrderResponse.swift",
        """
        import Foundation

        struct OrderResponse: Decodable, Sendable {
            let id: UUID
            let title: String
        }
        """)

    static let examples: [RuleExample] = [
        // The template's shape with the mapping skipped: a ViewModel reads the network response itself.
        RuleExample(
            orderResponse,
            .compliant(
                CompliantApp.viewModelPath,
                replacing: ["    var orders: [Order] { ordersFeature.orders }": """
                        var orders: [Order] { ordersFeature.orders }

                        func title(of response: ↓OrderResponse) -> String { response.title }
                    """])),
        // The Feature maps the response to its domain value; the ViewModel reads only `Order`.
        RuleExample(
            orderResponse,
            RuleExample.File(
                "App/Domain/Order.swift",
                """
                import Foundation

                struct Order: Identifiable, Codable, Equatable, Sendable {
                    let id: UUID
                    var name: String

                    init(id: UUID, name: String) {
                        self.id = id
                        self.name = name
                    }

                    init(response: OrderResponse) {
                        self.init(id: response.id, name: response.title)
                    }
                }
                """)),
    ]
}
