#!/usr/bin/env bash
# What does orchestrating the tests cost over running them bare, and what does a process per test cost?
#
# For four packages — Examples/HabitTracker (Swift Testing), a package shaped like a real app's (324 XCTest and 122
# Swift Testing tests over four test targets: setUp state, Codable round trips, parameterised tests, a few slow tests
# in both frameworks), a generated XCTest-only package of TESTS tests and a generated package of TESTS tests, half of
# them Swift Testing (the worst case for a process per test: Swift Testing runs its tests in one process under
# `swift test --parallel`) — each in a fresh git repository in a temp folder, warms every route once, then
# alternates RUNS timed runs of:
#   (a) bare `swift test`                 one process for XCTest, one for Swift Testing
#   (b) bare `swift test --parallel`      SwiftPM's own: a process per XCTest test, Swift Testing in one process
#   (c) `cfa-gate run`, test-isolation=process (the default): every test in a process of its own
#   (d) `cfa-gate run`, test-isolation=batch: a process per core (XCTest by class), Swift Testing in one
# where (c) and (d) run a checklist whose only item is the `test` probe (build the tests, list them, run the
# bundle under the watchdog, sign), with the sandbox on unless SANDBOX says otherwise. Targets for (c): the
# real-shaped package <= 1.0x (b); XCTest-only < 1.0x (b); HabitTracker <= (a) + 1.5 s; the half-Swift-Testing
# package is reported without a target. Each is judged on the median of the rounds' own ratios (differences): a
# round runs the four back to back, and this machine's speed drifts by a fifth from one minute to the next, which a
# ratio of two medians taken minutes apart would measure instead. The load is printed before each package: other
# work skews it. The verdict says how the test processes started (forked from the bundle loaded once, or executed).
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
# The whole run a CI job makes: the build item, then the test item (default isolation), then the signed verdict.
printf '<!-- cfa-gate:%s -->\n\n1. Builds. <!-- probe: build -->\n2. Tests pass. <!-- probe: test -->\n' "${sandbox_option:- test-isolation=process}" >"$work/whole.md"

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

# classes (setUp state, Codable round trips, string work) and a Swift Testing suite with parameterised tests, and a
# few slow tests in both frameworks — 324 XCTest tests and 122 Swift Testing tests.
generate_realistic_package() {
    local dir=$1 t c i
    mkdir -p "$dir/Sources/Catalog"
    cat >"$dir/Sources/Catalog/Catalog.swift" <<'SWIFT'
import Foundation

public struct Item: Codable, Equatable, Sendable {
    public var id: Int
    public var title: String
    public var tags: [String]
    public var price: Decimal

    public init(id: Int, title: String, tags: [String], price: Decimal) {
        self.id = id
        self.title = title
        self.tags = tags
        self.price = price
    }
}

public enum Catalog {
    public static func slug(_ title: String) -> String {
        title.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).joined(separator: "-")
    }

    public static func total(_ items: [Item]) -> Decimal { items.reduce(0) { $0 + $1.price } }

    public static func tagged(_ items: [Item], _ tag: String) -> [Item] { items.filter { $0.tags.contains(tag) } }

    public static func sample(_ count: Int) -> [Item] {
        (0..<count).map { Item(id: $0, title: "Item \($0) of \(count)", tags: $0 % 2 == 0 ? ["even"] : ["odd"], price: Decimal($0)) }
    }
}
SWIFT
    {
        printf '// swift-tools-version:6.0\nimport PackageDescription\nlet package = Package(name: "Shop", targets: [\n'
        printf '    .target(name: "Catalog"),\n'
        for t in Pricing Search Storage Display; do printf '    .testTarget(name: "%sTests", dependencies: ["Catalog"]),\n' "$t"; done
        printf '])\n'
    } >"$dir/Package.swift"
    local n=0
    for t in Pricing Search Storage Display; do
        n=$((n + 1))
        mkdir -p "$dir/Tests/${t}Tests"
        for c in 1 2; do
            {
                printf 'import Foundation\nimport XCTest\n@testable import Catalog\n\nfinal class %s%dTests: XCTestCase {\n' "$t" "$c"
                printf '    var items: [Item] = []\n\n    override func setUp() {\n        super.setUp()\n        items = Catalog.sample(50)\n    }\n\n'
                for ((i = 1; i <= 40; i++)); do
                    case $((i % 4)) in
                    0) printf '    func testSlug%d() {\n        XCTAssertEqual(Catalog.slug("Item %d, Deluxe!"), "item-%d-deluxe")\n    }\n\n' "$i" "$i" "$i" ;;
                    1) printf '    func testRoundTrip%d() throws {\n        let data = try JSONEncoder().encode(items)\n        XCTAssertEqual(try JSONDecoder().decode([Item].self, from: data), items)\n    }\n\n' "$i" ;;
                    2) printf '    func testTotal%d() {\n        XCTAssertEqual(Catalog.total(Array(items.prefix(%d))), Decimal(%d * %d / 2))\n    }\n\n' "$i" "$i" "$i" $((i - 1)) ;;
                    3) printf '    func testTagged%d() {\n        XCTAssertEqual(Catalog.tagged(items, "even").count, 25)\n    }\n\n' "$i" ;;
                    esac
                done
                # One slow test in each target's first class: a real suite has a few.
                [ "$c" = 1 ] && printf '    func testSlowImport() {\n        Thread.sleep(forTimeInterval: 0.3)\n        XCTAssertEqual(items.count, 50)\n    }\n\n'
                printf '}\n'
            } >"$dir/Tests/${t}Tests/${t}${c}Tests.swift"
        done
        {
            printf 'import Foundation\nimport Testing\n@testable import Catalog\n\n@Suite struct %sSuite {\n    let items = Catalog.sample(40)\n\n' "$t"
            for ((i = 1; i <= 25; i++)); do
                printf '    @Test func slug%d() {\n        #expect(Catalog.slug("Title %d: Part") == "title-%d-part")\n    }\n\n' "$i" "$i" "$i"
            done
            for ((i = 1; i <= 5; i++)); do
                printf '    @Test(arguments: [1, 5, 10, 20, 40])\n    func prefixTotal%d(count: Int) {\n        #expect(Catalog.total(Array(items.prefix(count))) == Decimal(count * (count - 1) / 2))\n    }\n\n' "$i"
            done
            [ $((n % 2)) = 0 ] && printf '    @Test func slowSync() async throws {\n        try await Task.sleep(for: .milliseconds(300))\n        #expect(items.count == 40)\n    }\n\n'
            printf '}\n'
        } >"$dir/Tests/${t}Tests/${t}Suite.swift"
    done
    printf '.build/\n' >"$dir/.gitignore"
}

# bench NAME DIR TARGET LIMIT: TARGET is `parallel` (process isolation at most LIMIT times bare --parallel), `below`
# (strictly below LIMIT times), `serial` (process isolation at most LIMIT seconds over bare `swift test`) or `none`.
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
    "$gate" run --checklist "$work/whole.md" --out "$work/whole.json" >/dev/null 2>&1 || true
    local serial=() parallel=() process=() batch=() paired=() paired_serial=() over=() whole=() paired_whole=()
    for ((i = 1; i <= runs; i++)); do
        serial+=("$(timed swift test)")
        parallel+=("$(timed swift test --parallel)")
        process+=("$(timed "$gate" run --checklist "$work/process.md" --out "$work/process.json")")
        batch+=("$(timed "$gate" run --checklist "$work/batch.md" --out "$work/batch.json")")
        whole+=("$(timed "$gate" run --checklist "$work/whole.md" --out "$work/whole.json")")
        # Each round's own ratios and difference: the machine's speed drifts between rounds, not within one.
        paired+=("$(awk -v c="${process[-1]}" -v p="${parallel[-1]}" 'BEGIN { print c / p }')")
        paired_serial+=("$(awk -v c="${process[-1]}" -v s="${serial[-1]}" 'BEGIN { print c / s }')")
        over+=("$(awk -v c="${process[-1]}" -v s="${serial[-1]}" 'BEGIN { print c - s }')")
        # The whole run (build, test, sign) against the faster peer of the same round.
        paired_whole+=("$(awk -v w="${whole[-1]}" -v s="${serial[-1]}" -v p="${parallel[-1]}" 'BEGIN { print w / (s < p ? s : p) }')")
        printf 'bench [%s] run %d: swift test %.2fs, swift test --parallel %.2fs, cfa-gate process %.2fs, cfa-gate batch %.2fs, whole run %.2fs\n' \
            "$name" "$i" "${serial[-1]}" "${parallel[-1]}" "${process[-1]}" "${batch[-1]}" "${whole[-1]}"
    done
    local s p c b r rs d w rw
    s=$(printf '%s\n' "${serial[@]}" | median)
    w=$(printf '%s\n' "${whole[@]}" | median)
    rw=$(printf '%s\n' "${paired_whole[@]}" | median)
    p=$(printf '%s\n' "${parallel[@]}" | median)
    c=$(printf '%s\n' "${process[@]}" | median)
    b=$(printf '%s\n' "${batch[@]}" | median)
    r=$(printf '%s\n' "${paired[@]}" | median)
    rs=$(printf '%s\n' "${paired_serial[@]}" | median)
    d=$(printf '%s\n' "${over[@]}" | median)
    awk -v name="$name" -v s="$s" -v p="$p" -v c="$c" -v b="$b" -v r="$r" -v rs="$rs" -v d="$d" -v w="$w" -v rw="$rw" -v n="$runs" -v target="$target" -v limit="$limit" 'BEGIN {
        printf "bench [%s]: median of %d warm runs: swift test %.2fs, swift test --parallel %.2fs, cfa-gate process %.2fs, cfa-gate batch %.2fs (%.2fx --parallel)\n", name, n, s, p, c, b, b / p
        printf "bench [%s]: process isolation %.2fx bare swift test --parallel and %.2fx bare swift test (%+.2fs), medians of the per-round ratios (differences)\n", name, r, rs, d
        printf "bench [%s]: whole run (build + test + sign) %.2fs: %.2fx the faster of swift test and swift test --parallel -> target <= 1.0x %s\n", name, w, rw, (rw <= 1.0 ? "met" : "NOT met")
        if (target == "parallel") { ok = (r <= limit); printf "bench [%s]: target <= %.1fx swift test --parallel -> %s\n", name, limit, (ok ? "met" : "NOT met") }
        else if (target == "below") { ok = (r < limit); printf "bench [%s]: target below %.1fx swift test --parallel -> %s\n", name, limit, (ok ? "met" : "NOT met") }
        else if (target == "serial") { ok = (d <= limit); printf "bench [%s]: target <= +%.1fs over swift test -> %s\n", name, limit, (ok ? "met" : "NOT met") }
    }'
    local shown
    shown=$("$gate" show "$work/process.json" 2>/dev/null || true)
    printf '%s\n' "$shown" | grep -m1 -E '^ +tests: ' | sed "s/^ */bench [$name]: last process-isolation verdict: /" || true
    printf '%s\n' "$shown" | grep -m1 -E '^ +processes: ' | sed "s/^ */bench [$name]: /" || true
    local mode verdict
    for mode in process batch whole; do
        verdict=$("$gate" show "$work/$mode.json" 2>/dev/null | grep -m1 -E '^Verdict:' | awk '{ print $2 }' || true)
        [ "$verdict" = PASSED ] || echo "bench [$name]: the $mode verdict is ${verdict:-missing}, not PASSED: its time measures a failure, not the tests"
    done
    echo "bench [$name]: load after: $(cut -d' ' -f1-3 /proc/loadavg)"
    cd - >/dev/null
}

cp -R Examples/HabitTracker "$work/app"
rm -rf "$work/app/.build"
generate_realistic_package "$work/shop"
generate_package "$work/classic" "$tests" xctest
generate_package "$work/many" "$tests" mixed
bench "HabitTracker" "$work/app" serial 1.5
bench "real-shaped package, 324 XCTest + 122 Swift Testing tests" "$work/shop" parallel 1.0
bench "$tests generated tests, XCTest only" "$work/classic" below 1.0
bench "$tests generated tests, half Swift Testing" "$work/many" none 0
