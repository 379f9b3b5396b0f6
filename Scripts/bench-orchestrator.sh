#!/usr/bin/env bash
# What does orchestrating the tests cost over running them bare?
#
# For two packages — Examples/HabitTracker, and a generated package with TESTS tests (half XCTest, half Swift
# Testing, over four test targets) — each in a fresh git repository in a temp folder, warms both routes once,
# then alternates RUNS timed runs of (a) a bare `swift test --parallel` and (b) `cfa-gate run` with a checklist
# whose only item is the `test` probe (build the tests, list them, run the bundle under the watchdog, sign).
# Target: (b) / (a) <= 1.10, and (b) never more than 2 s slower than (a).
#
# Usage: Scripts/bench-orchestrator.sh [RUNS] [TESTS]   (defaults 5 and 400; needs .build/release/cfa-gate)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
tests=${2:-400}
source Scripts/bench-common.sh
printf '1. Tests pass. <!-- probe: test -->\n' >"$work/tests-only.md"

# A package with `count` trivial tests: per target, an XCTest class and a Swift Testing suite.
generate_package() {
    local dir=$1 count=$2 targets=4 t i
    local per=$((count / targets / 2))
    mkdir -p "$dir/Sources/Lib"
    printf 'public func twice(_ x: Int) -> Int { x * 2 }\n' >"$dir/Sources/Lib/Lib.swift"
    {
        printf '// swift-tools-version:6.0\nimport PackageDescription\nlet package = Package(name: "Many", targets: [\n'
        printf '    .target(name: "Lib"),\n'
        for ((t = 1; t <= targets; t++)); do printf '    .testTarget(name: "Many%dTests", dependencies: ["Lib"]),\n' "$t"; done
        printf '])\n'
    } >"$dir/Package.swift"
    for ((t = 1; t <= targets; t++)); do
        mkdir -p "$dir/Tests/Many${t}Tests"
        {
            printf 'import XCTest\nimport Lib\nfinal class Classic%d: XCTestCase {\n' "$t"
            for ((i = 1; i <= per; i++)); do printf '    func testTwice%d() { XCTAssertEqual(twice(%d), %d) }\n' "$i" "$i" $((i * 2)); done
            printf '}\n'
        } >"$dir/Tests/Many${t}Tests/Classic.swift"
        {
            printf 'import Testing\nimport Lib\n@Suite struct Modern%d {\n' "$t"
            for ((i = 1; i <= per; i++)); do printf '    @Test func twice%d() { #expect(twice(%d) == %d) }\n' "$i" "$i" $((i * 2)); done
            printf '}\n'
        } >"$dir/Tests/Many${t}Tests/Modern.swift"
    done
    printf '.build/\n' >"$dir/.gitignore"
}

bench() {
    local name=$1 dir=$2
    cd "$dir"
    commit_all "bench fixture"
    echo "bench [$name]: warming up (first build of the tests)…"
    swift build --build-tests >/dev/null 2>&1
    swift test --parallel >/dev/null 2>&1 || true
    "$gate" run --checklist "$work/tests-only.md" --out "$work/verdict.json" >/dev/null 2>&1 || true
    local bare=() gated=()
    for ((i = 1; i <= runs; i++)); do
        bare+=("$(timed swift test --parallel)")
        gated+=("$(timed "$gate" run --checklist "$work/tests-only.md" --out "$work/verdict.json")")
        printf 'bench [%s] run %d: swift test --parallel %.2fs, cfa-gate test item %.2fs\n' "$name" "$i" "${bare[-1]}" "${gated[-1]}"
    done
    local summary
    summary=$("$gate" show "$work/verdict.json" 2>/dev/null | grep -m1 -E 'passed|failed' || true)
    local b g
    b=$(printf '%s\n' "${bare[@]}" | median)
    g=$(printf '%s\n' "${gated[@]}" | median)
    awk -v name="$name" -v b="$b" -v g="$g" -v n="$runs" 'BEGIN {
        printf "bench [%s]: median of %d warm runs: swift test --parallel %.2fs, cfa-gate %.2fs\n", name, n, b, g
        ok = (g / b <= 1.10 && g - b <= 2.0)
        printf "bench [%s]: ratio %.3f, difference %+.2fs (target <= 1.10 and <= +2s) -> %s\n", name, g / b, g - b, (ok ? "met" : "NOT met")
    }'
    [ -z "$summary" ] || echo "bench [$name]: last verdict: $summary"
    cd - >/dev/null
}

cp -R Examples/HabitTracker "$work/app"
rm -rf "$work/app/.build"
generate_package "$work/many" "$tests"
bench "HabitTracker" "$work/app"
bench "$tests generated tests" "$work/many"
