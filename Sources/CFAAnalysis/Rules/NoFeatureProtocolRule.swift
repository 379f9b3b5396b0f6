/// Item 16: Features are concrete. A protocol that stands in for a Feature lets a second implementation
/// drift from the one owner of the product area; tests substitute the repository instead.
struct NoFeatureProtocolRule: Rule {
    static let id = "CFA-NO-FEATURE-PROTOCOL"
    let descriptor = RuleDescriptor(
        id: id, item: 16,
        summary: "Features are concrete classes: no Feature protocols, no `any XFeature` dependencies",
        help: """
            Reported at the protocol, once: an app protocol named `*Feature`, `*FeatureAPI` or `*FeatureProtocol` (or matching \
            a configured Feature pattern, optionally followed by `API`/`Protocol`), and an app protocol that only Features \
            conform to; each property or initialiser parameter typed with it (`any HabitsFeatureAPI`, `some HabitsFeature`) is \
            listed as a related location. Protocols in test files and preview-only (`#if DEBUG`) code, and protocols over a \
            device framework (AVFoundation, Speech, CoreLocation…), are not reported. Fix: delete the protocol, depend on the \
            concrete `@MainActor @Observable final class XFeature`, and \
            let tests build the Feature with an in-memory repository.
            """,
        reference: Self.reference, examples: Self.examples)

    init() {}

    /// One finding per protocol, at its declaration, where the fix goes (delete it); every property and
    /// initializer parameter typed with it is a related location, changed with the same fix.
    func check(_ index: CodebaseIndex) -> [Finding] {
        let protocols = Self.featureProtocols(index)
        guard !protocols.isEmpty else { return [] }
        var uses: [String: [RelatedLocation]] = [:]
        for entry in index.allEntries where entry.role != .test && !protocols.keys.contains(entry.name) {
            for part in entry.parts where !part.facts.isPreviewOnly && !index.isTestFile(part.file) {
                for property in part.facts.properties where property.isStored {
                    if let (protocolName, _) = Self.featureProtocol(in: property.typeText, protocols) {
                        uses[protocolName, default: []].append(RelatedLocation(
                            part.file, property.location, "\(entry.name).\(property.name) depends on \(protocolName)"))
                    }
                }
                for initializer in part.facts.initializers {
                    for parameter in initializer.parameters {
                        if let (protocolName, _) = Self.featureProtocol(in: parameter.typeText, protocols) {
                            uses[protocolName, default: []].append(RelatedLocation(
                                part.file, parameter.location, "\(entry.name).init parameter `\(parameter.name)` takes \(protocolName)"))
                        }
                    }
                }
            }
        }
        var findings: [Finding] = []
        for (name, concrete) in protocols.sorted(by: { $0.key < $1.key }) {
            guard let entry = index.entries[name]?.first(where: { $0.declaration.kind == .protocol && !index.isTestFile($0.file) }) else { continue }
            let fix = concrete == name
                ? "make `\(name)` itself a `@MainActor @Observable final class`"
                : "delete it and depend on `\(concrete)` directly"
            findings.append(descriptor.finding(
                entry.file, entry.location,
                "\(name) is a protocol standing in for a Feature; Features are concrete — \(fix) (tests substitute its repository)",
                related: uses[name] ?? []))
        }
        return findings
    }

    /// Whether `name` is one of the app's Feature protocols (used by the AppModel shape rule to leave them to this rule).
    static func isFeatureProtocolName(_ name: String, _ index: CodebaseIndex) -> Bool {
        featureProtocols(index)[name] != nil
    }

    /// Every protocol standing in for a Feature, found once.
    static func featureProtocolNames(_ index: CodebaseIndex) -> Set<String> {
        Set(featureProtocols(index).keys)
    }

    private static func featureProtocol(in typeText: String?, _ protocols: [String: String]) -> (String, String)? {
        guard let typeText else { return nil }
        return TypeText.names(in: typeText).lazy.compactMap { name in protocols[name].map { (name, $0) } }.first
    }

    /// App protocols that stand in for a Feature, each with the concrete Feature to use instead.
    private static func featureProtocols(_ index: CodebaseIndex) -> [String: String] {
        let appProtocols = index.allEntries.filter { $0.declaration.kind == .protocol && !index.isTestFile($0.file) && !$0.declaration.isPreviewOnly }
        var conformers: [String: [String]] = [:]
        var nonFeatureConformers: Set<String> = []
        for entry in index.allEntries where entry.role != .test {
            for part in entry.parts where !part.facts.isPreviewOnly && !index.isTestFile(part.file) {
                for inherited in part.facts.inheritedTypes {
                    guard let name = TypeText.singleName(inherited) else { continue }
                    if entry.declaration.kind != .protocol && FeatureByConvention.isFeature(entry, in: index) {
                        conformers[name, default: []].append(entry.name)
                    } else {
                        nonFeatureConformers.insert(name)
                    }
                }
            }
        }
        var result: [String: String] = [:]
        for entry in appProtocols {
            let name = entry.name
            if !isNamedFeature(name), isDeviceBoundary(entry, conformers: conformers[name] ?? [], index) { continue }
            if isNamedLikeAFeature(name, entry.file, index.configuration) {
                result[name] = conformers[name]?.first ?? strippedName(name)
            } else if let features = conformers[name], !nonFeatureConformers.contains(name), entry.role != .repositoryProtocol {
                result[name] = features[0]
            }
        }
        return result
    }

    private static let protocolSuffixes = ["API", "Protocol"]

    /// The protocol's file imports a device framework (`CodebaseIndex.deviceFrameworks`: a protocol in front of one is the
    /// "genuine external boundary" CFA allows a substitute for, even when a `*Manager` in a Features folder conforms to
    /// it), or every one of its conformers is written with one.
    private static func isDeviceBoundary(_ declaration: CodebaseIndex.Entry, conformers: [String], _ index: CodebaseIndex) -> Bool {
        func importsDeviceFramework(_ path: String) -> Bool { CodebaseIndex.importsDeviceFramework(index.file(path)) }
        if importsDeviceFramework(declaration.file) { return true }
        let entries = Set(conformers).compactMap { index.entry(named: $0) }
        return !entries.isEmpty && entries.allSatisfy { $0.parts.contains { importsDeviceFramework($0.file) } }
    }

    /// `OrdersFeature`, `OrdersFeatureAPI`, `OrdersFeatureProtocol`: a name that says Feature is one, whatever it wraps.
    private static func isNamedFeature(_ name: String) -> Bool {
        ([name] + protocolSuffixes.filter { name.hasSuffix($0) }.map { String(name.dropLast($0.count)) }).contains { $0.hasSuffix("Feature") }
    }

    private static func isNamedLikeAFeature(_ name: String, _ file: String, _ configuration: AnalysisConfiguration) -> Bool {
        ([name] + protocolSuffixes.filter { name.hasSuffix($0) }.map { String(name.dropLast($0.count)) }).contains { candidate in
            candidate.hasSuffix("Feature") || FeatureByConvention.matchesPattern(candidate, declaredIn: file, configuration)
        }
    }

    /// `HabitsFeatureAPI` → `HabitsFeature`.
    private static func strippedName(_ name: String) -> String {
        protocolSuffixes.first { name.hasSuffix($0) }.map { String(name.dropLast($0.count)) } ?? name
    }
}

extension NoFeatureProtocolRule {
    static let reference = """
        Features are concrete classes; a protocol standing in for one invites a second implementation of the one \
        owner of a product area. **Reported:** at the declaration, an app protocol named `*Feature`, `*FeatureAPI` or \
        `*FeatureProtocol` (a protocol named exactly `Feature` included), or one whose name without an \
        `API`/`Protocol` suffix matches a configured Feature pattern (`SyncManagerProtocol` under a Features folder); \
        and an app protocol that only Features conform to (`protocol OrdersProviding` adopted by `OrdersFeature` \
        alone), whatever its name. **One finding per protocol:** the fix goes at the declaration (delete it), so \
        each dependency whose type names the protocol (`any OrdersFeatureAPI`, `some OrdersFeature`, `[any \
        OrdersFeatureAPI]`) — a ViewModel's property and its initialiser parameter alike — is a related location of \
        that one finding ("also at …"), not a finding of its own; a new use of a baselined protocol stays baselined. \
        This rule owns Feature protocols: CFA-APPMODEL-SHAPE leaves them to it. **Not reported:** protocols that \
        non-Feature app types also conform to (a shared capability such as `Resettable`), repository protocols, \
        protocols and dependencies in test files and in preview-only (`#if DEBUG`) code, `ThemeManagerProtocol` \
        outside a Features folder, and a protocol over a device framework — its file, or every conformer's, \
        imports AVFoundation, AVFAudio, Speech, SoundAnalysis, CoreLocation, CoreMotion, CoreBluetooth, CoreNFC, \
        HealthKit, EventKit, Contacts, Photos, MediaPlayer, LocalAuthentication, UserNotifications or CallKit — even \
        when its conformer is a `*Manager` in a Features folder: that is the "genuine external boundary" for which \
        CFA allows "a protocol below the Feature" (a protocol named `*Feature` is reported all the same). Generic \
        parameters constrained to a Feature protocol are \
        not followed (the protocol itself is reported). **Fix:** delete the protocol, depend on the concrete \
        `@MainActor @Observable final class XFeature`, and let tests substitute the Feature's repository.
        """

    static let examples: [RuleExample] = [
        // A protocol in front of a Feature.
        RuleExample(
            "App/2 - AppModel/Features/OrdersFeatureProtocol.swift",
            """
            ↓@MainActor
            protocol OrdersFeatureProtocol: AnyObject {
                var orders: [Order] { get }
            }

            extension OrdersFeature: OrdersFeatureProtocol {}

            @MainActor @Observable
            final class OrderSummaryViewModel {
                private let orders: any OrdersFeatureProtocol

                init(orders: any OrdersFeatureProtocol = AppModel.shared.ordersFeature) {
                    self.orders = orders
                }
            }
            """),
        // A protocol over the device's speech recognizer, conformed to by a manager in the Features folder.
        RuleExample(
            "App/2 - AppModel/Features/Dictation/DictationManager.swift",
            """
            import Speech

            protocol SpeechTranscribing: AnyObject {
                func transcribe(_ url: URL) async throws -> String
            }

            @MainActor @Observable
            final class DictationManager: SpeechTranscribing {
                private(set) var transcript = ""

                func transcribe(_ url: URL) async throws -> String {
                    let request = SFSpeechURLRecognitionRequest(url: url)
                    return request.taskHint == .dictation ? transcript : ""
                }
            }
            """),
        // A presentation manager's protocol outside the Features folder, and a repository protocol.
        RuleExample(
            "App/1 - View/Theme/ThemeManagerProtocol.swift",
            """
            import SwiftUI

            @MainActor
            protocol ThemeManagerProtocol: AnyObject {
                var accent: Color { get }
            }
            """),
    ]
}
