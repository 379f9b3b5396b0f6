#!/usr/bin/env bash
# Cost of an inventory diff for a small change on a large app, against one full analysis.
#
# Commits a synthetic app (Scripts/generate-synthetic-app.sh), then a one-file change, and times
# `cfa-gate inventory --diff HEAD` (both revisions read from git objects; unchanged blobs parsed once)
# against `cfa-gate analyze` of the same tree, RUNS times each, alternating. Target: ratio <= 1.2.
#
# Usage: Scripts/bench-inventory.sh [SLICES] [RUNS]   (defaults: 200 slices = 2,000 files; 3 runs)
set -euo pipefail
cd "$(dirname "$0")/.."
slices=${1:-200}
runs=${2:-3}
gate="$PWD/.build/release/cfa-gate"
[ -x "$gate" ] || { echo "bench: build the release binary first: bash Scripts/bootstrap.sh" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bash Scripts/generate-synthetic-app.sh "$work/app" "$slices"
cd "$work/app"
export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
git init -q -b main
git add -A
git -c user.name=bench -c user.email=bench@example.invalid commit -q -m "synthetic app"
# The one-file change: a new method on one Feature.
feature="Sources/App/2 - AppModel/Features/Area7Feature.swift"
sed -i 's/^}$/    func benchmarkChange() -> Int { records.count }\n}/' "$feature"
git add -A
git -c user.name=bench -c user.email=bench@example.invalid commit -q -m "one-file change"

now() { date +%s.%N; }
median() { sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
analyses=()
diffs=()
for ((i = 1; i <= runs; i++)); do
    start=$(now); "$gate" analyze >/dev/null || true; end=$(now)
    analyses+=("$(awk -v a="$start" -v b="$end" 'BEGIN { print b - a }')")
    start=$(now); "$gate" inventory --diff HEAD >"$work/diff.txt" || true; end=$(now)
    diffs+=("$(awk -v a="$start" -v b="$end" 'BEGIN { print b - a }')")
    printf 'run %d: analyze %.2fs, inventory --diff %.2fs\n' "$i" "${analyses[-1]}" "${diffs[-1]}"
done
head -n 3 "$work/diff.txt"
analysis=$(printf '%s\n' "${analyses[@]}" | median)
diff=$(printf '%s\n' "${diffs[@]}" | median)
awk -v a="$analysis" -v d="$diff" -v n="$runs" 'BEGIN {
    printf "median of %d runs: one full analysis %.2fs, inventory diff of a one-file change %.2fs\n", n, a, d
    printf "ratio: %.3f (target <= 1.2) -> %s\n", d / a, (d / a <= 1.2 ? "met" : "NOT met")
}'
