#!/usr/bin/env bash
# Writes a synthetic CFA app for benchmarks: SLICES feature slices of ten files each (Feature, ViewModel,
# screen, component, repository protocol and actor, two domain types, Feature and ViewModel tests), about
# 150 lines per file, mixing declarations with expression-heavy code (closures, chains, `$0`).
#
# Usage: Scripts/generate-synthetic-app.sh DIR [SLICES]   (default 200 slices = 2,000 files, ~300k lines)
set -euo pipefail
out=${1:?usage: generate-synthetic-app.sh DIR [SLICES]}
slices=${2:-200}
app="$out/Sources/App"
tests="$out/Tests/AppTests"
mkdir -p "$app/2 - AppModel/Features" "$app/3 - User Data Storage" "$app/Domain" "$tests/Feature Tests" "$tests/View Model Tests"

methods() { # NAME COUNT: expression-heavy methods for a Feature or ViewModel body
    local name=$1 count=$2 m
    for ((m = 0; m < count; m++)); do
        cat <<SWIFT
    func transform${name}Batch$m(_ items: [${name}Record], limit: Int = $m) -> [String] {
        let selected = items.filter { \$0.score > limit }.sorted { \$0.score > \$1.score }
        let names = selected.prefix(limit + 3).map { "\(\$0.title)-\(\$0.score)" }
        let grouped = Dictionary(grouping: names) { \$0.count % 3 }
        guard !grouped.isEmpty else { return [] }
        return grouped.values.flatMap { \$0 }.reduce(into: []) { partial, next in
            if partial.count < limit * 2 { partial.append(next.uppercased()) }
        }
    }

SWIFT
    done
}

properties=""
parameters=""
arguments=""
for ((i = 1; i <= slices; i++)); do
    n="Area$i"
    f="${n}Feature"
    feature_property="area${i}Feature"
    properties+="    let $feature_property: $f"$'\n'
    parameters+="$feature_property: $f, "
    arguments+="            $feature_property: $f(repository: JSONFile${n}Repository()),"$'\n'
    views="$app/1 - View/Views/$n"
    mkdir -p "$views"

    cat >"$app/Domain/${n}Record.swift" <<SWIFT
import Foundation

struct ${n}Record: Identifiable, Codable, Equatable, Sendable {
    let id: UUID
    var title: String
    var score: Int
    var tags: [String]
    var createdAt: Date
}
$(for ((k = 0; k < 20; k++)); do printf '\nextension %sRecord {\n    var summary%d: String { "\\(title) \\(score + %d) \\(tags.joined(separator: ","))" }\n    func scaled%d(by factor: Int) -> Int { score * factor + %d }\n    static func make%d(title: String) -> %sRecord { %sRecord(id: UUID(), title: title, score: %d, tags: [], createdAt: Date()) }\n}\n' "$n" $k $k $k $k $k "$n" "$n" $k; done)
SWIFT

    cat >"$app/Domain/${n}Error.swift" <<SWIFT
enum ${n}Error: Error, Equatable {
$(for ((k = 0; k < 60; k++)); do printf '    case failure%d(String)\n' $k; done)
}

extension ${n}Error {
    var message: String {
        switch self {
$(for ((k = 0; k < 60; k++)); do printf '        case .failure%d(let text): "step %d failed: \\(text)"\n' $k $k; done)
        }
    }
}
SWIFT

    cat >"$app/3 - User Data Storage/${n}Repository.swift" <<SWIFT
protocol ${n}Repository: Sendable {
$(for ((k = 0; k < 40; k++)); do printf '    func fetch%sRecords%d(matching query: String, limit: Int) async throws -> [%sRecord]\n' "$n" $k "$n"; done)
}
SWIFT

    cat >"$app/3 - User Data Storage/JSONFile${n}Repository.swift" <<SWIFT
import Foundation

actor JSONFile${n}Repository: ${n}Repository {
    private var cache: [${n}Record] = []
$(for ((k = 0; k < 40; k++)); do printf '\n    func fetch%sRecords%d(matching query: String, limit: Int) async throws -> [%sRecord] {\n        cache.filter { $0.title.contains(query) }.prefix(limit).map { $0 }\n    }\n' "$n" $k "$n"; done)
}
SWIFT

    cat >"$app/2 - AppModel/Features/$f.swift" <<SWIFT
import Foundation
import Observation

@MainActor @Observable
final class $f {
    private(set) var records: [${n}Record] = []
    private(set) var isLoading = false
    private(set) var lastError: ${n}Error?
    private let repository: any ${n}Repository
    private var loadTask: Task<Void, Never>?

    init(repository: any ${n}Repository) {
        self.repository = repository
    }

    @discardableResult
    func startLoading() -> Task<Void, Never> {
        if let loadTask { return loadTask }
        let task = Task { await load() }
        loadTask = task
        return task
    }

    private func load() async {
        isLoading = true
        defer { isLoading = false }
        records = (try? await repository.fetch${n}Records0(matching: "", limit: 100)) ?? []
    }

$(methods "$n" 22)
}
SWIFT

    cat >"$views/${n}ViewModel.swift" <<SWIFT
import Observation

@MainActor @Observable
final class ${n}ViewModel {
    var draftTitle = ""
    var selectedID: ${n}Record.ID?
    private(set) var saveTask: Task<Void, Never>?
    private let ${feature_property}: $f

    init(${feature_property}: $f = AppModel.shared.${feature_property}) {
        self.${feature_property} = ${feature_property}
    }

    var records: [${n}Record] { ${feature_property}.records }

$(methods "$n" 22)
}
SWIFT

    cat >"$views/${n}View.swift" <<SWIFT
#if canImport(SwiftUI)
import SwiftUI

struct ${n}View: View {
    @State private var viewModel = ${n}ViewModel()

    var body: some View {
        List {
$(for ((k = 0; k < 30; k++)); do printf '            Section("Group %d") {\n                ForEach(viewModel.records.filter { $0.score %% %d == 0 }) { record in\n                    %sRow(title: record.title, score: record.score + %d)\n                }\n            }\n' $k $((k + 2)) "$n" $k; done)
        }
        .navigationTitle("$n")
    }
}
#endif
SWIFT

    cat >"$views/${n}Row.swift" <<SWIFT
#if canImport(SwiftUI)
import SwiftUI

struct ${n}Row: View {
    let title: String
    let score: Int

    var body: some View {
        HStack {
$(for ((k = 0; k < 40; k++)); do printf '            Text("\\(title) %d").font(.caption).foregroundStyle(score > %d ? .primary : .secondary)\n' $k $k; done)
        }
    }
}
#endif
SWIFT

    cat >"$tests/Feature Tests/${f}Tests.swift" <<SWIFT
import Testing
@testable import App

@MainActor
struct ${f}Tests {
$(for ((k = 0; k < 20; k++)); do printf '    @Test func transformsBatch%d() {\n        let feature = %s(repository: JSONFile%sRepository())\n        let records = (0..<%d).map { %sRecord.make0(title: "t\\($0)") }\n        #expect(feature.transform%sBatch%d(records).count >= 0)\n    }\n\n' $k "$f" "$n" $((k + 3)) "$n" "$n" $((k % 13)); done)
}
SWIFT

    cat >"$tests/View Model Tests/${n}ViewModelTests.swift" <<SWIFT
import Testing
@testable import App

@MainActor
struct ${n}ViewModelTests {
$(for ((k = 0; k < 20; k++)); do printf '    @Test func viewModelTransforms%d() {\n        let viewModel = %sViewModel(%s: %s(repository: JSONFile%sRepository()))\n        let records = (0..<%d).map { %sRecord.make0(title: "t\\($0)") }\n        #expect(viewModel.transform%sBatch%d(records).isEmpty == false || true)\n    }\n\n' $k "$n" "$feature_property" "$f" "$n" $((k + 3)) "$n" "$n" $((k % 13)); done)
}
SWIFT
done

cat >"$app/2 - AppModel/AppModel.swift" <<SWIFT
import Observation

@MainActor @Observable
final class AppModel {
    static let shared = live()

$properties
    private var hasLaunched = false

    init(${parameters%, }) {
$(for ((i = 1; i <= slices; i++)); do printf '        self.area%dFeature = area%dFeature\n' $i $i; done)
    }

    static func live() -> AppModel {
        AppModel(
${arguments%,$'\n'}
        )
    }

    func applicationDidFinishLaunching() {
        guard !hasLaunched else { return }
        hasLaunched = true
$(for ((i = 1; i <= slices; i++)); do printf '        area%dFeature.startLoading()\n' $i; done)
    }
}
SWIFT

cat >"$app/1 - View/RootTabView.swift" <<SWIFT
#if canImport(SwiftUI)
import SwiftUI

struct RootTabView: View {
    var body: some View {
        TabView {
            Area1View()
        }
    }
}
#endif
SWIFT

files=$(find "$out" -name '*.swift' | wc -l)
lines=$(find "$out" -name '*.swift' -print0 | xargs -0 cat | wc -l)
echo "generated $files Swift files, $lines lines in $out"
