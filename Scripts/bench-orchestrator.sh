#!/usr/bin/env bash
# What does orchestrating the tests cost over running them bare, and what does a process per test cost?
#
# For three packages — Examples/HabitTracker (Swift Testing), a generated package with TESTS tests (half XCTest,
# half Swift Testing, over four test targets) and a generated XCTest-only package with TESTS tests — each in a
# fresh git repository in a temp folder, warms every route once, then alternates RUNS timed runs of:
#   (a) bare `swift test`                 one process for XCTest, one for Swift Testing
#   (b) bare `swift test --parallel`      SwiftPM's own: a process per XCTest test, Swift Testing in one process
#   (c) `cfa-gate run`, test-isolation=process (the default): every test in a process of its own
#   (d) `cfa-gate run`, test-isolation=batch: a process per core (XCTest by class), Swift Testing in one
# where (c) and (d) run a checklist whose only item is the `test` probe (build the tests, list them, run the
# bundle under the watchdog, sign). Targets: XCTest-only (c) <= 1.0x (b); mixed (c) <= 2.5x (b);
# HabitTracker (c) <= (a) + 1.5 s, each judged on the median of the rounds' own ratios (differences): a round runs the
# four back to back, and this machine's speed drifts by a fifth from one minute to the next, which a ratio of two
# medians taken minutes apart would measure instead. The load is printed before each package: other work skews it.
#
# Usage: [SANDBOX=off] Scripts/bench-orchestrator.sh [RUNS] [TESTS]   (defaults 9 and 400; needs .build/release/cfa-gate)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-9}
tests=${2:-400}
source Scripts/bench-common.sh
# SANDBOX=off (or required) sets the checklist's sandbox option, to show what the namespace adds to each test process.
sandbox_option=${SANDBOX:+ sandbox=$SANDBOX}
printf '<!-- cfa-gate:%s -->\n\n1. Tests pass. <!-- probe: test -->\n' "${sandbox_option:- test-isolation=process}" >"$work/process.md"
printf '<!-- cfa-gate: test-isolation=batch%s -->\n\n1. Tests pass. <!-- probe: test -->\n' "$sandbox_option" >"$work/batch.md"

# A package with `count` trivial tests over four targets: per target an XCTest class and, unless `kinds` is
# `xctest`, a Swift Testing suite holding half of them.
generate_package() {
    local dir=$1 count=$2 kinds=${3:-mixed} targets=4 t i
    local per=$((count / targets / 2))
    [ "$kinds" = mixed ] || per=$((count / targets))
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
        [ "$kinds" = mixed ] || continue
        {
            printf 'import Testing\nimport Lib\n@Suite struct Modern%d {\n' "$t"
            for ((i = 1; i <= per; i++)); do printf '    @Test func twice%d() { #expect(twice(%d) == %d) }\n' "$i" "$i" $((i * 2)); done
            printf '}\n'
        } >"$dir/Tests/Many${t}Tests/Modern.swift"
    done
    printf '.build/\n' >"$dir/.gitignore"
}

# bench NAME DIR TARGET: TARGET is `parallel RATIO` (process isolation over bare --parallel) or `serial SECONDS`
# (process isolation minus bare `swift test`).
bench() {
    local name=$1 dir=$2 target=$3 limit=$4
    cd "$dir"
    commit_all "bench fixture"
    echo "bench [$name]: warming up (first build of the tests)… load: $(cut -d' ' -f1-3 /proc/loadavg)"
    swift build --build-tests >/dev/null 2>&1
    swift test >/dev/null 2>&1 || true
    swift test --parallel >/dev/null 2>&1 || true
    "$gate" run --checklist "$work/process.md" --out "$work/process.json" >/dev/null 2>&1 || true
    "$gate" run --checklist "$work/batch.md" --out "$work/batch.json" >/dev/null 2>&1 || true
    local serial=() parallel=() process=() batch=() paired=() over=()
    for ((i = 1; i <= runs; i++)); do
        serial+=("$(timed swift test)")
        parallel+=("$(timed swift test --parallel)")
        process+=("$(timed "$gate" run --checklist "$work/process.md" --out "$work/process.json")")
        batch+=("$(timed "$gate" run --checklist "$work/batch.md" --out "$work/batch.json")")
        # Each round's own ratio and difference: the machine's speed drifts between rounds, not within one.
        paired+=("$(awk -v c="${process[-1]}" -v p="${parallel[-1]}" 'BEGIN { print c / p }')")
        over+=("$(awk -v c="${process[-1]}" -v s="${serial[-1]}" 'BEGIN { print c - s }')")
        printf 'bench [%s] run %d: swift test %.2fs, swift test --parallel %.2fs, cfa-gate process %.2fs, cfa-gate batch %.2fs\n' \
            "$name" "$i" "${serial[-1]}" "${parallel[-1]}" "${process[-1]}" "${batch[-1]}"
    done
    local s p c b r d
    s=$(printf '%s\n' "${serial[@]}" | median)
    p=$(printf '%s\n' "${parallel[@]}" | median)
    c=$(printf '%s\n' "${process[@]}" | median)
    b=$(printf '%s\n' "${batch[@]}" | median)
    r=$(printf '%s\n' "${paired[@]}" | median)
    d=$(printf '%s\n' "${over[@]}" | median)
    awk -v name="$name" -v s="$s" -v p="$p" -v c="$c" -v b="$b" -v r="$r" -v d="$d" -v n="$runs" -v target="$target" -v limit="$limit" 'BEGIN {
        printf "bench [%s]: median of %d warm runs: swift test %.2fs, swift test --parallel %.2fs, cfa-gate process %.2fs (%.2fx --parallel), cfa-gate batch %.2fs (%.2fx)\n", name, n, s, p, c, c / p, b, b / p
        if (target == "parallel") { ok = (r <= limit); printf "bench [%s]: process isolation %.2fx bare swift test --parallel, median of the per-round ratios (target <= %.1fx) -> %s\n", name, r, limit, (ok ? "met" : "NOT met") }
        else { ok = (d <= limit); printf "bench [%s]: process isolation %+.2fs over bare swift test, median of the per-round differences (target <= +%.1fs) -> %s\n", name, d, limit, (ok ? "met" : "NOT met") }
    }'
    local summary
    summary=$("$gate" show "$work/process.json" 2>/dev/null | grep -m1 -E '^ +tests: ' | sed 's/^ *//' || true)
    [ -z "$summary" ] || echo "bench [$name]: last process-isolation verdict: $summary"
    local mode verdict
    for mode in process batch; do
        verdict=$("$gate" show "$work/$mode.json" 2>/dev/null | grep -m1 -E '^Verdict:' | awk '{ print $2 }' || true)
        [ "$verdict" = PASSED ] || echo "bench [$name]: the $mode verdict is ${verdict:-missing}, not PASSED: its time measures a failure, not the tests"
    done
    echo "bench [$name]: load after: $(cut -d' ' -f1-3 /proc/loadavg)"
    cd - >/dev/null
}

cp -R Examples/HabitTracker "$work/app"
rm -rf "$work/app/.build"
generate_package "$work/many" "$tests" mixed
generate_package "$work/classic" "$tests" xctest
bench "HabitTracker" "$work/app" serial 1.5
bench "$tests generated tests, XCTest only" "$work/classic" parallel 1.0
bench "$tests generated tests, mixed" "$work/many" parallel 2.5
