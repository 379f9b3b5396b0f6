#!/usr/bin/env bash
# What does the model build cost against a package written by hand for the same files?
#
# Commits an Xcode-shaped app with no Package.swift in a temp folder — the model-build fixture's files
# (Tests/GateTestSupport/ModelBuildApp.swift), written below, or a copy of the app folder given as argument —
# and runs `cfa-gate run` once to learn which files the model build compiles. It then writes a Package.swift of
# its own that links exactly those files (symbolic links, the Swift settings the gate read from the Xcode
# target, the same one-line FoundationNetworking re-export the gate adds), warms both routes once and alternates RUNS timed runs of
# (a) items 24 and 25 of `cfa-gate run` (the seconds the gate prints for them) and (b) `swift build
# --build-tests && swift test` of the hand-written package. Prints files compiled, tests run and the medians.
#
# Usage: Scripts/bench-modelbuild.sh [RUNS] [APP-FOLDER]   (default 3 runs, the fixture; builds the release
# binary when .build/release/cfa-gate is missing; CFA_GATE_BINARY names another build)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
app_source=${2:-}
if [ -z "${CFA_GATE_BINARY:-}" ] && [ ! -x .build/release/cfa-gate ]; then
    echo "bench: building the release binary…"
    for product in cfa-gate CFAGateForkServer CFAGateXCTestObserver; do swift build -c release --product "$product" >/dev/null; done
fi
source Scripts/bench-common.sh

app="$work/app"
mkdir -p "$app"
if [ -n "$app_source" ]; then
    [ -d "$app_source" ] || { echo "bench: $app_source is not a folder" >&2; exit 2; }
    (cd "$app_source" && tar --exclude=.git --exclude=.build -cf - .) | (cd "$app" && tar -xf -)
    [ ! -e "$app/Package.swift" ] || { echo "bench: $app_source has a Package.swift; the model build is for apps without one" >&2; exit 2; }
else
    # The fixture: Habits, as Xcode keeps it.
    mkdir -p "$app/Habits.xcodeproj" "$app/Habits/1 - View/Views" "$app/Habits/1 - View/Theme" \
        "$app/Habits/2 - AppModel/Features/Data Types" "$app/Habits/2 - AppModel/Networking & Data Storage" \
        "$app/HabitsTests/Feature Tests" "$app/HabitsTests/View Model Tests" "$app/HabitsTests/Test Support" "$app/HabitsUITests"
    cd "$app"
    cat >Habits.xcodeproj/project.pbxproj <<'EOF'
// !$*UTF8*$!
{ objects = { 1 = { isa = XCBuildConfiguration; buildSettings = { SWIFT_VERSION = 5.0; }; }; }; }
EOF
    cat >Habits/HabitsApp.swift <<'EOF'
import SwiftUI

@main
struct HabitsApp: App {
    var body: some Scene {
        WindowGroup { HabitListView(viewModel: HabitListViewModel(feature: AppModel.shared.habitsFeature)) }
    }
}
EOF
    cat >"Habits/1 - View/Views/HabitListView.swift" <<'EOF'
import SwiftUI

struct HabitListView: View {
    @State var viewModel: HabitListViewModel

    var body: some View {
        List(viewModel.names, id: \.self) { Text($0) }
    }
}
EOF
    cat >"Habits/1 - View/Theme/Palette.swift" <<'EOF'
import SwiftUI

enum ThemeColor {
    case calm, bright

    var color: Color { self == .calm ? .blue : .orange }
}
EOF
    cat >"Habits/1 - View/Views/HabitListViewModel.swift" <<'EOF'
import Foundation
import Observation

@MainActor
@Observable
final class HabitListViewModel {
    private let feature: HabitsFeature

    init(feature: HabitsFeature) {
        self.feature = feature
    }

    var names: [String] { feature.habits.map(\.name) }

    func addHabitTapped(name: String) {
        feature.add(name: name)
    }
}
EOF
    cat >"Habits/1 - View/Views/StreakBadgeViewModel.swift" <<'EOF'
import Foundation
import Observation

@MainActor
@Observable
final class StreakBadgeViewModel {
    var streak: Int

    init(streak: Int) {
        self.streak = streak
    }

    var tint: ThemeColor { streak > 6 ? .bright : .calm }
}
EOF
    cat >"Habits/2 - AppModel/AppModel.swift" <<'EOF'
import Foundation

@MainActor
final class AppModel {
    static let shared = AppModel.live()

    let habitsFeature: HabitsFeature
    let purchasesFeature: PurchasesFeature

    init(habitsFeature: HabitsFeature, purchasesFeature: PurchasesFeature) {
        self.habitsFeature = habitsFeature
        self.purchasesFeature = purchasesFeature
    }

    static func live() -> AppModel {
        AppModel(
            habitsFeature: HabitsFeature(repository: RemoteHabitRepository()),
            purchasesFeature: PurchasesFeature(repository: StoreKitPurchaseRepository()))
    }
}
EOF
    cat >"Habits/2 - AppModel/Features/HabitsFeature.swift" <<'EOF'
import Foundation
import Observation

@MainActor
@Observable
final class HabitsFeature {
    private let repository: any HabitRepository
    private(set) var habits: [Habit] = []

    init(repository: any HabitRepository) {
        self.repository = repository
    }

    func add(name: String) {
        habits.append(Habit(name: name))
    }

    func load() async throws {
        habits = try await repository.loadHabits()
    }
}
EOF
    cat >"Habits/2 - AppModel/Features/Data Types/Habit.swift" <<'EOF'
import Foundation

struct Habit: Identifiable, Equatable, Sendable {
    var id = UUID()
    var name: String
}
EOF
    cat >"Habits/2 - AppModel/Features/PurchasesFeature.swift" <<'EOF'
import Foundation
import Observation

@MainActor
@Observable
final class PurchasesFeature {
    private let repository: any PurchaseRepository
    private(set) var isPremium = false

    init(repository: any PurchaseRepository) {
        self.repository = repository
    }

    func refresh() async {
        isPremium = await repository.ownsPremium()
    }
}
EOF
    cat >"Habits/2 - AppModel/Networking & Data Storage/HabitRepository.swift" <<'EOF'
import Foundation

protocol HabitRepository: Sendable {
    func loadHabits() async throws -> [Habit]
}
EOF
    cat >"Habits/2 - AppModel/Networking & Data Storage/RemoteHabitRepository.swift" <<'EOF'
import Foundation

struct RemoteHabitRepository: HabitRepository {
    var url = URL(string: "https://example.com/habits")!

    func loadHabits() async throws -> [Habit] {
        let request = URLRequest(url: url)
        let (data, _) = try await URLSession.shared.data(for: request)
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map { Habit(name: String($0)) }
    }
}
EOF
    cat >"Habits/2 - AppModel/Networking & Data Storage/PurchaseRepository.swift" <<'EOF'
protocol PurchaseRepository: Sendable {
    func ownsPremium() async -> Bool
}
EOF
    cat >"Habits/2 - AppModel/Networking & Data Storage/StoreKitPurchaseRepository.swift" <<'EOF'
import StoreKit

struct StoreKitPurchaseRepository: PurchaseRepository {
    func ownsPremium() async -> Bool {
        for await result in Transaction.currentEntitlements {
            if case .verified = result { return true }
        }
        return false
    }
}
EOF
    cat >"HabitsTests/Feature Tests/HabitsFeatureTests.swift" <<'EOF'
import Testing
@testable import Habits

@MainActor
struct HabitsFeatureTests {
    @Test func addsAHabit() {
        let feature = HabitsFeature(repository: InMemoryHabitRepository())
        feature.add(name: "Read")
        #expect(feature.habits.map(\.name) == ["Read"])
    }

    @Test func loadsFromTheRepository() async throws {
        let feature = HabitsFeature(repository: InMemoryHabitRepository(habits: [Habit(name: "Walk")]))
        try await feature.load()
        #expect(feature.habits.map(\.name) == ["Walk"])
    }
}
EOF
    cat >"HabitsTests/View Model Tests/HabitListViewModelTests.swift" <<'EOF'
import XCTest
@testable import Habits

// A `@MainActor` XCTestCase class crashes corelibs XCTest on Linux; an isolated async method runs everywhere.
final class HabitListViewModelTests: XCTestCase {
    @MainActor
    func testAddingShowsTheHabit() async {
        let viewModel = HabitListViewModel(feature: HabitsFeature(repository: InMemoryHabitRepository()))
        viewModel.addHabitTapped(name: "Stretch")
        XCTAssertEqual(viewModel.names, ["Stretch"])
    }
}
EOF
    cat >"HabitsTests/View Model Tests/StreakBadgeViewModelTests.swift" <<'EOF'
import XCTest
@testable import Habits

final class StreakBadgeViewModelTests: XCTestCase {
    @MainActor
    func testTintFollowsStreak() async {
        XCTAssertEqual(StreakBadgeViewModel(streak: 9).tint, .bright)
    }
}
EOF
    cat >HabitsUITests/HabitsUITests.swift <<'EOF'
import XCTest

final class HabitsUITests: XCTestCase {
    @MainActor
    func testLaunchShowsTheList() {
        let app = XCUIApplication()
        app.launch()
        XCTAssertTrue(app.collectionViews.firstMatch.exists)
    }
}
EOF
    cat >"HabitsTests/Test Support/InMemoryHabitRepository.swift" <<'EOF'
import Foundation
@testable import Habits

struct InMemoryHabitRepository: HabitRepository {
    var habits: [Habit] = []

    func loadHabits() async throws -> [Habit] { habits }
}
EOF
fi
cd "$app"
commit_all "bench app"

# The gate's own numbers, from its verdict: the seconds of items 24 and 25 and the model-build record.
items() { jq -r .payload "$work/verdict.json" | base64 -d | jq -c "[.. | objects | select(has(\"number\") and has(\"durationSeconds\")) | select(.number == 24 or .number == 25)]"; }
gate_run() {
    "$gate" run --out "$work/verdict.json" >"$work/gate.log" 2>&1 || true
    items | jq -r 'if length == 2 then (map(.durationSeconds) | add) else "NaN" end'
}
echo "bench: first gate run (cold model build)…"
cold_gate=$(gate_run)
payload=$(jq -r .payload "$work/verdict.json" | base64 -d)
record=$(jq -c '[.. | objects | select(has("modelBuild")) | .modelBuild][0]' <<<"$payload")
[ "$record" != "null" ] || { echo "bench: the verdict has no model-build record (see $work/gate.log)" >&2; cat "$work/gate.log" >&2; exit 1; }
compiled=$(jq -r '.compiled | length' <<<"$record")
excluded=$(jq -r '.excluded | length' <<<"$record")
# Tests the gate ran (passed and failed) and those of left-out test files it lists as unavailable.
gate_tests=$(items | jq -r 'map(select(.number == 25))[0].evidence | "\(((.tests.passed // 0) + (.tests.failed // 0))) (+\(.testRun.counts.unavailable // 0) unavailable)"')
grep -E '^\[2[45]\] (pass|FAIL|ERROR|skip)' "$work/gate.log"

# The same files as a package written by hand. Test files are those the model build put in its test target:
# under a …Tests folder.
# The module as most compiled test files import it (a support file may import none, a file under `#if canImport`
# another one).
module=$(jq -r '.compiled[] | select(test("^[^/]*Tests/"))' <<<"$record" | while IFS= read -r file; do
    grep -ho '@testable import [A-Za-z_0-9]*' "$file" | sort -u || true
done | awk '{ print $3 }' | sort | uniq -c | sort -rn | awk 'NR == 1 { print $2 }')
module=${module:-App}
# The Swift settings the gate read from the app's Xcode target (its record says what it applied), for both targets.
language=5
tools=6.0
swift_settings=""
while IFS= read -r applied; do
    case "$applied" in
        "Swift 6") language=6 ;;
        "default isolation MainActor") tools=6.2; swift_settings="$swift_settings .defaultIsolation(MainActor.self)," ;;
        "strict concurrency "*) swift_settings="$swift_settings .enableUpcomingFeature(\"StrictConcurrency=${applied#strict concurrency }\")," ;;
        "upcoming "*) for feature in ${applied#upcoming }; do swift_settings="$swift_settings .enableUpcomingFeature(\"$feature\"),"; done ;;
        "defines "*) for name in ${applied#defines }; do swift_settings="$swift_settings .define(\"$name\"),"; done ;;
    esac
done < <(jq -r '.xcodeSettings.app.applied // [] | .[]' <<<"$record")
hand="$work/hand"
mkdir -p "$hand/Sources/$module"
while IFS= read -r path; do
    case "$path" in
        *Tests/*) target="$hand/Tests/${module}Tests"; mkdir -p "$target" ;;
        *) target="$hand/Sources/$module" ;;
    esac
    # The repository path under the target folder, as the gate lays its links out.
    mkdir -p "$(dirname "$target/$path")"
    ln -s "$app/$path" "$target/$path"
done < <(jq -r '.compiled[]' <<<"$record")
cat >"$hand/Sources/$module/FoundationNetworkingReexport.swift" <<'EOF'
#if canImport(FoundationNetworking)
@_exported import FoundationNetworking
#endif
EOF
test_target=""
[ ! -d "$hand/Tests" ] || test_target=".testTarget(name: \"${module}Tests\", dependencies: [\"$module\"], swiftSettings: [$swift_settings]),"
cat >"$hand/Package.swift" <<EOF
// swift-tools-version:$tools
import PackageDescription

let package = Package(
    name: "${module}Hand",
    targets: [
        .target(name: "$module", swiftSettings: [$swift_settings]),
        $test_target
    ],
    swiftLanguageModes: [.v$language]
)
EOF

hand_run() { (cd "$hand" && swift build --build-tests && swift test); }
echo "bench: first hand-written package build (cold)…"
cold_hand=$(timed hand_run)
tests_run=$( { (cd "$hand" && swift test 2>&1) || true; } | awk '
    /Executed [0-9]+ tests?/ { for (i = 1; i <= NF; i++) if ($i == "Executed") xctest = $(i + 1) }
    /Test run with [0-9]+ tests?/ { for (i = 1; i <= NF; i++) if ($i == "with") testing = $(i + 1) }
    END { print xctest + testing }')

gated=()
direct=()
for ((i = 1; i <= runs; i++)); do
    gated+=("$(gate_run)")
    direct+=("$(timed hand_run)")
    printf 'run %d: cfa-gate items 24+25 %.2fs, swift build --build-tests && swift test %.2fs\n' "$i" "${gated[-1]}" "${direct[-1]}"
done
gate_median=$(printf '%s\n' "${gated[@]}" | median)
hand_median=$(printf '%s\n' "${direct[@]}" | median)
printf '\n%-44s %14s %18s %10s %10s\n' "route" "files" "tests run" "cold s" "warm s"
printf '%-44s %14s %18s %10.2f %10.2f\n' "cfa-gate run, items 24+25 (model build)" "$compiled (+$excluded out)" "$gate_tests" "$cold_gate" "$gate_median"
printf '%-44s %14s %18s %10.2f %10.2f\n' "hand-written Package.swift, same files" "$compiled" "$tests_run" "$cold_hand" "$hand_median"
awk -v g="$gate_median" -v h="$hand_median" -v n="$runs" 'BEGIN { printf "median of %d warm runs; ratio gate/hand: %.2f\n", n, g / h }'
