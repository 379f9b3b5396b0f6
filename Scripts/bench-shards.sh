#!/usr/bin/env bash
# What do shards cost, and what does merging them cost?
#
# On a copy of Examples/HabitTracker in a fresh git repository: the test item run whole, then as shard 1/2 and
# shard 2/2 one after the other (this machine has 2 cores, so the shards' wall time is what two runners would
# each take, not what one runner saves), then `cfa-gate merge` of the two shard verdicts, RUNS times each,
# warm. Target: the merge <= 0.2 s.
#
# Usage: Scripts/bench-shards.sh [RUNS]   (default 5; needs .build/release/cfa-gate)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
source Scripts/bench-common.sh

cp -R Examples/HabitTracker "$work/app"
rm -rf "$work/app/.build"
printf '1. Builds. <!-- probe: build -->\n2. Tests pass. <!-- probe: test -->\n' >"$work/checklist.md"
"$gate" keygen --out "$work/ci.pem" >/dev/null
(cd "$work/app" && commit_all "app")
run() { (cd "$work/app" && "$gate" run --checklist "$work/checklist.md" --key "$work/ci.pem" --no-progress "$@"); }

# Warm: one build of everything, one run of each route.
run --out "$work/whole.json" >/dev/null 2>&1 || true
for index in 1 2; do run --shard "$index/2" --out "$work/shard-$index.json" >/dev/null 2>&1 || true; done

whole=() first=() second=() merge=()
for ((i = 1; i <= runs; i++)); do
    whole+=("$(timed run --out "$work/whole.json")")
    first+=("$(timed run --shard 1/2 --out "$work/shard-1.json")")
    second+=("$(timed run --shard 2/2 --out "$work/shard-2.json")")
    merge+=("$(timed "$gate" merge "$work/shard-1.json" "$work/shard-2.json" --out "$work/merged.json" --key "$work/ci.pem" --pubkey "$work/ci.pem.pub")")
done
"$gate" verify "$work/merged.json" --pubkey "$work/ci.pem.pub" --repo "$work/app" >/dev/null || { echo "bench: the merged verdict does not verify" >&2; exit 1; }

m() { printf '%s\n' "$@" | median; }
tests=$(jq '[.payload | @base64d | fromjson | .predicate.items[] | .evidence.testCases // [] | length] | add' "$work/merged.json" 2>/dev/null || echo "?")
printf 'HabitTracker, %s tests, median of %d warm runs:\n' "$tests" "$runs"
printf '  whole test item:        %.2f s\n' "$(m "${whole[@]}")"
printf '  shard 1/2:              %.2f s\n' "$(m "${first[@]}")"
printf '  shard 2/2:              %.2f s\n' "$(m "${second[@]}")"
printf '  merge of 2 shards:      %.3f s (target <= 0.2 s)\n' "$(m "${merge[@]}")"
