#!/usr/bin/env bash
# How much time does `cfa-gate run` add on top of the work it gates?
#
# Copies Examples/HabitTracker into a fresh git repository in a temp folder, warms both routes once, then
# alternates RUNS timed runs of (a) `swift build && swift test` run directly and (b) `cfa-gate run` with
# the built-in checklist (build, test, git-clean, manual items), and prints the medians and their ratio.
# Target: the ratio is at most 1.10.
#
# Usage: Scripts/bench-overhead.sh [RUNS]   (default 5; needs .build/release/cfa-gate: run Scripts/bootstrap.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
gate="$PWD/.build/release/cfa-gate"
[ -x "$gate" ] || { echo "bench: build the release binary first: bash Scripts/bootstrap.sh" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -R Examples/HabitTracker "$work/app"
rm -rf "$work/app/.build"
cd "$work/app"
export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
git init -q -b main
git add -A
git -c user.name=bench -c user.email=bench@example.invalid commit -q -m "bench fixture"

now() { date +%s.%N; }
median() { sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "bench: warming up (first build of the example)…"
swift build >/dev/null 2>&1
swift test >/dev/null 2>&1
"$gate" run --out "$work/verdict.json" >/dev/null 2>&1 || true

direct=()
gated=()
for ((i = 1; i <= runs; i++)); do
    start=$(now); swift build >/dev/null 2>&1; swift test >/dev/null 2>&1; end=$(now)
    direct+=("$(awk -v a="$start" -v b="$end" 'BEGIN { print b - a }')")
    start=$(now); status=0; "$gate" run --out "$work/verdict.json" >/dev/null 2>&1 || status=$?; end=$(now)
    [ "$status" -eq 0 ] || echo "bench: run $i: cfa-gate exited $status (timings still recorded)" >&2
    gated+=("$(awk -v a="$start" -v b="$end" 'BEGIN { print b - a }')")
    printf 'run %d: direct %.2fs, cfa-gate %.2fs\n' "$i" "${direct[-1]}" "${gated[-1]}"
done

direct_median=$(printf '%s\n' "${direct[@]}" | median)
gated_median=$(printf '%s\n' "${gated[@]}" | median)
awk -v d="$direct_median" -v g="$gated_median" -v n="$runs" 'BEGIN {
    printf "median of %d warm runs: swift build + swift test %.2fs, cfa-gate run %.2fs\n", n, d, g
    printf "overhead ratio: %.3f (target <= 1.10) -> %s\n", g / d, (g / d <= 1.10 ? "met" : "NOT met")
}'
