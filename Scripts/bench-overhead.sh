#!/usr/bin/env bash
# How much time does `cfa-gate run` add on top of the work it gates?
#
# Copies Examples/HabitTracker into a fresh git repository in a temp folder, warms every route once, then
# alternates RUNS timed runs of (a) `swift build && swift test` run directly, (b) `cfa-gate run` with a
# checklist of just the build, test and git-clean items — the gate's own overhead on the work it gates,
# target at most 1.10 — and (c) `cfa-gate run` with the full built-in checklist, which also runs the
# architecture analyser and the inventory diff: more work, reported for information.
#
# Usage: Scripts/bench-overhead.sh [RUNS]   (default 5; needs .build/release/cfa-gate: run Scripts/bootstrap.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
source Scripts/bench-common.sh

cp -R Examples/HabitTracker "$work/app"
rm -rf "$work/app/.build"
cd "$work/app"
commit_all "bench fixture"
printf '1. Builds. <!-- probe: build -->\n2. Tests pass. <!-- probe: test -->\n3. Clean. <!-- probe: git-clean -->\n' >"$work/probes-only.md"

echo "bench: warming up (first build of the example)…"
swift build >/dev/null 2>&1
swift test >/dev/null 2>&1
"$gate" run --out "$work/verdict.json" >/dev/null 2>&1 || true
"$gate" run --checklist "$work/probes-only.md" --out "$work/verdict.json" >/dev/null 2>&1 || true

direct_then_test() { swift build && swift test; }

direct=()
gated=()
full=()
for ((i = 1; i <= runs; i++)); do
    direct+=("$(timed direct_then_test)")
    gated+=("$(timed "$gate" run --checklist "$work/probes-only.md" --out "$work/verdict.json")")
    full+=("$(timed "$gate" run --out "$work/verdict.json")")
    printf 'run %d: direct %.2fs, cfa-gate (build, test, git-clean) %.2fs, cfa-gate (full checklist) %.2fs\n' \
        "$i" "${direct[-1]}" "${gated[-1]}" "${full[-1]}"
done

direct_median=$(printf '%s\n' "${direct[@]}" | median)
gated_median=$(printf '%s\n' "${gated[@]}" | median)
full_median=$(printf '%s\n' "${full[@]}" | median)
awk -v d="$direct_median" -v g="$gated_median" -v f="$full_median" -v n="$runs" 'BEGIN {
    printf "median of %d warm runs: swift build + swift test %.2fs, cfa-gate run %.2fs (full checklist %.2fs)\n", n, d, g, f
    printf "overhead ratio: %.3f (target <= 1.10) -> %s\n", g / d, (g / d <= 1.10 ? "met" : "NOT met")
    printf "full checklist (adds the analyser and the inventory diff): %.3f\n", f / d
}'
