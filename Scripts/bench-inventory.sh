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
source Scripts/bench-common.sh

bash Scripts/generate-synthetic-app.sh "$work/app" "$slices"
cd "$work/app"
commit_all "synthetic app"
# The one-file change: a new method on one Feature.
feature="Sources/App/2 - AppModel/Features/Area7Feature.swift"
sed -i 's/^}$/    func benchmarkChange() -> Int { records.count }\n}/' "$feature"
commit_all "one-file change"

analyses=()
diffs=()
for ((i = 1; i <= runs; i++)); do
    analyses+=("$(timed "$gate" analyze)")
    diffs+=("$(timed "$gate" inventory --diff HEAD)")
    printf 'run %d: analyze %.2fs, inventory --diff %.2fs\n' "$i" "${analyses[-1]}" "${diffs[-1]}"
done
"$gate" inventory --diff HEAD | head -n 3 || true
analysis=$(printf '%s\n' "${analyses[@]}" | median)
diff=$(printf '%s\n' "${diffs[@]}" | median)
awk -v a="$analysis" -v d="$diff" -v n="$runs" 'BEGIN {
    printf "median of %d runs: one full analysis %.2fs, inventory diff of a one-file change %.2fs\n", n, a, d
    printf "ratio: %.3f (target <= 1.2) -> %s\n", d / a, (d / a <= 1.2 ? "met" : "NOT met")
}'
