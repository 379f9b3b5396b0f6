#!/usr/bin/env bash
# What does a test that writes a lot cost the gate? (issue 18)
#
# In a generated package whose tests write SIZE bytes to standard output (1 KiB lines) — an XCTest test and a Swift
# Testing test — measures, per framework and size:
#   - the test alone: the built test bundle run directly, its output to a file (the time the test itself takes);
#   - `cfa-gate run` with one `test` item selecting that test: the item's time (from the verdict), the whole run's
#     wall time, and the gate's peak memory (`/usr/bin/time -v`, maximum resident set size).
# Targets for 1 GiB: peak memory <= 256 MiB, and the item within 2x the test alone — or stopped at output-limit
# (default 1 GiB: a test writing exactly 1 GiB plus its framework's own lines passes it, and is failed for it).
# LIMIT sets the checklist's output-limit (e.g. LIMIT=2GiB to let the 1 GiB test finish).
#
# Usage: Scripts/bench-output.sh [SIZES_MIB...]   (default: 256 1024; CFA_GATE_BINARY=… measures another build,
#        FRAMEWORKS="xctest swift-testing" picks the frameworks)
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=("${@:-256 1024}")
read -r -a sizes <<<"${sizes[*]}"
frameworks=${FRAMEWORKS:-"xctest swift-testing"}
source Scripts/bench-common.sh

if [ ! -x /usr/bin/time ]; then
    echo "bench: installing GNU time for /usr/bin/time -v"
    sudo_cmd=()
    [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
    "${sudo_cmd[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq time >/dev/null
fi

package="$work/flood"
mkdir -p "$package/Sources/Lib" "$package/Tests/FloodTests"
printf 'public let unit = 1\n' >"$package/Sources/Lib/Lib.swift"
cat >"$package/Package.swift" <<'SWIFT'
// swift-tools-version:6.0
import PackageDescription
let package = Package(name: "Flood", targets: [.target(name: "Lib"), .testTarget(name: "FloodTests", dependencies: ["Lib"])])
SWIFT
# The size comes from a committed file, so the test reads it whatever environment the gate gives its tests.
cat >"$package/Tests/FloodTests/FloodTests.swift" <<'SWIFT'
import Foundation
import Testing
import XCTest

enum Flood {
    static func write() {
        let text = (try? String(contentsOfFile: "flood-bytes", encoding: .utf8)) ?? "0"
        guard let bytes = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)), bytes > 0 else { return }
        var block = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
        for index in stride(from: 1023, to: block.count, by: 1024) { block[index] = 10 }
        var left = bytes
        while left > 0 {
            let count = min(left, block.count)
            var offset = 0
            while offset < count {
                let written = block.withUnsafeBytes { Foundation.write(1, $0.baseAddress! + offset, count - offset) }
                guard written > 0 else { return }
                offset += written
            }
            left -= count
        }
    }
}

@Suite struct Flooding {
    @Test func floods() { Flood.write() }
}

final class FloodingXC: XCTestCase {
    func testFloods() { Flood.write() }
}
SWIFT
printf '.build/\n' >"$package/.gitignore"
printf '0\n' >"$package/flood-bytes"
cd "$package"
commit_all "bench fixture"
echo "bench: building the flood package's tests…"
swift build --build-tests >/dev/null 2>&1
bundle=$(find .build/debug/ -maxdepth 1 -name '*PackageTests.xctest' | head -n 1)

limit_option=""
[ -n "${LIMIT:-}" ] && limit_option="<!-- cfa-gate: output-limit=$LIMIT -->"

for size_mib in "${sizes[@]}"; do
    bytes=$((size_mib << 20))
    printf '%s\n' "$bytes" >flood-bytes
    commit_all "flood $size_mib MiB"
    for framework in $frameworks; do
        if [ "$framework" = xctest ]; then
            filter='FloodingXC/testFloods'
            alone=("$bundle" "FloodTests.FloodingXC/testFloods")
        else
            filter='Flooding/floods'
            alone=("$bundle" --testing-library swift-testing --filter 'Flooding/floods')
        fi
        # The test alone writes to a file on the same disk, as it does under the gate.
        start=$(now)
        "${alone[@]}" >"$work/alone.out" 2>&1 || true
        end=$(now)
        test_alone=$(awk -v a="$start" -v b="$end" 'BEGIN { print b - a }')
        rm -f "$work/alone.out"
        printf '%s\n\n1. Floods. <!-- probe: test --filter %s -->\n' "$limit_option" "$filter" >"$work/checklist.md"
        start=$(now)
        status=0
        /usr/bin/time -v -o "$work/time.txt" "$gate" run --checklist "$work/checklist.md" --out "$work/v.json" --no-progress \
            >"$work/run.out" 2>&1 || status=$?
        end=$(now)
        peak_kib=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$work/time.txt")
        # The statement's keys are sorted: an item's durationSeconds comes before its evidence (and its tests' times).
        item=$("$gate" show "$work/v.json" --format json 2>/dev/null | grep -o '"durationSeconds" *: *[0-9.]*' | head -n 1 | grep -o '[0-9.]*$' || echo 0)
        line=$(grep -E '^\[1\] ' "$work/run.out" | tail -n 1 | cut -c1-150)
        awk -v f="$framework" -v s="$size_mib" -v t="$test_alone" -v i="$item" -v a="$start" -v b="$end" -v p="$peak_kib" -v st="$status" 'BEGIN {
            printf "%-13s %5d MiB: test alone %6.1fs | gate item %6.1fs (%.2fx), run %6.1fs, exit %d, peak %7.1f MiB\n",
                f, s, t, i, (t > 0 ? i / t : 0), b - a, st, p / 1024
        }'
        echo "                     $line"
        if [ "$size_mib" -eq 1024 ]; then
            limit_hit=0
            "$gate" show "$work/v.json" 2>/dev/null | grep -q "wrote more than" && limit_hit=1
            awk -v t="$test_alone" -v i="$item" -v p="$peak_kib" -v line="$line" -v limit_hit="$limit_hit" 'BEGIN {
                limited = index(line, "wrote more than") > 0 || limit_hit
                printf "                     targets: peak <= 256 MiB -> %s; item <= 2x the test alone%s -> %s\n",
                    (p / 1024 <= 256 ? "met" : "NOT met"), (limited ? " (stopped at output-limit)" : ""), (i <= 2 * t || limited ? "met" : "NOT met")
            }'
        fi
    done
done
