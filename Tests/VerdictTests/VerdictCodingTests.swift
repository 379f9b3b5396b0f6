import Foundation
import Testing
@testable import Verdict

@Suite("Verdict JSON")
struct VerdictCodingTests {
    private func jsonObject(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test("a statement serializes with _type, subject digest gitCommit and the cfa-gate predicate type")
    func statementShape() throws {
        let data = try VerdictCoding.encoder(.payload).encode(Fixtures.statement())
        let object = try jsonObject(data)
        #expect(object["_type"] as? String == "https://in-toto.io/Statement/v1")
        #expect(object["type"] == nil)
        #expect(object["predicateType"] as? String == "https://cfa-gate.dev/verdict/v1")
        let subjects = try #require(object["subject"] as? [[String: Any]])
        #expect(subjects.count == 1)
        #expect(subjects[0]["name"] as? String == "example/repo")
        #expect(subjects[0]["digest"] as? [String: String] == ["gitCommit": Fixtures.commit])
    }

    @Test("a statement survives an encode/decode round trip unchanged", arguments: [VerdictCoding.Layout.file, .payload])
    func roundTrip(layout: VerdictCoding.Layout) throws {
        let data = try VerdictCoding.encoder(layout).encode(Fixtures.statement())
        #expect(try VerdictCoding.decoder().decode(Statement.self, from: data) == Fixtures.statement())
    }

    @Test("keys are camelCase property names, and dates are ISO 8601 UTC strings")
    func predicateShape() throws {
        let data = try VerdictCoding.encoder(.file).encode(Fixtures.predicate())
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""startedAt" : "2023-11-14T22:13:20.125Z""#))
        #expect(text.contains(#""durationSeconds" : 12.25"#))
        #expect(text.contains(#""awaitingReview" : ["#))
        #expect(text.contains(#""packagePath" : ".""#))
        #expect(text.contains(#""keyID" : "feed""#))
        #expect(!text.contains(#"\/"#))  // slashes stay readable
    }

    @Test("output is identical for equal values: keys are sorted")
    func sortedKeys() throws {
        let data = try VerdictCoding.encoder(.payload).encode(ToolInfo(name: "n", version: "v"))
        #expect(String(decoding: data, as: UTF8.self) == #"{"name":"n","version":"v"}"#)
    }

    @Test("nil optionals are omitted and evidence defaults to empty")
    func optionals() throws {
        let data = try VerdictCoding.encoder(.payload).encode(Diagnostic(kind: .test, message: "m"))
        #expect(String(decoding: data, as: UTF8.self) == #"{"kind":"test","message":"m"}"#)
        #expect(Evidence.empty == Evidence(excerpt: [], diagnostics: [], tests: nil, logs: []))
        let item = Fixtures.item(1, .passed)
        #expect(item.evidence == .empty && item.section == nil)
    }

    @Test("timestamps without fractional seconds are accepted; nonsense is rejected")
    func dateDecoding() throws {
        struct Stamp: Codable, Equatable { var at: Date }
        let plain = try VerdictCoding.decoder().decode(Stamp.self, from: Data(#"{"at":"2023-11-14T22:13:20Z"}"#.utf8))
        #expect(plain.at == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(throws: DecodingError.self) {
            try VerdictCoding.decoder().decode(Stamp.self, from: Data(#"{"at":"yesterday"}"#.utf8))
        }
    }

    @Test("a non-finite duration still encodes, and decodes back")
    func nonFiniteDuration() throws {
        var item = Fixtures.item(1, .error)
        item.durationSeconds = .infinity
        let data = try VerdictCoding.encoder(.payload).encode(item)
        #expect(String(decoding: data, as: UTF8.self).contains(#""durationSeconds":"Infinity""#))
        #expect(try VerdictCoding.decoder().decode(ItemResult.self, from: data) == item)
    }

    @Test("every status and result uses its lowercase name")
    func enumNames() throws {
        let encoded = try VerdictCoding.encoder(.payload).encode(ItemStatus.allCases)
        #expect(String(decoding: encoded, as: UTF8.self) == #"["passed","failed","error","skipped","manual"]"#)
        let result = try VerdictCoding.encoder(.payload).encode([GateResult.passed, .failed, .error])
        #expect(String(decoding: result, as: UTF8.self) == #"["passed","failed","error"]"#)
    }

    @Test("a model build's evidence names every compiled and left-out file, and decodes back")
    func modelBuildEvidence() throws {
        let record = ModelBuildRecord(
            compiled: ["App/Features/HabitsFeature.swift"],
            excluded: [.init(path: "App/Views/HabitListView.swift", reason: "imports SwiftUI")])
        let evidence = Evidence(
            testCases: [TestCaseResult(id: "App.ThemeTests/testTint", status: .unavailable, attempts: [], excerpt: ["imports SwiftUI"])],
            modelBuild: record)
        let data = try VerdictCoding.encoder(.payload).encode(evidence)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""modelBuild":{"compiled":["App/Features/HabitsFeature.swift"],"excluded":[{"path":"#))
        #expect(text.contains(#"{"path":"App/Views/HabitListView.swift","reason":"imports SwiftUI"}]}"#))
        #expect(text.contains(#""status":"unavailable""#))
        #expect(try VerdictCoding.decoder().decode(Evidence.self, from: data) == evidence)
        #expect(!TestCaseStatus.unavailable.failsItem && !TestCaseStatus.unavailable.ran)
    }

    @Test("a model build's root causes are recorded, and a verdict written before them decodes without")
    func modelBuildRootCauses() throws {
        let record = ModelBuildRecord(
            compiled: [], excluded: [], rootCauses: ["`App/Store.swift` imports StoreKit: 2 files left out with it — guard it"])
        let data = try VerdictCoding.encoder(.payload).encode(record)
        #expect(String(decoding: data, as: UTF8.self).contains(#""rootCauses":["`App\/Store.swift` imports StoreKit"#) || String(decoding: data, as: UTF8.self).contains(#""rootCauses":["`App/Store.swift` imports StoreKit"#))
        #expect(try VerdictCoding.decoder().decode(ModelBuildRecord.self, from: data) == record)
        let old = try VerdictCoding.decoder().decode(ModelBuildRecord.self, from: Data(#"{"compiled":["A.swift"],"excluded":[]}"#.utf8))
        #expect(old == ModelBuildRecord(compiled: ["A.swift"], excluded: []))
        #expect(old.rootCauses == nil)
    }

    @Test("a model build's Xcode settings are recorded per target, and a verdict written before them decodes without")
    func modelBuildXcodeSettings() throws {
        let settings = XcodeSettingsRecord(
            project: "Habits.xcodeproj",
            app: .init(
                name: "Habits", configuration: "Debug", applied: ["Swift 6", "default isolation MainActor"],
                ignored: [.init(setting: "OTHER_SWIFT_FLAGS", reason: "arbitrary compiler flags are not passed")]),
            tests: nil, notes: ["`Base.xcconfig` (an .xcconfig of Habits) was not read"])
        let record = ModelBuildRecord(compiled: ["A.swift"], excluded: [], xcodeSettings: settings)
        let data = try VerdictCoding.encoder(.payload).encode(record)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""xcodeSettings":{"app":{"applied":["Swift 6","default isolation MainActor"],"configuration":"Debug""#), "\(text)")
        #expect(try VerdictCoding.decoder().decode(ModelBuildRecord.self, from: data) == record)
        let old = try VerdictCoding.decoder().decode(ModelBuildRecord.self, from: Data(#"{"compiled":["A.swift"],"excluded":[]}"#.utf8))
        #expect(old.xcodeSettings == nil)
    }
}
